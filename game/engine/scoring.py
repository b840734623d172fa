"""Card points and match results (rule 10)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.limits import Scoring

from .cards import Card


def hand_points(hand: Iterable[Card]) -> int:
    return sum([card.points for card in hand])  # a list is cheaper than a generator here


def match_winners(totals: Sequence[int], scoring: str) -> tuple[int, ...]:
    """Rule 10.3/10.4: highest total under standard scoring; lowest (ties shared)
    under alternative scoring."""
    best = min(totals) if scoring == Scoring.ALTERNATIVE else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
