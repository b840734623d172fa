"""The Expert attacks a next player down to one card: its search overrules Hard's
Skip or Draw Two there only on a margin of two standard errors or more."""

from __future__ import annotations

import random

from game.ai.expert import Z_ATTACK, ExpertBot, Z, _clearly_better, _gain

from .conftest import shrink, stacked


def test_the_expert_attacks_a_one_card_next_player() -> None:
    rnd = stacked(
        "classic",
        {0: ["red-skip", "red-2", "red-4", "green-5", "blue-6", "yellow-7", "green-8"]},
        flip="red-5",
    )
    shrink(rnd, 1, 1)
    view, legal = rnd.view(0), rnd.legal_actions()
    for seed in range(6):
        thought = ExpertBot(random.Random(seed)).think(view, legal)
        assert thought.weighed  # the search did compare the options ...
        assert thought.choice[0] == "play" and thought.choice.card.kind == "skip"  # ... and skips


def _paired(mean: float, spread: float, n: int = 48) -> list[float]:
    """Paired differences with this mean, alternating by `spread` about it."""
    return [mean + (spread if i % 2 else -spread) for i in range(n)]


def test_a_gain_between_one_and_two_errors_does_not_pass_over_an_attack() -> None:
    hard = [0.5] * 48
    gain = _paired(0.02, 0.1)
    mean, error = _gain(gain)
    assert Z * error < mean < Z_ATTACK * error
    assert _clearly_better([hard, gain]) == 1  # anywhere else it overrules Hard ...
    assert _clearly_better([hard, gain], [False, True]) == 0  # ... not past an attack
    clear = _paired(0.05, 0.1)
    assert _clearly_better([hard, clear], [False, True]) == 1  # a clear gain still does
