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


# What a level believes of how players bluff: a player holding the old colour
# plays its wild-draw4 anyway this often (more with a card or two left, when a
# challenger's odds are poor), and one without the colour plays it this often.
# Measured on our own bots (classic, 300 rounds each): normal never bluffs,
# hard only with one or two cards kept (6%), easy often, so a big hand is not
# proof of guilt; a player caught bluffing this round is believed more likely to.
BLUFFS = 0.05
BLUFFS_SMALL = 0.3
PLAYS_HONEST = 0.5
# A wrong challenge costs 2 more cards, a right one saves 4 and gives the
# player 4: above one chance in three the challenge pays.
CHALLENGE_ABOVE = 1 / 3


def bluff_odds(sit: Situation, bluffs: int = 0, honest: int = 0) -> float:
    """How likely the pending wild-draw4 was dishonest, given that it was played:
    the chance its player held the old colour (holds_color_chance), weighed by
    how often a player who holds it bluffs against how often one who does not
    plays the card. `bluffs` and `honest` are challenges it lost and won this round."""
    view = sit.view
    held = holds_color_chance(sit, view.draw4_by, view.draw4_prev)
    rate = BLUFFS_SMALL if sit.count(view.draw4_by) <= 2 else BLUFFS
    rate = min(1.0, rate * 3.0**bluffs * 0.5**honest)
    guilty = held * rate
    innocent = (1.0 - held) * PLAYS_HONEST
    return guilty / (guilty + innocent) if guilty + innocent > 0 else 0.0
