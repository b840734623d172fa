"""A seat's marks keep clear: a badge ("Pierde turno", "+4") off its name plate,
"thinking…" off the panels, and no seat's name and face over another's."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pygame
import pytest

from game.app import App, Options
from game.ui.scenes import table_draw
from game.ui.scenes.table_input import score_rect
from game.ui.widgets import seat_panel
from tests.ui.conftest import FRAME, table_for

THEMES = ("classic", "minecraft", "monster_high")
SIZES = ((800, 600), (1280, 720), (1920, 1080))


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def spanish(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=request.param, language="es"))
    application.complete_catalog()
    yield application
    application.close()


def _recorded(monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    """Every name plate and every badge drawn, in the order of the seats."""
    plates: list[pygame.Rect] = []
    badges: list[pygame.Rect | None] = []
    plate, badge = seat_panel.name_plate, seat_panel.draw_badge

    def keep_plate(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        plates.append(plate(*args, **kwargs))
        return plates[-1]

    def keep_badge(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        badges.append(badge(*args, **kwargs))
        return badges[-1]

    for module in (seat_panel, table_draw):
        monkeypatch.setattr(module, "name_plate", keep_plate)
        monkeypatch.setattr(module, "draw_badge", keep_badge)
    return plates, badges


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("players", [2, 4, 10])
def test_a_badge_keeps_off_the_name_plate(
    spanish: App, theme: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_for(spanish, seed=3, players=players, theme=theme)
    for _ in range(5):
        spanish.step(FRAME)
    words = spanish.gettext("Skipped")
    assert words == "Pierde turno"  # the widest badge there is
    for seat in range(players):
        table.shown.badges[seat] = (words, 5.0)
    plates, badges = _recorded(monkeypatch)
    surface = pygame.Surface(spanish.size)
    table.draw(surface)
    assert len(plates) == len(badges) == players
    for seat, (plate, badge) in enumerate(zip(plates, badges, strict=True)):
        assert badge is not None
        assert not badge.colliderect(plate), (seat, badge, plate)
        assert surface.get_rect().contains(badge)


@pytest.mark.parametrize("theme", THEMES)
def test_thinking_keeps_off_the_panels_and_names_off_each_other(
    spanish: App, theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten seats: "pensando…" ran into the score panel's heading (1080p), and Minecraft's
    wide names ran into the next seat's face (800x600)."""
    table = table_for(spanish, seed=3, players=10, theme=theme)
    table.shown.counts = [12] * 10  # two digits: the widest plates
    style, size = table.style, spanish.size
    thinking, faces = [], []
    words, avatar = seat_panel._thinking, seat_panel.draw_avatar

    def keep_words(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        thinking.append(words(*args, **kwargs))
        return thinking[-1]

    def keep_face(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        faces.append(avatar(*args, **kwargs))
        return faces[-1]

    monkeypatch.setattr(seat_panel, "_thinking", keep_words)
    monkeypatch.setattr(seat_panel, "draw_avatar", keep_face)
    plates, _ = _recorded(monkeypatch)
    surface = pygame.Surface(size)
    panels = [table.geometry.place("event_log"), score_rect(table)]
    names = ["Fatima"] * 10  # the widest of the names
    widest = seat_panel.plate_limits(style, table.geometry, names, table.shown.counts)
    for seat in range(1, 10):
        seat_panel.draw_opponent(
            surface,
            style,
            table.geometry,
            table.shown,
            seat,
            names[seat],
            True,
            avoid=panels,
            widest=widest[seat],
        )
    assert len(thinking) == len(faces) == len(plates) == 9
    for label in thinking:
        assert label.collidelist(panels) == -1 and surface.get_rect().contains(label), label
    seats = [plate.union(face) for plate, face in zip(plates, faces, strict=True)]
    for a, b in combinations(seats, 2):
        assert not a.colliderect(b), (a, b)
