"""A badge over a seat ("Pierde turno", "+4") never covers that seat's name plate."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import App, Options
from game.ui.scenes import table_draw
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
