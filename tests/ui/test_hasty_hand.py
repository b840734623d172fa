"""No trap for a hasty hand: Esc on the menu asks before quitting; a mashed Enter
at a match's end leaves the results up and never starts a new match; the first
start's offer has "Learn to play" chosen; leaving an online match asks."""

from __future__ import annotations

import pygame

from game.app import App
from game.table import default_setup
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online_pause import OnlinePauseScene
from game.ui.scenes.scoreboard import READ_FIRST, ScoreboardScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, run_until


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(FRAME)


def test_esc_on_the_menu_asks_before_quitting(app: App) -> None:
    app.start(MenuScene(app))
    app.step(FRAME)
    _key(app, pygame.K_ESCAPE)
    asked = app.stack.top
    assert app.running and isinstance(asked, ConfirmScene)
    assert asked.question == "Quit UNO Table?"
    _key(app, pygame.K_ESCAPE)  # Esc again: no, stay
    assert app.running and isinstance(app.stack.top, MenuScene)
    _key(app, pygame.K_ESCAPE)
    _key(app, pygame.K_RETURN)  # Enter takes the careful answer: stay
    assert app.running and isinstance(app.stack.top, MenuScene)
    _key(app, pygame.K_ESCAPE)
    app.stack.top.answer("yes")  # type: ignore[attr-defined]
    assert not app.running


def _match_end(app: App) -> ScoreboardScene:
    """A one-point match of computers played out at once, its end on screen."""
    setup = default_setup("classic", "classic", 2, True, 5, 1, "instant")
    app.start(TableScene(app, setup, threaded=False))
    assert run_until(app, lambda: not isinstance(app.stack.top, TableScene), 20_000)
    if not isinstance(app.stack.top, ScoreboardScene):  # the tally first: a key ends it
        _key(app, pygame.K_RETURN)
    board = app.stack.top
    assert isinstance(board, ScoreboardScene) and board.match_over
    return board


def test_a_mashed_enter_at_a_matchs_end_leaves_the_results_up(app: App) -> None:
    board = _match_end(app)
    for _ in range(5):
        _key(app, pygame.K_RETURN)
    assert app.stack.top is board  # the results stay
    for _ in range(round(READ_FIRST / FRAME)):
        app.step(FRAME)
    _key(app, pygame.K_RETURN)  # read: Enter goes to the menu, not to a new match
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_a_new_match_is_a_deliberate_choice(app: App) -> None:
    board = _match_end(app)
    for _ in range(round(READ_FIRST / FRAME)):
        app.step(FRAME)
    _key(app, pygame.K_RIGHT)  # the arrows choose New game
    assert board.focus == 1
    _key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene)
    board = _match_end(app)
    _key(app, pygame.K_n)  # or its own key
    assert isinstance(app.stack.top, SetupScene)


def test_the_first_starts_offer_has_learn_to_play_chosen(app: App) -> None:
    from game.ui.launch import opening_scene

    app.data.owner = True
    app.settings.lesson_offered = False
    app.start(opening_scene(app, app.options))
    app.step(FRAME)
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene)
    assert offer.menu.buttons[offer.menu.focus].label == "Learn to play"
    _key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LearnScene)


def test_leaving_an_online_match_from_the_pause_menu_asks(app: App) -> None:
    app.start(MenuScene(app))
    pause = OnlinePauseScene(app, "classic")
    app.stack.push(pause)
    pause.choose("menu")  # the first says what leaving does, and stays
    app.step(FRAME)
    assert app.stack.top is pause and pause.warned
    pause.choose("menu")  # the second leaves
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1
