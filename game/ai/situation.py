"""One decision's reading of the view: who is next, who threatens, what is held."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.engine import Card, View

from .memory import Memory


@dataclass
class Situation:
    view: View
    hand: list[Card]
    me: int
    nxt: int  # the seat that acts after me
    prev: int  # the seat that would act after me if play reversed
    threat: int  # fewest cards held by any opponent
    shares: dict[str, float]  # colour -> fraction of the unseen cards
    unseen: Counter[Card]
    memory: Memory | None
    bluff_ok: bool = False  # a Wild Draw Four bluff pays here, this level judges (bluffing.py)

    def count(self, seat: int) -> int:
        return self.view.hand_counts[seat]

    def lack(self, seat: int, color: str) -> float:
        """How likely `seat` has no `color` card (only with memory)."""
        if self.memory is None:
            return 0.0
        return self.memory.lack_chance(seat, color, self.shares.get(color, 0.25))


def read(view: View, memory: Memory | None = None) -> Situation:
    me, n = view.seat, view.players
    unseen = Counter(view.unseen())
    total = sum(unseen.values()) or 1
    shares = {
        c: sum(k for card, k in unseen.items() if card.color == c) / total
        for c in view.rules.colors
    }
    others = [view.hand_counts[s] for s in range(n) if s != me]
    return Situation(
        view=view,
        hand=list(view.hand),
        me=me,
        nxt=(me + view.direction) % n,
        prev=(me - view.direction) % n,
        threat=min(others) if others else 99,
        shares=shares,
        unseen=unseen,
        memory=memory,
    )


def holds_color_chance(sit: Situation, seat: int, color: str | None) -> float:
    """How likely `seat` holds at least one `color` card, from the unseen cards
    (hypergeometric over its hand size) or, better, from what memory says."""
    if color is None:
        return 0.0
    known = sit.lack(seat, color)
    if known > 0.0:
        return 1.0 - known
    total = sum(sit.unseen.values())
    of_color = sum(k for card, k in sit.unseen.items() if card.color == color)
    return 1.0 - none_chance(total, of_color, sit.count(seat))


def none_chance(total: int, of_color: int, size: int) -> float:
    """Hypergeometric: `size` cards dealt from `total`, none of the `of_color`."""
    none = 1.0
    for i in range(size):
        if total - i <= 0:
            break
        none *= max(0.0, (total - of_color - i) / (total - i))
    return none
