"""What the public history tells about each opponent's hand.

The one fact worth keeping is "seat s drew on colour c and kept the card": it
held no c then. Each card it takes afterwards may bring a c back, so the fact
is stored with a count of cards received since and read as a probability.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.engine import Card, View
from game.engine.events import (
    CardFlipped,
    CardPlayed,
    CardsDrawn,
    CardsGiven,
    ChallengeResult,
    ColorNamed,
    CreeperShown,
    HandsPassed,
    HandsSwapped,
    Passed,
)


@dataclass
class Memory:
    """`lacked[seat][colour]` = cards seat has received since it showed it had no such colour."""

    players: int
    lacked: list[dict[str, int]] = field(default_factory=list)
    bluffs: list[int] = field(default_factory=list)  # wild-draw4s found guilty, per seat
    honest: list[int] = field(default_factory=list)  # ... and found innocent
    # Cards seen going into a hand and not played since: a challenged hand shown
    # to this seat, a creeper shown on drawing, a card this seat gave away.
    known: list[Counter[Card]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lacked = [{} for _ in range(self.players)]
        self.bluffs = [0] * self.players
        self.honest = [0] * self.players
        self.known = [Counter() for _ in range(self.players)]

    def lack_chance(self, seat: int, color: str, share: float) -> float:
        """How likely `seat` holds no `color` card, from memory alone (0 when unknown).
        `share` is the fraction of unseen cards of that colour."""
        since = self.lacked[seat].get(color)
        if since is None:
            return 0.0
        return (1.0 - share) ** since


def read_history(view: View) -> Memory:
    """Replay the public events of this round for what they say about hands."""
    mem = Memory(view.players)
    color: str | None = None
    pending: tuple[int, str] | None = None  # a turn draw awaiting Passed
    for ev in view.history:
        kind = type(ev)
        if kind is CardPlayed:
            color = ev.card.color or color
            if ev.card.color:
                mem.lacked[ev.seat].pop(ev.card.color, None)
            if mem.known[ev.seat][ev.card] > 0:
                mem.known[ev.seat][ev.card] -= 1
            pending = None
        elif kind is ColorNamed:
            color = ev.color
        elif kind is CardFlipped:
            color = ev.card.color
        elif kind is CardsDrawn:
            _received(mem, ev.seat, ev.count)
            if ev.reason == "draw" and color is not None:
                pending = (ev.seat, color)
        elif kind is Passed and pending is not None and pending[0] == ev.seat:
            mem.lacked[ev.seat][pending[1]] = 0
            pending = None
        elif kind is CardsGiven:
            for to, card in ev.gifts:
                _received(mem, to, 1)
                if card is not None:
                    mem.known[to][card] += 1
        elif kind is CreeperShown:
            mem.known[ev.seat][ev.card] += 1
        elif kind is ChallengeResult:
            tally = mem.bluffs if ev.guilty else mem.honest
            tally[ev.challenged] += 1
            if ev.hand:
                mem.known[ev.challenged] = Counter(ev.hand)
        elif kind is HandsSwapped:
            a, b = ev.seat, ev.other
            mem.lacked[a], mem.lacked[b] = mem.lacked[b], mem.lacked[a]
            mem.known[a], mem.known[b] = mem.known[b], mem.known[a]
        elif kind is HandsPassed:
            n, d = mem.players, ev.direction
            mem.lacked = [mem.lacked[(s - d) % n] for s in range(n)]
            mem.known = [mem.known[(s - d) % n] for s in range(n)]
    return mem


def _received(mem: Memory, seat: int, count: int) -> None:
    facts = mem.lacked[seat]
    for color in facts:
        facts[color] += count
