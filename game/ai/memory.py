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
    # The colour each seat last named with a wild, while nothing says it has none:
    # players name a colour they hold (the most of), unless they hold none at all.
    named: list[str | None] = field(default_factory=list)
    # Like `lacked`, but only likely: the seat played a wild on this colour, which a
    # player keeps while a coloured card will do (cards received since, per colour).
    doubted: list[dict[str, int]] = field(default_factory=list)
    # How often each player drew on each colour and kept the card: a player's own
    # record, told in a read ("Carlos has drawn on green twice").
    drew_on: list[Counter[str]] = field(default_factory=list)
    moved: bool = False  # hands changed owners this round (a 7 or a 0): facts moved

    def __post_init__(self) -> None:
        self.lacked = [{} for _ in range(self.players)]
        self.bluffs = [0] * self.players
        self.honest = [0] * self.players
        self.known = [Counter() for _ in range(self.players)]
        self.named = [None] * self.players
        self.doubted = [{} for _ in range(self.players)]
        self.drew_on = [Counter() for _ in range(self.players)]

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
    wild_on: tuple[int, str] | None = None  # the last wild's player and the colour it covered
    for ev in view.history:
        kind = type(ev)
        if kind is CardPlayed:
            if ev.card.color is None and color is not None and not ev.jump_in:
                mem.doubted[ev.seat][color] = 0
                wild_on = (ev.seat, color)
            color = ev.card.color or color
            if ev.card.color:
                mem.lacked[ev.seat].pop(ev.card.color, None)
                mem.doubted[ev.seat].pop(ev.card.color, None)
            if mem.known[ev.seat][ev.card] > 0:
                mem.known[ev.seat][ev.card] -= 1
            pending = None
        elif kind is ColorNamed:
            color = ev.color
            mem.named[ev.seat] = ev.color
            mem.lacked[ev.seat].pop(ev.color, None)
        elif kind is CardFlipped:
            color = ev.card.color
        elif kind is CardsDrawn:
            _received(mem, ev.seat, ev.count)
            if ev.reason == "draw" and color is not None:
                pending = (ev.seat, color)
        elif kind is Passed and pending is not None and pending[0] == ev.seat:
            _lacks(mem, ev.seat, pending[1])
            mem.drew_on[ev.seat][pending[1]] += 1
            pending = None
        elif kind is CardsGiven:
            _lacks(mem, ev.giver, ev.color)  # an urrrh gives every card of the colour
            for to, card in ev.gifts:
                _received(mem, to, 1)
                if card is not None:
                    mem.known[to][card] += 1
        elif kind is CreeperShown:
            mem.known[ev.seat][ev.card] += 1
        elif kind is ChallengeResult:
            tally = mem.bluffs if ev.guilty else mem.honest
            tally[ev.challenged] += 1
            if wild_on is not None and wild_on[0] == ev.challenged:
                if ev.guilty:  # it held the colour after all
                    mem.doubted[ev.challenged].pop(wild_on[1], None)
                else:  # an honest Wild Draw Four: no card of that colour, for certain
                    _lacks(mem, ev.challenged, wild_on[1])
            if ev.hand:
                mem.known[ev.challenged] = Counter(ev.hand)
        elif kind is HandsSwapped:
            a, b = ev.seat, ev.other
            mem.moved = True
            for facts in _hands_facts(mem):
                facts[a], facts[b] = facts[b], facts[a]
        elif kind is HandsPassed:
            n, d = mem.players, ev.direction
            mem.moved = True
            for facts in _hands_facts(mem):
                facts[:] = [facts[(s - d) % n] for s in range(n)]
    return mem


def _hands_facts(mem: Memory) -> tuple[list, ...]:
    """What memory knows of each hand, by seat: it moves when the hands do (a
    player's own record, such as its bluffs, stays)."""
    return (mem.lacked, mem.known, mem.named, mem.doubted)


def _lacks(mem: Memory, seat: int, color: str) -> None:
    """`seat` has shown it holds no `color` card: so it no longer names one held."""
    mem.lacked[seat][color] = 0
    if mem.named[seat] == color:
        mem.named[seat] = None


def _received(mem: Memory, seat: int, count: int) -> None:
    for facts in (mem.lacked[seat], mem.doubted[seat]):
        for color in facts:
            facts[color] += count
