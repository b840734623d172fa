"""A challenged hand opens face down and its cards turn face up one after another
from the left, at the speed setting's pace (all at once at instant), once the cards
before the challenge are down; turned over, it looks as the hand always did."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine import Card
from game.engine import events as ev
from game.ui.table import renderer
from game.ui.table.choreography import REVEAL_EVERY, REVEAL_TURN
from game.ui.table.state import Reveal
from tests.ui.conftest import FRAME, settle_on_my_turn, table_for

HAND = tuple(Card.parse(text) for text in ("red-7", "blue-skip", "wild", "green-2"))


def _turned_over(app: App, speed: str) -> tuple[list[float | None], Reveal]:
    """A challenge shown at the table (the person challenged seat 1): when each card
    of the hand came face up, counted from the hand's opening."""
    table = table_for(app, seed=4, players=3, speed=speed)
    assert settle_on_my_turn(app, table)
    choreo, shown = table.picture.choreo, table.picture.shown
    choreo.start(ev.ChallengeResult(table.seat.viewer, 1, True, HAND))
    reveal = shown.reveal
    assert reveal is not None
    up: list[float | None] = [None] * len(HAND)
    for n in range(120):
        for i in range(len(HAND)):
            if up[i] is None and reveal.turned(i) >= 0.5:
                up[i] = n * FRAME
        shown.tick(FRAME)
    return up, reveal


def test_the_hands_cards_turn_face_up_one_after_another(app: App) -> None:
    up, reveal = _turned_over(app, "1x")
    assert reveal.every == REVEAL_EVERY and reveal.turning == REVEAL_TURN
    assert up[0] is not None and up[0] > 0  # it opens face down
    assert all(a is not None and b is not None and a < b for a, b in zip(up, up[1:], strict=False))
    assert all(reveal.turned(i) == 1.0 for i in range(len(HAND)))


def test_at_instant_speed_the_hand_opens_face_up(app: App) -> None:
    up, _ = _turned_over(app, "instant")
    assert up == [0.0] * len(HAND)


def test_turned_over_it_looks_as_a_hand_shown_at_once(app: App) -> None:
    table = table_for(app, seed=4, players=3, speed="1x")
    assert settle_on_my_turn(app, table)
    shown = table.picture.shown
    pictures = []
    for reveal in (
        Reveal(1, HAND, True, 6.0, REVEAL_EVERY, REVEAL_TURN),  # just opened
        Reveal(1, HAND, True, 6.0, REVEAL_EVERY, REVEAL_TURN, opened=5.0),
        Reveal(1, HAND, True, 6.0),
    ):
        shown.reveal = reveal
        canvas = pygame.Surface(app.size)
        renderer._reveal(canvas, table.frame())
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert pictures[0] != pictures[2] and pictures[1] == pictures[2]
