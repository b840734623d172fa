"""A seat's marks keep clear: a badge ("Pierde turno", "+4") off its name plate,
"thinking…" off the panels, and no seat's name and face over another's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

import pygame
import pytest

from game.app import App
from game.ui.table import renderer as table_draw
from game.ui.widgets import seat_panel
from game.ui.widgets.score_panel import score_rect
from tests.ui.conftest import FRAME, app_in_spanish, recorded, table_for

THEMES = ("classic", "minecraft", "monster_high")
SIZES = ((800, 600), (1280, 720), (1920, 1080))


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def spanish(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from app_in_spanish(request.param)


def _recorded(monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    """Every name plate and every badge drawn, in the order of the seats: an opponent's
    plate is where its seat's look (drawn once, then kept) put it on the window."""
    plates: list[pygame.Rect] = []

    def plate_of(_args: tuple, result: pygame.Rect | seat_panel.SeatLook) -> None:
        plates.append(result if isinstance(result, pygame.Rect) else result.plate)

    recorded(monkeypatch, "seat_look", seat_panel, table_draw, keep=plate_of)
    recorded(monkeypatch, "name_plate", table_draw, keep=plate_of)
    badges = recorded(monkeypatch, "draw_badge", seat_panel, table_draw)
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
        table.picture.shown.badges[seat] = (words, 5.0)
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
    table.picture.shown.counts = [12] * 10  # two digits: the widest plates
    style, size = table.style, spanish.size
    thinking = recorded(monkeypatch, "_thinking", seat_panel)
    looks = recorded(monkeypatch, "seat_look", seat_panel)
    surface = pygame.Surface(size)
    panels = [table.geometry.place("event_log"), score_rect(table.style, table.geometry)]
    names = ["Fatima"] * 10  # the widest of the names
    widest = seat_panel.plate_limits(style, table.geometry, names, table.picture.shown.counts)
    for seat in range(1, 10):
        seat_panel.draw_opponent(
            surface,
            style,
            table.geometry,
            table.picture.shown,
            seat,
            names[seat],
            True,
            avoid=panels,
            widest=widest[seat],
        )
    assert len(thinking) == len(looks) == 9
    for label in thinking:
        assert label.collidelist(panels) == -1 and surface.get_rect().contains(label), label
    seats = [look.plate.union(look.face) for look in looks]
    for a, b in combinations(seats, 2):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("theme", THEMES)
def test_thinking_keeps_off_the_other_seats(
    spanish: App, theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten seats: a right-hand seat's "pensando…" went under its plate, over the
    seat below it (its backs at 1080p, its name in Minecraft). Now it goes where it
    covers nothing, and where no place is clear (a small window) it is not written:
    the face thinks and the plate has the turn's ring."""
    table = table_for(spanish, seed=3, players=10, theme=theme)
    for _ in range(5):
        spanish.step(FRAME)
    surface = pygame.Surface(spanish.size)
    for seat in range(1, 10):
        looks = recorded(monkeypatch, "seat_look", table_draw)
        thinking = recorded(monkeypatch, "_thinking", seat_panel)
        table.renderer.draw(surface, replace(table.frame(), thinking=seat))
        # The names must stay readable; at 1080p Classic's seats leave room for the
        # backs and faces to stay clear as well.
        roomy = theme == "classic" and spanish.size == (1920, 1080)
        others = [
            pygame.Rect(look.at, look.layer.get_size()) if roomy else look.plate for look in looks
        ]
        del others[seat - 1]  # its own look
        (label,) = thinking
        assert label is not None or not roomy, seat  # where there is room, it is said
        assert label is None or label.collidelist(others) == -1, (seat, label)
        monkeypatch.undo()
