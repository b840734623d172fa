"""Layers: the engine, the bots and the table never import pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
HEADLESS = ("table", "engine", "ai")


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", HEADLESS)
def test_no_headless_module_mentions_pygame(package: str) -> None:
    modules = sorted((GAME / package).rglob("*.py"))
    assert modules
    offenders = [p.name for p in modules if any(n.split(".")[0] == "pygame" for n in _imported(p))]
    assert offenders == []


def test_importing_the_headless_packages_loads_no_pygame() -> None:
    """Nor through anything they import (game.table reads saves, stats and replays)."""
    code = (
        "import sys, game.table, game.table.record, game.table.saved_game, game.ai; "
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


ENGINE_STATE = {"Round", "Match", "MatchContext", "round_from_view"}
ROUND_READS = {"round", "match", "legal_actions", "round_logs"}


def _reads_of_rounds(path: Path) -> list[str]:
    """Where a module imports the engine's match or round, or reaches into one."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.engine"):
            if node.module in ("game.engine.round", "game.engine.match"):
                found.append(f"{path.name}:{node.lineno} imports {node.module}")
            found += [
                f"{path.name}:{node.lineno} imports {a.name}"
                for a in node.names
                if a.name in ENGINE_STATE
            ]
        elif isinstance(node, ast.Attribute) and node.attr in ROUND_READS:
            found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    return found


def test_the_ui_reads_rounds_only_through_the_tables_updates() -> None:
    modules = sorted((GAME / "ui").rglob("*.py"))
    assert any(p.name == "table.py" for p in modules)
    assert [found for p in modules for found in _reads_of_rounds(p)] == []


def test_the_check_finds_a_scene_reaching_into_the_round(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text(
        "from game.engine import Round\n"
        "def phase(scene):\n"
        "    return scene.table.match.round.phase\n",
        encoding="utf-8",
    )
    assert len(_reads_of_rounds(sneaky)) == 3
