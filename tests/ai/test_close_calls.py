"""The Expert's second look: with 2 players a close decision gets more guesses."""

from __future__ import annotations

import random

from game.ai.expert import CLOSE_CALL, ExpertBot, _close
from game.engine import RuleSet

from .conftest import positions


def test_a_small_noisy_gain_is_close_and_a_clear_one_or_a_loss_is_not() -> None:
    hard = [0.5, 0.5, 0.5, 0.5]
    assert _close([hard, [0.1, -0.1, 0.2, 0.0]])
    assert not _close([hard, [0.4, 0.5, 0.45, 0.5]])
    assert not _close([hard, [-0.1, 0.1, -0.2, 0.0]])
    assert not _close([hard])  # nothing to compare


def _searched(players: int, worlds: int) -> list[tuple[int, int]]:
    """(playouts, options compared) over the searched decisions of seeded positions."""
    out = []
    for rnd, seat in positions(RuleSet.preset("classic"), 40, seed=players):
        if rnd.players != players or seat != rnd.current:
            continue
        thought = ExpertBot(random.Random(7), worlds=worlds).think(
            rnd.view(seat), rnd.legal_actions()
        )
        if thought.weighed:
            out.append((thought.playouts, len(thought.weighed)))
    return out


def test_two_players_look_again_at_close_calls_only() -> None:
    searched = _searched(players=2, worlds=4)
    longer = [p for p, k in searched if p == 4 * (1 + CLOSE_CALL) * k]
    assert searched and longer and len(longer) < len(searched)
    assert all(p in (4 * k, 4 * (1 + CLOSE_CALL) * k) for p, k in searched)


def test_four_players_never_look_again() -> None:
    searched = _searched(players=4, worlds=4)
    assert searched and all(p == 4 * k for p, k in searched)
