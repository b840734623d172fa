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


def standings(totals: Sequence[int], scoring: str) -> tuple[tuple[int, int], ...]:
    """Every seat as (place, seat), first place first: by total, the best as
    match_winners counts it; a tie shares its place and the next place is skipped
    (1, 1, 3), seats in seat order within a tie."""
    lowest = scoring == Scoring.ALTERNATIVE
    order = sorted(range(len(totals)), key=lambda s: (totals[s] if lowest else -totals[s], s))
    placed: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        tied = i and totals[seat] == totals[order[i - 1]]
        placed.append((placed[-1][0] if tied else i + 1, seat))
    return tuple(placed)
