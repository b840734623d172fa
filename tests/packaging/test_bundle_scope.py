"""The standalone app carries the game's dependencies and nothing else installed
beside them, and zeroconf's compiled modules are swapped for their source."""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from tests.build_scripts import load

scope = load("bundle_scope")


def test_test_tools_installed_here_are_left_out_and_the_games_libraries_kept() -> None:
    foreign = set(scope.foreign_modules())
    assert {"pytest", "_pytest", "hypothesis", "babel"} <= foreign  # [test] extra only
    kept = {"pygame", "pytmx", "platformdirs", "websockets", "zeroconf", "ifaddr", "defusedxml"}
    kept.add("redis")  # the shards' shared store (uno-table serve --redis)
    assert not foreign & kept
    assert not foreign & set(sys.stdlib_module_names)
    assert "game" not in foreign


def test_requirements_are_followed_through_installed_metadata() -> None:
    assert "ifaddr" in scope.dependency_closure(["zeroconf>=0.130"])  # zeroconf's own need
    assert scope.dependency_closure(["pytest>=8"]) >= {"pytest", "pluggy", "iniconfig"}


def test_an_extras_requirement_is_not_followed() -> None:
    assert scope.requirement_name('pytest ; extra == "test"') is None
    assert scope.requirement_name("Pygame_CE>=2.5 ; python_version >= '3.11'") == "pygame-ce"


def test_compiled_modules_with_source_beside_them_travel_as_source(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    pkg = tmp_path / "zeroconf"
    (pkg / "_services").mkdir(parents=True)
    for name in ("_cache", "_services/__init__", "_services/browser", "_only_binary"):
        (pkg / f"{name}{suffix}").write_bytes(b"\x7fELF")
    (pkg / "_cache.py").write_text("", encoding="utf-8")
    (pkg / "_services" / "browser.py").write_text("", encoding="utf-8")
    (pkg / "_services" / "__init__.py").write_text("", encoding="utf-8")
    other = tmp_path / "pygame" / f"base{suffix}"
    other.parent.mkdir()
    other.write_bytes(b"\x7fELF")
    (tmp_path / "pygame" / "base.py").write_text("", encoding="utf-8")

    def entry(path: Path) -> tuple[str, str, str]:
        return (path.relative_to(tmp_path).as_posix(), str(path), "EXTENSION")

    binaries = [entry(p) for p in sorted(tmp_path.rglob(f"*{suffix}"))]
    kept, pure = scope.compiled_as_source(binaries, [("game", "game.py", "PYMODULE")], "zeroconf")

    assert sorted(dest for dest, _, _ in kept) == sorted(
        [f"pygame/base{suffix}", f"zeroconf/_only_binary{suffix}"]
    )
    assert pure[0] == ("game", "game.py", "PYMODULE")
    assert sorted(pure[1:]) == [
        ("zeroconf._cache", str(pkg / "_cache.py"), "PYMODULE"),
        ("zeroconf._services", str(pkg / "_services" / "__init__.py"), "PYMODULE"),
        ("zeroconf._services.browser", str(pkg / "_services" / "browser.py"), "PYMODULE"),
    ]
