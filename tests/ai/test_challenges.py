"""Every level challenges a wild-draw4 on its estimate of the odds: stacked decks
with an honest player (a challenge would lose) and a bluffing one (it would win)."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.engine.actions import ACCEPT, CHALLENGE, DRAW, Play

from .conftest import grow, stacked

THINKING = ("easy", "normal", "hard", "expert")
SEEDS = range(12)
GROWN = ["green-8", "blue-8", "yellow-8", "green-9", "blue-9"]  # cards seat 0 has drawn


def _decisions(level: str, rnd) -> list:
    view, legal = rnd.view(rnd.current), rnd.legal_actions()
    return [make_bot(level, random.Random(seed)).choose(view, legal) for seed in SEEDS]


def _honest_draw4():
    # Seat 0 keeps three cards, none of them red, and plays wild-draw4 on red.
    rnd = stacked("classic", {0: ["wild-draw4", "green-1", "blue-2", "yellow-3"]}, flip="red-5")
    rnd.hands[0] = rnd.hands[0][:4]
    rnd.apply(Play("wild-draw4", color="green"))
    return rnd


def _bluffing_draw4():
    # Seat 0 has drawn up to twelve cards, red among them, and plays wild-draw4 on red.
    rnd = stacked(
        "classic",
        {0: ["wild-draw4", "red-1", "green-2", "blue-3", "yellow-4", "green-6", "blue-7"]},
        flip="red-5",
        draw=GROWN,
    )
    grow(rnd, 0, GROWN)
    rnd.apply(Play("wild-draw4", color="blue"))
    return rnd


def test_no_level_challenges_a_small_honest_hand() -> None:
    rnd = _honest_draw4()
    assert rnd.phase == "draw4"
    for level in THINKING:
        assert set(_decisions(level, rnd)) == {ACCEPT}, level
    rnd.apply(CHALLENGE)  # and indeed the challenge would have cost six cards
    assert len(rnd.hands[1]) == 13


def test_levels_challenge_a_big_hand_that_likely_hid_the_colour() -> None:
    rnd = _bluffing_draw4()
    for level in ("normal", "hard", "expert"):
        assert set(_decisions(level, rnd)) == {CHALLENGE}, level
    easy = _decisions("easy", rnd)  # careless: it lets some good chances go by
    assert CHALLENGE in easy and ACCEPT in easy
    rnd.apply(CHALLENGE)
    assert len(rnd.hands[0]) == 15 and len(rnd.hands[1]) == 7  # guilty: seat 0 draws 4


def test_hard_believes_a_seat_that_showed_it_had_no_colour() -> None:
    # Seat 0 draws on red and keeps the card (no red); after a lap of red it
    # plays wild-draw4 from a big hand: normal challenges, hard remembers.
    rnd = stacked(
        "classic",
        {
            0: ["wild-draw4", "green-1", "green-2", "green-3", "blue-4", "yellow-5", "green-6"],
            1: ["red-7"],
            2: ["red-8"],
            3: ["red-9"],
        },
        flip="red-5",
        draw=["blue-1", *GROWN],
    )
    grow(rnd, 0, GROWN)
    rnd.apply(DRAW)
    for card in ("red-7", "red-8", "red-9"):
        rnd.apply(Play(card))
    rnd.apply(Play("wild-draw4", color="green"))
    assert rnd.phase == "draw4" and rnd.current == 1
    assert set(_decisions("normal", rnd)) == {CHALLENGE}
    assert set(_decisions("hard", rnd)) == {ACCEPT}
    assert set(_decisions("expert", rnd)) == {ACCEPT}


def test_bots_bluff_only_from_a_small_hand() -> None:
    # Red 3 would do; a wild-draw4 here would be a bluff from a big hand.
    rnd = stacked(
        "classic",
        {0: ["wild-draw4", "red-3", "green-2", "blue-3", "yellow-4", "green-6", "blue-7"]},
        flip="red-5",
    )
    for level in THINKING:
        for act in _decisions(level, rnd):
            assert act[0] != "play" or act.card.kind != "wild-draw4", level
