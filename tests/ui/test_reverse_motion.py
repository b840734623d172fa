"""When a Reverse lands, the direction arrows turn round: they run on a little their
old way, slowing, turn over edge-on and come back pointing the new way, eased from
still to still; the turn waits for the card and follows the speed setting."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.ui.table.choreography import SPIN
from game.ui.widgets.piles import turn_pose
from tests.ui.conftest import FRAME, table_for


def test_the_arrows_turn_over_from_the_old_way_to_the_new() -> None:
    poses = [turn_pose(i / 40, 1) for i in range(41)]
    assert poses[0] == (-1, 0, 1.0) and poses[-1] == (1, 0, 1.0)  # still at both ends
    assert {way for way, _, _ in poses[:20]} == {-1} and {way for way, _, _ in poses[21:]} == {1}
    widths = [w for _, _, w in poses]
    assert min(widths) < 0.3 and widths[20] == min(widths)  # edge-on at the middle
    assert widths[:21] == sorted(widths[:21], reverse=True) and widths[20:] == sorted(widths[20:])
    runs = [spin for _, spin, _ in poses]
    assert all(spin <= 0 for spin in runs) and min(runs) < -20  # along the old way, back
    assert runs[1] == 0 and runs[-2] == 0  # eased: sets off and comes to rest slowly
    assert turn_pose(0.5, -1)[1] > 20  # the other way round for a turn the other way


def _turn(app: App, speed: str) -> tuple[list[float], list[bool], float | None]:
    """An autoplay match until a Reverse turns the arrows: each frame of the turn's
    progress and whether the arrows were drawn over the table, and its length."""
    table = table_for(app, seed=7, players=4, speed=speed, autoplay=True)
    shown, piles, canvas = table.picture.shown, table.picture.piles, pygame.Surface(app.size)
    direction = shown.direction
    progress: list[float] = []
    drawn: list[bool] = []
    for _ in range(8000):
        table.update(FRAME)
        if shown.spin > 0:
            to_pile = [f for f in table.picture.choreo.flights if f.face and f.flip is False]
            assert not to_pile or progress, "the arrows turn before the Reverse is down"
            progress.append(1 - shown.spin / shown.spin_of)
            drawn.append(piles._direction(canvas, table.style, table.geometry, shown) is not None)
        elif progress or shown.direction != direction:
            break
    assert shown.direction != direction, "no Reverse was played"
    return progress, drawn, shown.spin_of or None


@pytest.mark.parametrize("speed", ["1x", "4x"])
def test_a_reverse_turns_the_arrows_over_its_while(app: App, speed: str) -> None:
    progress, drawn, length = _turn(app, speed)
    pace = app.stack.top.pace
    assert length == pytest.approx(SPIN * pace)
    assert len(progress) == pytest.approx(SPIN * pace / FRAME, abs=1.5)
    assert progress == sorted(progress) and all(drawn)


def test_at_instant_speed_the_arrows_point_the_new_way_at_once(app: App) -> None:
    progress, _, length = _turn(app, "instant")
    assert progress == [] and length is None
