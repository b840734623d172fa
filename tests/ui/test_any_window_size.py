"""Any window size the system gives (no window manager keeps the minimum): every
screen draws without raising down to 1x1; below MIN_LAYOUT the app shows plain
"make the window larger" words, takes no input meant for the hidden screen, keeps no
such size in the settings, and lays the screen out again once the window is larger."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pytest

from game.app import MIN_LAYOUT, MIN_WINDOW, START_SCENES, App
from game.ui.launch import opening_scene
from tests.ui.conftest import FRAME

TINY = [(1, 1), (1, 300), (300, 1), (2, 2), (319, 900), (2000, 239), (100, 100)]
NARROW = [MIN_LAYOUT, (MIN_LAYOUT[0], 1400), (2400, MIN_LAYOUT[1]), (333, 251), (639, 479)]


def _starts(name: str) -> Callable[[App], Any]:
    return lambda app: opening_scene(app, replace(app.options, start=name))


SCENES: dict[str, Callable[[App], Any]] = {name: _starts(name) for name in START_SCENES}
SCENES |= {
    "learn": lambda app: app.scene("learn", "classic"),
    "theme_packs": lambda app: app.scene("theme_packs"),
    "online": lambda app: app.scene("online"),
    "pause": lambda app: app.scene("pause", "classic"),
    "confirm": lambda app: app.scene("confirm", "Sure?", "Yes", "No", lambda: None),
    "pass_device": lambda app: app.scene("pass_device", "classic", "Ann", lambda: None),
}


def _squeeze(app: App, size: tuple[int, int]) -> None:
    """As a system without a window manager does: any size, then SDL says so."""
    app.window.minimum_size = (1, 1)
    app.window.size = size
    app.step(FRAME)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_draws_at_any_size_and_resumes(app: App, name: str) -> None:
    app.settings.speed = "instant"
    app.start(SCENES[name](app))
    app.step(FRAME)
    scene = app.stack.top
    for size in TINY:
        _squeeze(app, size)
        app.step(FRAME)
        assert app.screen.get_size() == size and app.too_small
        assert app.size[0] >= MIN_LAYOUT[0] and app.size[1] >= MIN_LAYOUT[1]
    for size in NARROW:
        _squeeze(app, size)
        for _ in range(3):
            app.step(FRAME)
        assert not app.too_small and app.size == size
    _squeeze(app, (1280, 720))
    app.step(FRAME)
    assert app.size == (1280, 720) and app.stack.top is scene


def test_below_the_smallest_layout_the_window_says_make_it_larger(app: App) -> None:
    app.start(app.scene("menu"))
    app.step(FRAME)
    _squeeze(app, (300, 200))
    background = tuple(app.style().panel_rgb)
    words = {tuple(app.screen.get_at((x, y)))[:3] for x in range(300) for y in range(90, 110)}
    assert background in words and len(words) > 2  # plain words on a plain ground
    assert app.settings.window[0] >= MIN_WINDOW[0] and app.settings.window[1] >= MIN_WINDOW[1]


def test_a_click_on_the_hidden_screen_does_nothing(app: App) -> None:
    menu = app.scene("menu")
    app.start(menu)
    app.step(FRAME)
    _squeeze(app, (200, 100))
    for button in (1, 1):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=(5, 5)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=(5, 5)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(FRAME)
    assert app.stack.top is menu


def test_the_close_button_quits_at_any_size_and_when_a_scene_fails(app: App) -> None:
    app.start(app.scene("menu"))
    _squeeze(app, (1, 1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running
    app.running = True

    def fails() -> bool:
        raise RuntimeError("a scene broken by an earlier error")

    app.stack.top.holds_quit = fails  # type: ignore[method-assign]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running


def test_closing_after_an_error_still_closes_the_window(app: App) -> None:
    menu = app.scene("menu")
    app.start(menu)

    def broken() -> None:
        raise RuntimeError("exit failed")

    menu.exit = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        app.close()
    assert not pygame.display.get_init()
