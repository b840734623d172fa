"""The Expert's guesses of the hidden cards agree with what its seat has seen."""

from __future__ import annotations

import random
from collections import Counter

from game.ai.memory import read_history
from game.ai.sampler import guess, guessed_round
from game.engine import Card
from game.engine.actions import ACCEPT, CHALLENGE, DRAW, Play

from .conftest import shrink, stacked

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


def test_a_seat_that_named_a_colour_is_mostly_guessed_holding_one() -> None:
    # Seat 0 plays a wild down to one card and names blue: players name a colour
    # they hold, so most guesses give its last card that colour (a uniform deal
    # would in about one guess of four).
    rnd = stacked("classic", {0: ["wild", "blue-3"]}, flip="red-5")
    shrink(rnd, 0, 2)
    rnd.apply(Play("wild", color="blue", uno=True))
    view = rnd.view(1)
    memory = read_history(view)
    assert memory.named[0] == "blue"
    blue = sum(
        guess(view, memory, view.unseen(), random.Random(seed))[0][0][0].color == "blue"
        for seed in range(100)
    )
    assert blue >= 75, blue


def test_a_colour_named_and_then_drawn_on_is_forgotten() -> None:
    draws = ["yellow-7", "yellow-8", "yellow-9", "yellow-2"]
    rnd = stacked("classic", {0: ["wild", "green-1"]}, flip="red-5", draw=draws)
    shrink(rnd, 0, 2)
    rnd.apply(Play("wild", color="blue", uno=True))
    for seat in (1, 2, 3):  # they draw yellows and pass: the turn comes back on blue
        rnd.apply(DRAW, seat)
        assert rnd.current == (seat + 1) % 4
    rnd.apply(DRAW, 0)  # yellow-2 does not play on blue: seat 0 had no blue after all
    assert rnd.current == 1
    memory = read_history(rnd.view(1))
    assert memory.named[0] is None
    assert memory.lack_chance(0, "blue", 0.25) == 1.0


def test_an_urrrh_giver_is_guessed_without_the_colour_it_gave() -> None:
    hand = ["urrrh", "blue-1", "blue-2", "green-3", "green-4", "yellow-5", "yellow-6"]
    rnd = stacked("monster_high", {0: hand}, flip="pink-5")
    rnd.apply(Play("urrrh", color="green", give="blue"))
    view = rnd.view(1)
    memory = read_history(view)
    for seed in range(30):
        hands, _pile = guess(view, memory, view.unseen(), random.Random(seed))
        assert not any(card.color == "blue" for card in hands[0]), seed


def test_a_seat_that_covered_a_colour_with_a_wild_is_mostly_guessed_without_it() -> None:
    # A player keeps its wilds while a coloured card will do: seat 0 playing a wild
    # on red most likely had no red (a uniform deal of six cards has none 1 time in 5).
    rnd = stacked(
        "classic",
        {0: ["wild", "green-1", "blue-2", "green-3", "blue-4", "yellow-5", "green-6"]},
        flip="red-5",
    )
    rnd.apply(Play("wild", color="green"))
    view = rnd.view(1)
    memory = read_history(view)
    assert memory.doubted[0] == {RED: 0} and memory.lacked[0] == {}
    without = sum(
        not any(c.color == RED for c in guess(view, memory, view.unseen(), random.Random(s))[0][0])
        for s in range(100)
    )
    assert without >= 65, without


def test_an_honest_wild_draw_four_shows_for_certain_the_colour_was_lacking() -> None:
    hand = ["wild-draw4", "green-1", "blue-2", "green-3", "blue-4", "yellow-5", "green-6"]
    rnd = stacked("classic", {0: hand}, flip="red-5")
    rnd.apply(Play("wild-draw4", color="green"))
    rnd.apply(CHALLENGE)  # innocent: seat 1 draws 6
    view = rnd.view(2)  # a seat that did not see the hand
    memory = read_history(view)
    assert memory.lacked[0] == {RED: 0}
    for seed in range(30):
        hands, _pile = guess(view, memory, view.unseen(), random.Random(seed))
        assert not any(card.color == RED for card in hands[0]), seed


def _held(view, memory, seat: int, test, faces: bool, seeds: int = 200) -> int:  # noqa: ANN001
    """Over `seeds` guesses, the most cards passing `test` dealt to `seat`."""
    return max(
        sum(
            1
            for card in guess(view, memory, view.unseen(), random.Random(s), faces)[0][seat]
            if test(card)
        )
        for s in range(seeds)
    )


def _mean_held(view, memory, seat: int, test, faces: bool, seeds: int = 300) -> float:  # noqa: ANN001
    dealt = [
        guess(view, memory, view.unseen(), random.Random(s), faces)[0][seat] for s in range(seeds)
    ]
    return sum(1 for hand in dealt for card in hand if test(card)) / seeds


def test_a_draw_on_a_red_five_shows_no_five_and_no_wild_either() -> None:
    view = _drew_on_red_and_kept().view(1)
    memory = read_history(view)
    assert memory.faces[0] == {"*": 0, "#5": 0}
    five = lambda card: card.symbol == "5"  # noqa: E731
    wild = lambda card: card.color is None  # noqa: E731
    assert _held(view, memory, 0, five, faces=True) == 0
    assert _held(view, memory, 0, wild, faces=True) == 0
    # Without the facts about faces, guesses deal it fives and wilds.
    assert _held(view, memory, 0, five, faces=False) > 0
    assert _held(view, memory, 0, wild, faces=False) > 0


def test_a_draw_two_taken_where_it_could_be_stacked_shows_no_draw_two() -> None:
    # Classic stacks Draw Twos: seat 1 takes two rather than pass the penalty on,
    # so it held none then; only the two cards it drew may be Draw Twos.
    one = ["green-1", "green-3", "blue-5", "blue-6", "yellow-8", "green-9", "yellow-9"]
    rnd = stacked("classic", {0: ["red-draw2", "green-2", "blue-3"], 1: one}, "red-5")
    rnd.apply(Play("red-draw2"))
    assert rnd.phase == "stack" and rnd.legal_actions() == (ACCEPT,)
    rnd.apply(ACCEPT)
    view = rnd.view(2)
    memory = read_history(view)
    assert memory.faces[1] == {"#draw2": 2}
    draw2 = lambda card: card.kind == "draw2"  # noqa: E731
    assert _held(view, memory, 1, draw2, faces=True, seeds=300) <= 2
    # Nine cards dealt blind hold 0.7 Draw Twos on average; two cards, 0.16.
    with_facts = _mean_held(view, memory, 1, draw2, faces=True)
    without = _mean_held(view, memory, 1, draw2, faces=False)
    assert with_facts < 0.3 < 0.5 < without, (with_facts, without)


def test_a_draw_two_that_cannot_be_stacked_shows_nothing() -> None:
    rnd = stacked("minecraft", {0: ["red-draw2", "green-2", "blue-3"]}, "red-5")
    rnd.apply(Play("red-draw2"))
    assert memory_of(rnd, 2).faces[1] == {}


def test_a_drawn_card_played_at_once_leaves_none_of_the_colour_symbol_or_wilds() -> None:
    hand = ["green-1", "green-2", "blue-3", "blue-4", "yellow-6", "green-6", "yellow-7"]
    rnd = stacked("classic", {0: hand}, flip="red-5", draw=["red-9"])
    rnd.apply(DRAW)
    rnd.apply(Play("red-9"))
    memory = memory_of(rnd, 1)
    assert memory.faces[0] == {RED: 0, "*": 0, "#5": 0}
    assert memory.lacked[0] == {}  # the heuristics' own colour facts are as they were


def memory_of(rnd, seat: int):  # noqa: ANN001, ANN201
    return read_history(rnd.view(seat))
