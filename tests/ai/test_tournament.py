"""The tournament: seats rotate, results repeat from a seed, and a benchmark may
bring its own bots for a seat's name."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.tournament import paired, run, seated
from game.engine import RuleSet

RULES = RuleSet.preset("classic")


def test_seats_rotate_one_place_a_game() -> None:
    assert [seated(["a", "b", "c"], i) for i in range(4)] == [
        ["a", "b", "c"],
        ["c", "a", "b"],
        ["b", "c", "a"],
        ["a", "b", "c"],
    ]


def test_the_same_seed_gives_the_same_results_on_any_number_of_processes() -> None:
    one = run(RULES, ["hard", "normal"], 12, seed=3, processes=1)
    two = run(RULES, ["hard", "normal"], 12, seed=3, processes=2)
    assert {k: (t.wins, t.conceded) for k, t in one.items()} == {
        k: (t.wins, t.conceded) for k, t in two.items()
    }
    assert one["hard"].games == 12 and one["hard"].wins + one["normal"].wins <= 12


def test_a_factory_makes_the_bots_for_its_own_names() -> None:
    asked: list[str] = []

    def factory(level: str, rng: random.Random):  # noqa: ANN202
        asked.append(level)
        return make_bot("random" if level == "mine" else level, rng)

    totals = run(RULES, ["mine", "hard"], 6, seed=3, processes=1, factory=factory)
    assert asked.count("mine") == 6 and asked.count("hard") == 6
    assert totals["mine"].games == 6


def test_variants_on_the_same_seeds_are_compared_game_by_game() -> None:
    one = run(RULES, ["hard", "normal"], 8, seed=3, processes=1)
    again = run(RULES, ["hard", "normal"], 8, seed=3, processes=1)
    assert sorted(one["hard"].by_game) == list(range(8))
    assert sum(one["hard"].by_game.values()) == one["hard"].wins
    assert paired(again["hard"], one["hard"]) == (0.0, 0.0)  # the same games, won alike
    gain, error = paired(one["normal"], one["hard"])
    assert gain == (one["normal"].wins - one["hard"].wins) / 8 and error > 0
