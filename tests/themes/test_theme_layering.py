"""The manifest, loader and layout modules never import pygame; only render/preview do."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import game.themes

THEMES = Path(game.themes.__file__).parent
DRAWING_MODULES = {"render.py", "preview.py", "drawable.py"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_drawing_modules_mention_pygame() -> None:
    modules = sorted(THEMES.glob("*.py"))
    assert {p.name for p in modules} >= {"manifest.py", "loader.py", "layout.py", "render.py"}
    offenders = [
        p.name for p in modules if p.name not in DRAWING_MODULES and "pygame" in _imports(p)
    ]
    assert offenders == []
    paths_module = THEMES.parent / "files" / "paths.py"
    assert "pygame" not in _imports(paths_module)


def test_packs_load_fully_with_pygame_unimportable() -> None:
    # pygame is blocked outright; pytmx copes without it, and so must we.
    script = (
        "import sys; sys.modules['pygame'] = None\n"
        "from game.files import paths\n"
        "from game.themes import discover\n"
        "catalog = discover([(paths.themes_root(), True)])\n"
        "assert len(catalog.available()) == 3, [p.reason for p in catalog.unavailable()]\n"
        "assert all(p.layout.seats[10] for p in catalog.available())\n"
        "print('ok')\n"
    )
    root = THEMES.parent.parent
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
