"""What the public history tells about each opponent's hand.

The one fact worth keeping is "seat s drew on colour c and kept the card": it
held no c then. Each card it takes afterwards may bring a c back, so the fact
is stored with a count of cards received since and read as a probability.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

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
    # Like `lacked`, for faces rather than colours (the Expert's guesses read it,
    # the heuristics do not): keys `face_keys` gives a card. A draw on a red 7
    # shows no red, no 7 and no wild-type card; a Draw Two taken where it could be
    # stacked shows no Draw Two; a drawn card played at once leaves a hand that
    # had none of the three, the colour included.
    faces: list[dict[str, int]] = field(default_factory=list)
    moved: bool = False  # hands changed owners this round (a 7 or a 0): facts moved

    def __post_init__(self) -> None:
        self.lacked = [{} for _ in range(self.players)]
        self.bluffs = [0] * self.players
        self.honest = [0] * self.players
        self.known = [Counter() for _ in range(self.players)]
        self.named = [None] * self.players
        self.doubted = [{} for _ in range(self.players)]
        self.drew_on = [Counter() for _ in range(self.players)]
        self.faces = [{} for _ in range(self.players)]

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
    top: Card | None = None  # the card on the discard pile
    pending: tuple[int, str] | None = None  # a turn draw awaiting Passed
    unmatched: list[str] = []  # ... and the faces it showed the drawer had none of
    stackable: str | None = None  # the symbol a penalty could be answered with
    wild_on: tuple[int, str] | None = None  # the last wild's player and the colour it covered
    for ev in view.history:
        kind = type(ev)
        if kind is CardPlayed:
            if ev.card.color is None and color is not None and not ev.jump_in:
                mem.doubted[ev.seat][color] = 0
                wild_on = (ev.seat, color)
            color = ev.card.color or color
            top = ev.card
            stackable = _stackable(view, ev.card)
            if ev.card.color:
                mem.lacked[ev.seat].pop(ev.card.color, None)
                mem.doubted[ev.seat].pop(ev.card.color, None)
            for key in face_keys(ev.card):
                mem.faces[ev.seat].pop(key, None)
            if mem.known[ev.seat][ev.card] > 0:
                mem.known[ev.seat][ev.card] -= 1
            if pending is not None and pending[0] == ev.seat and not ev.jump_in:
                _lacks_faces(mem, ev.seat, unmatched)  # it played the card it drew
            pending = None
        elif kind is ColorNamed:
            color = ev.color
            mem.named[ev.seat] = ev.color
            mem.lacked[ev.seat].pop(ev.color, None)
            mem.faces[ev.seat].pop(ev.color, None)
        elif kind is CardFlipped:
            color = ev.card.color
            top, stackable = ev.card, None
        elif kind is CardsDrawn:
            if ev.reason == "penalty" and stackable is not None:
                _lacks_faces(mem, ev.seat, [stackable])  # it took what it could pass on
            _received(mem, ev.seat, ev.count)
            stackable = None
            if ev.reason == "draw" and color is not None:
                pending = (ev.seat, color)
                unmatched = _unmatched(color, top)
        elif kind is Passed and pending is not None and pending[0] == ev.seat:
            _lacks(mem, ev.seat, pending[1])
            _lacks_faces(mem, ev.seat, unmatched[1:])  # the colour is in `lacked`
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
    return (mem.lacked, mem.known, mem.named, mem.doubted, mem.faces)


WILD_TYPE = "*"  # the face key every wild-type card has


@cache
def face_keys(card: Card) -> tuple[str, ...]:
    """What `Memory.faces` may say a hand lacks that this card is: its colour
    (or wild-type) and its symbol (`#7`, `#draw2`)."""
    return (card.color or WILD_TYPE, "#" + card.symbol)


def _unmatched(color: str, top: Card | None) -> list[str]:
    """The faces a player who had to draw showed it held none of (rule 4.1): the
    colour first, then wild-type cards and the top card's symbol."""
    keys = [color, WILD_TYPE]
    if top is not None and top.color is not None:
        keys.append("#" + top.symbol)
    return keys


def _stackable(view: View, card: Card) -> str | None:
    """The face that answers the penalty `card` starts, where the rules let one."""
    rules = view.rules
    if (card.kind == "draw2" and rules.stack_draw2) or (
        card.kind == "wild-draw4" and rules.stack_draw4
    ):
        return "#" + card.symbol
    return None


def _lacks_faces(mem: Memory, seat: int, keys: list[str]) -> None:
    for key in keys:
        mem.faces[seat][key] = 0


def _lacks(mem: Memory, seat: int, color: str) -> None:
    """`seat` has shown it holds no `color` card: so it no longer names one held."""
    mem.lacked[seat][color] = 0
    if mem.named[seat] == color:
        mem.named[seat] = None


def _received(mem: Memory, seat: int, count: int) -> None:
    for facts in (mem.lacked[seat], mem.doubted[seat], mem.faces[seat]):
        for color in facts:
            facts[color] += count
