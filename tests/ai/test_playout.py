"""The Expert's playouts: the judge of a cut-short playout, and the playout policy."""

from __future__ import annotations

import random

import pytest

from game.ai.playout import choose, hard_choice, judged
from game.engine import Card, RuleSet
from game.engine.actions import ACCEPT, CHALLENGE, Play

from .conftest import shrink, stacked


@pytest.mark.parametrize("preset", RuleSet.preset_names())
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_judge_shares_out_the_whole_chance(preset: str, players: int) -> None:
    rnd = stacked(
        preset, {}, flip="red-5" if preset != "monster_high" else "pink-5", players=players
    )
    chances = [judged(rnd, seat) for seat in range(players)]
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 < c < 1.0 for c in chances)


def test_the_judge_favours_fewer_cards_and_a_wild() -> None:
    rnd = stacked("classic", {0: ["red-1", "red-2", "blue-3"]}, flip="red-5")
    shrink(rnd, 0, 2)
    shrink(rnd, 1, 2)
    shrink(rnd, 2, 5)
    assert judged(rnd, 1) > judged(rnd, 2)  # two cards against five
    rnd.hands[1][0] = Card.parse("wild")  # the same count, one of them a wild
    with_wild = judged(rnd, 1)
    rnd.hands[1][0] = Card.parse("green-7")
    assert with_wild > judged(rnd, 1)


def test_a_playout_urrrh_gives_away_the_colour_that_empties_the_hand() -> None:
    rnd = stacked("monster_high", {0: ["urrrh", "green-1", "green-2"]}, flip="pink-5")
    shrink(rnd, 0, 3)
    act = choose(rnd, random.Random(0))
    assert isinstance(act, Play) and act.card is Card.parse("urrrh") and act.give == "green"


def test_hard_scoring_in_a_playout_does_not_reverse_play_onto_a_one_card_player() -> None:
    # Seat 3 plays after seat 0 if play reverses, and holds one card. Hard's scoring
    # (hard_choice) weighs a Reverse by the seat it turns play to; the fast policy
    # sees a red card worth 20 points.
    hand = ["red-reverse", "red-4", "blue-1", "blue-2", "green-3", "green-6", "yellow-7"]
    rnd = stacked("classic", {0: hand}, flip="red-5")
    shrink(rnd, 3, 1)
    assert hard_choice(rnd, random.Random(1)) == Play("red-4")
    fast = [choose(rnd, random.Random(seed)) for seed in range(20)]
    assert fast.count(Play("red-reverse")) > 10


def test_playouts_can_challenge_as_the_levels_do_guilty_or_not() -> None:
    # An honest Wild Draw Four on a player holding two cards: the levels' doubt
    # (close to out: always here) challenges it; the old rule challenged only
    # dishonest ones.
    rnd = stacked("classic", {0: ["wild-draw4", "green-1", "blue-2"]}, flip="red-5")
    shrink(rnd, 1, 2)
    rnd.apply(Play("wild-draw4", color="green"))
    assert not rnd.draw4_guilty
    assert choose(rnd, random.Random(1), doubt=(1.0, 0.0)) == CHALLENGE
    assert choose(rnd, random.Random(1)) == ACCEPT
