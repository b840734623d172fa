"""The scripts in build/ as modules, for tests: build/ is a folder of scripts run
by path (`python build/release.py`), not a package, so a test loads them by path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BUILD = Path(__file__).resolve().parents[1] / "build"


def load(name: str) -> ModuleType:
    """build/<name>.py, executed once per call under the name `build_<name>`."""
    spec = importlib.util.spec_from_file_location(f"build_{name}", BUILD / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
