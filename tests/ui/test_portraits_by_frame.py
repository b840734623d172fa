"""A ten-seat table paints its opponents' portraits a few a frame: its first frame
painted all nine (~12 ms of ~40 at 1080p). A seat waiting for its portrait shows
the empty medallion, then its face; every mood is painted within the deal."""

from __future__ import annotations

import pytest

from game.app import App
from game.ui.table import portraits
from game.ui.table.portraits import PER_FRAME
from game.ui.widgets import avatar, seat_panel
from game.ui.widgets.avatar import METALS, MOODS
from game.ui.widgets.portrait_paint import scaled
from game.ui.widgets.seat_panel import AVATAR
from tests.ui.conftest import FRAME, table_for

PLAYERS = 10


@pytest.mark.parametrize("theme", ["classic", "minecraft"])
def test_the_first_frames_each_paint_a_few_portraits(app: App, theme: str) -> None:
    caches = (avatar._cache, avatar._busts, avatar._framed, seat_panel._LOOKS, portraits._complete)
    for cache in caches:
        cache.clear()  # other tests' tables painted some of these faces
    table = table_for(app, seed=2, players=PLAYERS, speed="1x", theme=theme)
    size = table.style.px(AVATAR)
    painted: list[int] = []
    centres: dict[int, list[tuple]] = {}
    for _ in range(40):
        before = len(avatar._cache)
        app.step(FRAME)
        painted.append(len(avatar._cache) - before)
        still = table.renderer.still
        for seat, look in table.renderer.looks.items():
            centres.setdefault(seat, []).append(tuple(still.get_at(look.face.center)))
    assert max(painted) <= PER_FRAME
    assert painted[0] == PER_FRAME  # the first frame painted some, not all nine
    opponents = table.geometry.opponents()
    assert len(avatar._cache) == len(opponents) * len(MOODS)  # every mood, ahead of need
    # The last seats waited behind their empty medallion, then showed their face.
    empty = scaled(METALS[theme], 0.3)
    waited = [seat for seat in opponents if centres[seat][0][:3] == empty]
    assert len(waited) >= len(opponents) - PER_FRAME
    assert all(centres[seat][-1][:3] != empty for seat in opponents)
    assert all(avatar.painted(theme, seat, MOODS[0], size) for seat in opponents)
