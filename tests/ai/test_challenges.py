"""Challenges on a learned bluff rate: stacked decks where a player is caught
bluffing, or shown honest, and what each level does with the next Wild Draw Four."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.reads import Read, ReadKind
from game.engine import Round
from game.engine.actions import ACCEPT, CHALLENGE, DRAW, PASS, Play

from .conftest import shrink, stacked

SEEDS = range(8)
DRAW4 = Play("wild-draw4", color="red")


def _two_caught_bluffs() -> Round:
    """2 players. Seat 0 holds red and plays Wild Draw Four on red three times;
    seat 1 challenged the first two (guilty both) and now faces the third."""
    rnd = stacked(
        "classic",
        {
            0: ["wild-draw4"] * 3 + ["red-1", "red-2", "red-3", "red-4"],
            1: ["red-6", "red-7", "green-1", "green-2", "blue-1", "blue-2", "yellow-1"],
        },
        flip="red-5",
        players=2,
    )
    for answer in ("red-6", "red-7"):
        rnd.apply(DRAW4)
        rnd.apply(CHALLENGE)
        rnd.apply(Play(answer))
    rnd.apply(DRAW4)
    assert rnd.phase == "draw4" and rnd.current == 1
    return rnd


def _two_honest_draw4s() -> Round:
    """2 players. Seat 0 holds no red and plays Wild Draw Four on red three times;
    seat 1 challenged the first two (honest both) and now faces the third."""
    rnd = stacked(
        "classic",
        {0: ["wild-draw4"] * 3 + ["green-1", "green-2", "blue-3", "yellow-4"]},
        flip="red-5",
        players=2,
    )
    for _ in range(2):
        rnd.apply(DRAW4)
        rnd.apply(CHALLENGE)
    rnd.apply(DRAW4)
    assert rnd.phase == "draw4" and rnd.current == 1
    return rnd


def _first_draw4(holds_red: bool, challenger_cards: int = 7) -> Round:
    """Another round (another first card): seat 0 plays its first Wild Draw Four,
    on red, from six cards (one of them red, or none); seat 1 holds `challenger_cards`."""
    keep = "red-1" if holds_red else "yellow-1"
    rnd = stacked(
        "classic",
        {0: ["wild-draw4", keep, "green-3", "blue-4", "yellow-5", "green-6", "blue-7"]},
        flip="red-8",
        players=2,
    )
    shrink(rnd, 1, challenger_cards)
    rnd.apply(Play("wild-draw4", color="green"))
    assert rnd.phase == "draw4" and rnd.current == 1
    return rnd


def _decide(level: str, rnd: Round, seed: int, seen: Round | None = None):
    """`level`'s answer at seat 1 (and its read), after it has watched `seen`'s
    seat-1 decision earlier in the match, if given."""
    bot = make_bot(level, random.Random(seed), worlds=2)
    if seen is not None:
        bot.choose(seen.view(1), seen.legal_actions())
    return bot.choose(rnd.view(1), rnd.legal_actions()), getattr(bot, "read", None)


def test_every_level_from_normal_challenges_a_player_caught_bluffing_twice() -> None:
    rnd = _two_caught_bluffs()
    for level in ("normal", "hard", "expert"):
        for seed in SEEDS:
            act, read = _decide(level, rnd, seed)
            assert act == CHALLENGE, level
            assert read == Read(ReadKind.CAUGHT_BEFORE, 0, count=2)
    rnd.apply(CHALLENGE)
    assert len(rnd.hands[0]) == 4 + 3 * 4  # it was a bluff again


def test_the_record_carries_into_the_next_round_of_the_match() -> None:
    # A first Wild Draw Four from a fresh player is taken; from one the match has
    # seen caught bluffing twice, normal and hard challenge it.
    caught, rnd = _two_caught_bluffs(), _first_draw4(holds_red=True)
    for level in ("normal", "hard", "expert"):
        for seed in SEEDS:
            assert _decide(level, rnd, seed)[0] == ACCEPT, level
            assert _decide(level, rnd, seed, seen=caught)[0] == CHALLENGE, level


def test_no_challenge_against_a_player_who_never_bluffed() -> None:
    # Close to out (two cards), hard suspects the bluff that would pay ...
    rnd = _first_draw4(holds_red=False, challenger_cards=2)
    for seed in SEEDS:
        act, read = _decide("hard", rnd, seed)
        assert act == CHALLENGE and read == Read(ReadKind.BLUFF_WOULD_PAY, 0, count=2)
        assert _decide("normal", rnd, seed)[0] == ACCEPT  # normal never suspects unseen
    # ... but not from a player this match has shown honest twice.
    honest = _two_honest_draw4s()
    for level in ("normal", "hard", "expert"):
        for seed in SEEDS:
            assert _decide(level, honest, seed)[0] == ACCEPT, level
            assert _decide(level, rnd, seed, seen=honest)[0] == ACCEPT, level
    rnd.apply(CHALLENGE)
    assert len(rnd.hands[1]) == 2 + 6  # and indeed the challenge costs six cards


def test_hard_believes_a_seat_that_showed_it_had_no_colour() -> None:
    # Close to out, hard suspects a first Wild Draw Four (the test above); not when
    # its player drew on red and kept the card, and has played nothing red since.
    rnd = stacked(
        "classic",
        {
            0: ["wild-draw4", "green-1", "green-2", "blue-4", "yellow-5", "green-6", "blue-7"],
            1: ["red-7"],
        },
        flip="red-5",
        draw=["blue-1"],
        players=2,
    )
    shrink(rnd, 1, 3)
    rnd.apply(DRAW)
    if rnd.phase == "drawn":
        rnd.apply(PASS)
    rnd.apply(Play("red-7"))
    rnd.apply(Play("wild-draw4", color="green"))
    assert rnd.phase == "draw4" and len(rnd.hands[1]) == 2
    for seed in SEEDS:
        assert _decide("hard", rnd, seed)[0] == ACCEPT
        assert _decide("expert", rnd, seed)[0] == ACCEPT


def test_easy_challenges_on_a_whim() -> None:
    rnd = _two_honest_draw4s()
    answers = [_decide("easy", rnd, seed) for seed in range(40)]
    assert {act for act, _ in answers} == {ACCEPT, CHALLENGE}
    assert all(read == Read(ReadKind.WHIM, 0) for act, read in answers if act == CHALLENGE)
