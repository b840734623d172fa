"""A card landing on the discard pile settles with weight: a little large as it
touches down, a dip under its size, then still, over a short while that the speed
setting stretches (none at instant speed)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.ui.table.choreography import SETTLE
from tests.ui.conftest import FRAME, table_for


def _landing(app: App, speed: str) -> tuple[float | None, list[int], int]:
    """The first landing on the pile: its settle's length, the top card's width in
    each frame of it, and its width at rest."""
    table = table_for(app, seed=7, players=4, speed=speed)
    shown, piles, style = table.picture.shown, table.picture.piles, table.style
    canvas = pygame.Surface(app.size)
    for _ in range(3000):
        table.update(FRAME)
        if shown.settle is not None or shown.discard:
            break
    total = shown.settle[1] if shown.settle is not None else None
    widths = []
    while shown.settle is not None:
        widths.append(piles._discard(canvas, style, table.geometry, shown).w)
        table.update(FRAME)
    rest = piles._discard(canvas, style, table.geometry, shown).w
    return total, widths, rest


@pytest.mark.parametrize("speed", ["1x", "2x", "4x"])
def test_a_card_lands_large_dips_and_settles(app: App, speed: str) -> None:
    total, widths, rest = _landing(app, speed)
    table = app.stack.top
    assert total == pytest.approx(SETTLE * table.pace)  # the speed stretches the settle
    assert widths and widths[0] > rest  # touches down a little large
    if speed == "1x":  # enough frames to see the whole curve
        assert min(widths) < rest  # a dip under its size: eased, not a straight shrink
        assert len(set(widths)) >= 3
    assert widths[-1] <= rest + 2 and max(widths) <= rest * 1.1


def test_at_instant_speed_a_card_lies_still_at_once(app: App) -> None:
    total, widths, _ = _landing(app, "instant")
    assert total is None and widths == []
