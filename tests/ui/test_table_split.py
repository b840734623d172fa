"""The table scene split by job (#29): a seat state, a picture, controls and a
renderer that reads a frame model, each small; no module function takes the scene."""

from __future__ import annotations

import ast
from pathlib import Path

from game.app import App
from tests.ui.conftest import settle_on_my_turn, table_for

MOST_ATTRIBUTES = 12
UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def test_the_seat_state_the_picture_and_the_scene_keep_few_attributes(app: App) -> None:
    table = table_for(app, seed=4, players=10, speed="1x")
    assert settle_on_my_turn(app, table)
    table.press("uno")  # an intent in progress, a note up: the fields are all in use
    for part in (table.seat, table.picture, table, table.controls, table.renderer):
        assert len(vars(part)) <= MOST_ATTRIBUTES, (type(part).__name__, sorted(vars(part)))


def test_no_module_function_takes_the_table_scene() -> None:
    takers = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            for arg in node.args.args:
                if arg.annotation is not None and "TableScene" in ast.unparse(arg.annotation):
                    takers.append(f"{path.name}:{node.name}")
    assert takers == []
