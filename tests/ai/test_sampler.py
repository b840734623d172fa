"""The Expert's guesses of the hidden cards agree with what its seat has seen."""

from __future__ import annotations

import random
from collections import Counter

from game.ai.memory import read_history
from game.ai.sampler import guess, guessed_round
from game.engine import Card
from game.engine.actions import CHALLENGE, DRAW, Play

from .conftest import stacked

RED = "red"


def _drew_on_red_and_kept():
    # Seat 0 draws on red and keeps the card: it showed it held no red then.
    rnd = stacked(
        "classic",
        {0: ["green-1", "green-2", "blue-3", "blue-4", "yellow-5", "green-6", "yellow-7"]},
        flip="red-5",
        draw=["blue-1"],
    )
    rnd.apply(DRAW)
    assert rnd.phase == "turn" and rnd.current == 1  # blue-1 did not play: the turn passed on
    return rnd


def test_a_guess_deals_every_unseen_card_with_the_right_counts() -> None:
    rnd = _drew_on_red_and_kept()
    view = rnd.view(1)
    memory = read_history(view)
    for seed in range(20):
        hands, pile = guess(view, memory, view.unseen(), random.Random(seed))
        assert {s: len(h) for s, h in hands.items()} == {0: 8, 2: 7, 3: 7}
        dealt = Counter(pile)
        for hand in hands.values():
            dealt.update(hand)
        assert dealt == Counter(view.unseen())
        guessed_round(view, memory, view.unseen(), random.Random(seed), seed)  # plays


def test_a_seat_that_showed_it_lacked_a_colour_is_guessed_without_it() -> None:
    view = _drew_on_red_and_kept().view(1)
    memory = read_history(view)
    for seed in range(30):
        hands, _pile = guess(view, memory, view.unseen(), random.Random(seed))
        assert not any(card.color == RED for card in hands[0]), seed


def test_a_hand_shown_in_a_challenge_stays_in_the_challengers_guesses() -> None:
    shown = ["wild-draw4", "red-1", "green-2", "blue-3", "yellow-4", "green-6", "blue-7"]
    rnd = stacked("classic", {0: shown}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="blue"))
    rnd.apply(CHALLENGE)  # guilty: seat 0 shows its hand to seat 1, then draws 4
    view = rnd.view(1)
    memory = read_history(view)
    kept = Counter(Card.parse(c) for c in shown[1:])
    for seed in range(10):
        hands, _pile = guess(view, memory, view.unseen(), random.Random(seed))
        assert not kept - Counter(hands[0]), seed  # the six shown cards, plus four unknown
