"""The title screen shows a fan of the theme's own cards beside the menu (above it in
a tall window), moving, inside the window and clear of the menu's buttons."""

from __future__ import annotations

import pygame
import pytest

from game.app import App, Options
from game.ui.scenes.menu import MenuScene
from game.ui.widgets import title_fan
from tests.ui.conftest import FRAME, recorded

THEMES = ("classic", "minecraft", "monster_high")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (800, 1280)], ids=str)
@pytest.mark.parametrize("theme", THEMES)
def test_a_moving_fan_of_the_themes_cards_beside_the_menu(
    theme: str, size: tuple[int, int], monkeypatch
) -> None:  # noqa: ANN001
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, theme=theme))
    try:
        app.complete_catalog()
        app.set_theme(theme)
        menu = MenuScene(app)
        app.start(menu)
        fans = recorded(monkeypatch, "draw", title_fan.TitleFan, keep=lambda args, rect: rect)
        for _ in range(90):  # dealt in by now
            app.step(FRAME)
        wanted = 1 if size[1] > size[0] else 2  # a tall window: one fan above the menu
        first = [r for r in fans[-wanted:] if r is not None]
        frame_before = app.screen.copy()
        for _ in range(30):
            app.step(FRAME)
        last = [r for r in fans[-wanted:] if r is not None]
        assert len(first) == wanted and len(last) == wanted
        window = pygame.Rect((0, 0), size)
        for rect in last:
            assert window.contains(rect)
            assert not any(rect.colliderect(b.rect) for b in menu.menu.buttons)
        moved = sum(
            frame_before.get_at((x, y)) != app.screen.get_at((x, y))
            for rect in last
            for x in range(rect.left, rect.right, 4)
            for y in range(rect.top, rect.bottom, 4)
        )
        assert moved > 20
        faces = title_fan.fan_faces(app.style(theme))
        assert len(faces) == 7 and any(f.startswith("wild") for f in faces)
    finally:
        app.close()
