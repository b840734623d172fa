"""Events: one immutable record per effect, in the order they happen.

The table animates them and the event log explains them. They are NamedTuples,
compared by type as well as by value; the commonest are interned (see `PLAYED`).
`for_seat` hides what a seat may not see.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from .cards import COLORS, Card, all_faces


class DealerCard(NamedTuple):
    """A card drawn to choose the dealer (rule 3.1)."""

    seat: int
    card: Card


class DealerChosen(NamedTuple):
    seat: int


class Dealt(NamedTuple):
    """Seven cards each, dealt one at a time from the dealer's left."""

    dealer: int
    hand_size: int
    players: int


class CardFlipped(NamedTuple):
    """The card turned over to start the discard pile."""

    card: Card


class StartCardReturned(NamedTuple):
    """A wild-draw4 flipped at the start goes back and the pile is shuffled."""

    card: Card


class CardPlayed(NamedTuple):
    seat: int
    card: Card
    jump_in: bool


class ColorNamed(NamedTuple):
    seat: int
    color: str


class CardsDrawn(NamedTuple):
    """`count` cards taken from the pile. `cards` is empty when hidden from the
    viewer. reason: draw, penalty, creeper, challenge, catch."""

    seat: int
    count: int  # type: ignore[assignment]  # shadows tuple.count, on purpose: it reads well
    cards: tuple[Card, ...]
    reason: str


class CreeperShown(NamedTuple):
    """A creeper came off the draw pile: shown to all, three more follow."""

    seat: int
    card: Card


class Passed(NamedTuple):
    """The player kept the card they drew and ended their turn."""

    seat: int


class Skipped(NamedTuple):
    """`seat` loses its turn."""

    seat: int


class Reversed(NamedTuple):
    seat: int
    direction: int


class StackGrew(NamedTuple):
    """A penalty of `total` cards now waits on `target` (draw2 / wild-draw4)."""

    target: int
    total: int


class ChallengeResult(NamedTuple):
    """`hand` is the challenged hand, seen only by the two players involved."""

    challenger: int
    challenged: int
    guilty: bool
    hand: tuple[Card, ...]


class UnoDeclared(NamedTuple):
    seat: int


class Caught(NamedTuple):
    catcher: int
    target: int


class CatchMissed(NamedTuple):
    """A catch that found nothing to catch; it costs nothing (rule 7.3)."""

    catcher: int
    target: int


class CardsGiven(NamedTuple):
    """An Urrrh give-away: `gifts` pairs each receiving seat with a card (None
    where the viewer may not see it)."""

    giver: int
    color: str
    gifts: tuple[tuple[int, Card | None], ...]


class HandsSwapped(NamedTuple):
    seat: int
    other: int


class HandsPassed(NamedTuple):
    """A 0 under seven_zero: every hand moves one seat in `direction`."""

    seat: int
    direction: int


class PileReshuffled(NamedTuple):
    """The discard pile but its top card became the new draw pile."""

    count: int  # type: ignore[assignment]


class RoundWon(NamedTuple):
    """`points` is the winner's standard score; `hands` are revealed."""

    seat: int
    points: int
    hands: tuple[tuple[Card, ...], ...]


class RoundDrawn(NamedTuple):
    """Nobody could move for a whole lap: the round ends with no winner."""

    hands: tuple[tuple[Card, ...], ...]


class MatchWon(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


# Any of the classes above: a real union, so a `match` over events can be checked
# whole (`assert_never` in its last case).
Event = (
    DealerCard
    | DealerChosen
    | Dealt
    | CardFlipped
    | StartCardReturned
    | CardPlayed
    | ColorNamed
    | CardsDrawn
    | CreeperShown
    | Passed
    | Skipped
    | Reversed
    | StackGrew
    | ChallengeResult
    | UnoDeclared
    | Caught
    | CatchMissed
    | CardsGiven
    | HandsSwapped
    | HandsPassed
    | PileReshuffled
    | RoundWon
    | RoundDrawn
    | MatchWon
)

EVENT_TYPES: tuple[type, ...] = (
    DealerCard,
    DealerChosen,
    Dealt,
    CardFlipped,
    StartCardReturned,
    CardPlayed,
    ColorNamed,
    CardsDrawn,
    CreeperShown,
    Passed,
    Skipped,
    Reversed,
    StackGrew,
    ChallengeResult,
    UnoDeclared,
    Caught,
    CatchMissed,
    CardsGiven,
    HandsSwapped,
    HandsPassed,
    PileReshuffled,
    RoundWon,
    RoundDrawn,
    MatchWon,
)
BY_NAME: dict[str, type] = {cls.__name__: cls for cls in EVENT_TYPES}


def _typed_eq(self: tuple, other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _typed_ne(self: tuple, other: object) -> bool:
    return not _typed_eq(self, other)


def _typed_hash(self: tuple) -> int:
    return hash((type(self).__name__, tuple(self)))


def register_event(cls: type) -> None:
    """Make a NamedTuple an event: compared by type as well as value, and known by
    name to saves and replays. A card kind's own events come in this way."""
    cls.__eq__ = _typed_eq  # type: ignore[method-assign,assignment]
    cls.__ne__ = _typed_ne  # type: ignore[method-assign,assignment]
    cls.__hash__ = _typed_hash  # type: ignore[method-assign,assignment]
    BY_NAME[cls.__name__] = cls


for _cls in EVENT_TYPES:
    register_event(_cls)


# The commonest events are interned: equal events are one shared object, so the
# engine's hot path pays a lookup in C instead of building a tuple subclass, which
# costs as much as the rest of a plain play. Events are immutable, so sharing is
# invisible; their fields are seats, cards and reasons, so the caches stay small.
dealt = cache(Dealt)
flipped = cache(CardFlipped)
stack_grew = cache(StackGrew)

# The commonest of all are in tables by seat (a round seats 2 to 10), then by card
# (lists indexed by the card, as the turn tables are): `PLAYED[seat][card]` is the
# one `CardPlayed(seat, card, False)`. A list lookup is a quarter of a cache's,
# which builds, hashes and compares a tuple of the arguments on every call.
SEATS = range(10)
PASSED = tuple(Passed(seat) for seat in SEATS)
SKIPPED = tuple(Skipped(seat) for seat in SEATS)
UNO_DECLARED = tuple(UnoDeclared(seat) for seat in SEATS)
COLOR_NAMED = tuple({color: ColorNamed(seat, color) for color in COLORS} for seat in SEATS)
REVERSED = tuple({d: Reversed(seat, d) for d in (1, -1)} for seat in SEATS)  # by direction
PLAYED: tuple[list[CardPlayed], ...] = tuple([] for _ in SEATS)
JUMPED_IN: tuple[list[CardPlayed], ...] = tuple([] for _ in SEATS)  # jump_in=True
DREW_ONE: tuple[list[CardsDrawn], ...] = tuple([] for _ in SEATS)  # one card, reason "draw"


def intern_cards(cards: tuple[Card, ...]) -> None:
    """Add these faces to the tables by seat and card: the number faces here, the
    faces of every other kind as it registers (kinds.register)."""
    size = max(cards) + 1
    for seat in SEATS:
        for table in (PLAYED, JUMPED_IN, DREW_ONE):
            row: list = table[seat]
            row += [None] * (size - len(row))
        for card in cards:
            PLAYED[seat][card] = CardPlayed(seat, card, False)
            JUMPED_IN[seat][card] = CardPlayed(seat, card, True)
            DREW_ONE[seat][card] = CardsDrawn(seat, 1, (card,), "draw")


intern_cards(all_faces())  # the number faces; kinds.register adds the rest


def for_seat(event: Any, seat: int) -> Event:
    """The event as `seat` may see it: hidden cards removed. (`event` is Any here:
    it runs for every event and seat, and `type(e) is` is the fast test, which the
    type checker does not narrow by.)"""
    kind = type(event)
    if kind is CardsDrawn:
        return event if event.seat == seat or not event.cards else event._replace(cards=())
    if kind is ChallengeResult:
        if seat in (event.challenger, event.challenged):
            return event
        return event._replace(hand=())
    if kind is CardsGiven and seat != event.giver:
        gifts = tuple((to, card if to == seat else None) for to, card in event.gifts)
        return event._replace(gifts=gifts)
    return event
