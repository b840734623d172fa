"""The window: a resize re-fits the table, F11 toggles full screen, the menu opens the set-up."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from tests.ui.conftest import FRAME, settle_on_my_turn, table_for


def _resize(app, size: tuple[int, int]) -> None:  # noqa: ANN001
    """As a window manager does: the window changes size, then SDL says so."""
    app.window.size = size
    app.step(FRAME)


def test_a_resize_scales_the_table_from_the_layout(app) -> None:  # noqa: ANN001
    table = table_for(app, seed=3)
    assert settle_on_my_turn(app, table)
    big_card = table.picture.fan.card_size
    _resize(app, (800, 600))
    assert app.size == (800, 600)
    assert table.picture.fan.card_size[1] < big_card[1]
    assert table.geometry.place("hand").bottom <= 600
    for _ in range(30):
        app.step(FRAME)
    assert all(
        table.picture.fan.rect_of(i).right <= 800 for i in range(len(table.picture.fan.cards))
    )


def test_f11_toggles_full_screen_and_back(app) -> None:  # noqa: ANN001
    app.start(MenuScene(app))
    before = app.size
    app.toggle_fullscreen()
    app.step(FRAME)
    app.toggle_fullscreen()
    app.step(FRAME)
    assert app.size == before


def test_enter_on_new_game_opens_the_set_up_and_start_deals(app) -> None:  # noqa: ANN001
    app.start(MenuScene(app))
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    )
    app.step(FRAME)
    setup_scene = app.stack.top
    assert isinstance(setup_scene, SetupScene)
    setup_scene.setup = replace(setup_scene.setup, speed="instant")
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    )
    app.step(FRAME)
    from game.ui.scenes.table import TableScene

    assert isinstance(app.stack.top, TableScene)


def test_the_set_up_changes_by_keyboard_and_by_click(app) -> None:  # noqa: ANN001
    scene = SetupScene(app)
    app.start(scene)
    app.step(FRAME)
    # Start has the focus at first; Tab to the match's group, Down to "Players", move it on.
    for key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_SPACE):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        )
    app.step(FRAME)
    assert scene.setup.players == 5
    jump = next(b for b in scene.buttons if b.key == "opt:jump_in")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=jump.rect.center, button=1))
    app.step(FRAME)
    assert scene.setup.rules.jump_in
    name = next(b for b in scene.buttons if b.key == "name:1")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=name.rect.center, button=1))
    for char in "Zo":
        pygame.event.post(
            pygame.event.Event(
                pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char, scancode=0
            )
        )
    app.step(FRAME)
    assert scene.setup.seats[1].name == "BeaZo"


def test_f11_and_resizes_twenty_times_never_make_a_new_window(
    app, monkeypatch: pytest.MonkeyPatch
) -> None:  # noqa: ANN001
    """Full screen goes through the same window (pygame-ce's Window API): a second
    set_mode for F11 segfaulted on a real screen, so any call to it fails here."""

    def no_set_mode(*args: object, **kwargs: object) -> None:
        raise AssertionError("set_mode after start-up")

    monkeypatch.setattr(pygame.display, "set_mode", no_set_mode)
    app.start(MenuScene(app))
    app.step(FRAME)
    for i in range(20):
        windowed = (800 + 10 * i, 600 - 5 * i)
        _resize(app, windowed)
        assert app.size == windowed == app.settings.window
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.step(FRAME)
        assert app.fullscreen and app.settings.fullscreen
        assert app.size == pygame.display.get_surface().get_size() != windowed
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.step(FRAME)
        assert not app.fullscreen and app.size == windowed


def test_a_resize_event_from_before_f11_does_not_resize_the_window(app) -> None:  # noqa: ANN001
    """The size is the window's own, not an out-of-date event's."""
    app.start(MenuScene(app))
    before = app.size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500))
    app.step(FRAME)
    assert app.size == before == app.window.size


def test_the_window_keeps_its_minimum_size(app) -> None:  # noqa: ANN001
    app.resize_window((300, 200))
    assert app.size == (640, 480)
