"""The menu checks the saved match before it uses it: "New game" over a match in
progress asks first, and a save whose history names a seat that does not exist is
set aside with a message instead of crashing Continue."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.table import saved_game
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from tests.table.test_saved_match_check import saved_data
from tests.ui.conftest import FRAME


def _menu_over_a_save(app: App, data: dict) -> MenuScene:
    assert saved_game.write(app.data, data)
    menu = MenuScene(app)
    app.start(menu)
    app.step(FRAME)
    return menu


def test_new_game_over_a_match_asks_and_keeping_it_keeps_it(app: App) -> None:
    menu = _menu_over_a_save(app, saved_data())
    menu.choose("new")
    app.step(FRAME)  # the check runs in the background (a child process) meanwhile
    menu.wait_for_check()
    assert isinstance(app.stack.top, ConfirmScene)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question == "Abandon your match against Bea and Carlos?"
    app.step(FRAME)  # drawn over the menu
    ask.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))  # Esc: keep it
    assert app.stack.top is menu and saved_game.exists(app.data)
    menu.choose("new")
    app.step(FRAME)  # the check runs in the background (a child process) meanwhile
    menu.wait_for_check()
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.answer("yes")  # type: ignore[attr-defined]
    assert isinstance(app.stack.top, SetupScene)


def test_new_game_without_a_match_goes_straight_to_the_set_up(app: App) -> None:
    menu = MenuScene(app)
    app.start(menu)
    menu.choose("new")
    assert isinstance(app.stack.top, SetupScene)


def test_continue_with_a_history_naming_seat_99_says_so_and_plays_nothing(
    app: App, user_folders: dict[str, Path]
) -> None:
    data = saved_data()
    data["match"]["round"]["history"].append(["Passed", 99])
    menu = _menu_over_a_save(app, data)
    menu.choose("continue")
    app.step(FRAME)
    menu.wait_for_check()
    assert app.stack.top is menu and not isinstance(app.stack.top, TableScene)
    assert any("match.round.history" in m for m in menu.messages)
    assert not menu.menu.buttons[1].enabled
    kept = list(user_folders["data"].glob("match.json.bad-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["data"] == data
