"""Decisions on set-up positions built from stacked decks."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.engine import Card
from game.engine.actions import Catch, Play

from .conftest import shrink, stacked


def _decide(level: str, rnd, seat: int | None = None):
    seat = rnd.current if seat is None else seat
    return make_bot(level, random.Random(0)).choose(rnd.view(seat), rnd.legal_actions(seat))


def test_urrrh_gives_away_the_colour_that_sheds_most() -> None:
    # No pink and no 5: the urrrh is the only play (hard keeps it while a colour plays).
    rnd = stacked(
        "monster_high",
        {0: ["urrrh", "blue-1", "blue-2", "blue-3", "green-4", "yellow-6", "yellow-7"]},
        flip="pink-5",
    )
    act = _decide("hard", rnd)
    assert act.card is Card.parse("urrrh") and act.give == "blue"
    assert _decide("normal", rnd).give == "blue"


def test_hard_keeps_an_urrrh_that_would_shed_little_while_a_colour_plays() -> None:
    rnd = stacked(
        "monster_high",
        {0: ["urrrh", "blue-1", "blue-2", "green-4", "yellow-6", "pink-7", "pink-8"]},
        flip="pink-5",
    )
    act = _decide("hard", rnd)
    assert act in rnd.legal_actions() and act.card.color == "pink"


def test_urrrh_give_away_that_empties_the_hand_wins() -> None:
    rnd = stacked(
        "monster_high",
        {0: ["urrrh", "green-2", "green-3", "green-4", "green-6", "green-7", "green-8"]},
        flip="pink-5",
    )
    act = _decide("hard", rnd)
    assert act.give == "green"  # every other card is green: giving them all goes out
    rnd.apply(act)
    assert rnd.over and rnd.winner == 0


def test_hard_keeps_its_wild_in_classic_even_when_an_opponent_is_close() -> None:
    rnd = stacked(
        "classic",
        {0: ["wild", "red-3", "blue-4", "green-6", "yellow-8", "blue-9", "green-1"]},
        flip="red-5",
    )
    shrink(rnd, 2, 2)  # seat 2 is nearly out
    act = _decide("hard", rnd)
    assert act in rnd.legal_actions() and act.card is Card.parse("red-3")


def test_levels_that_care_always_declare_uno() -> None:
    rnd = stacked("minecraft", {0: ["red-1", "red-2"]}, flip="red-5")
    shrink(rnd, 0, 2)
    for level in ("random", "normal", "hard"):
        act = _decide(level, rnd)
        assert act[0] == "play" and act.uno, level


def test_a_silent_last_card_is_caught() -> None:
    rnd = stacked("minecraft", {0: ["red-1", "red-2"]}, flip="red-5")
    shrink(rnd, 0, 2)
    rnd.apply(Play("red-1"))  # no UNO
    for level in ("normal", "hard"):
        bot = make_bot(level, random.Random(0))
        assert bot.react(rnd.view(2), rnd.legal_actions(2)) == Catch(0)


def test_seven_swaps_with_the_smallest_hand() -> None:
    rnd = stacked("classic", {0: ["red-7", "blue-1"]}, flip="red-5", seven_zero=True)
    shrink(rnd, 2, 2)  # seat 2 is nearly out
    act = _decide("hard", rnd)
    assert act.card is Card.parse("red-7") and act.swap == 2
