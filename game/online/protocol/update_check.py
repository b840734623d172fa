"""An `update` message checked against the table it claims to be about: the
seat is ours, every seat it names exists, every card is in the table's deck,
every number is in range, every event and action is one the engine knows.
`wire.ClientState` then builds the `SeatUpdate` from it, trusting its shape.

A server that sends anything else raises `BadServerMessage` here (the client
leaves), never an IndexError or a KeyError deep in the table scene.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from functools import cached_property
from typing import Union, get_args, get_origin

from game.engine import Card, RuleSet
from game.engine import events as ev
from game.engine.actions import Catch, ChooseColor, Play, from_text
from game.engine.errors import EngineError
from game.engine.phases import Phase
from game.engine.serialise import _hints
from game.limits import SCORINGS
from game.online.protocol.checks import MAX_TARGET, Json
from game.online.protocol.reader import BadServerMessage, Reader, check_int, is_int

MOST = 10**6  # a count or a score no match reaches
MOST_LEGAL = 4000  # a hand of every card, each with its colours, swaps and an UNO call
# Event fields that name a seat (the rest of the ints are counts and points).
SEAT_FIELDS = frozenset(
    {"seat", "dealer", "target", "catcher", "challenger", "challenged", "giver", "other"}
)


@dataclass(frozen=True)
class TableFacts:
    """What `joined` said of the table: an update is checked against it."""

    seat: int
    players: int
    rules: RuleSet
    watching: bool = False  # a spectator: seat 0's public view, never a hand

    @cached_property
    def deck(self) -> frozenset[Card]:
        return frozenset(self.rules.deck())

    @cached_property
    def deck_size(self) -> int:
        return len(self.rules.deck())

    def seat_ok(self, value: object, name: str, none: int | None = None) -> int:
        if value == none and is_int(value):
            return value
        return check_int(value, 0, self.players - 1, name=name)

    def card(self, value: object, name: str) -> Card:
        if not isinstance(value, str) or len(value) > 24:
            raise BadServerMessage(f"{name}: not a card")
        try:
            card = Card.parse(value)
        except EngineError:
            raise BadServerMessage(f"{name}: {value[:24]!r} is not a card") from None
        if card not in self.deck:
            raise BadServerMessage(f"{name}: {value!r} is not in this table's deck")
        return card

    def cards(self, value: object, name: str) -> list[Card]:
        if not isinstance(value, list) or len(value) > self.deck_size:
            raise BadServerMessage(f"{name}: not a list of cards")
        return [self.card(c, name) for c in value]

    def color(self, value: object, name: str) -> str:
        if not isinstance(value, str) or value not in self.rules.colors:
            raise BadServerMessage(f"{name}: not a colour of this deck")
        return value

    def per_seat(self, value: object, name: str) -> list[object]:
        if not isinstance(value, list) or len(value) != self.players:
            raise BadServerMessage(f"{name}: not one entry per seat")
        return value


def check_update(data: Json, facts: TableFacts) -> None:
    read = Reader(data, "update")
    if read.integer("seat", 0, 9) != facts.seat:
        raise BadServerMessage("update: for another seat")
    read.integer("token", 0, 2**53)
    read.integer("round", 1, MOST)
    read.integer("actions", 0, MOST)
    check_view(read.mapping("view"), facts)
    for text in read.items("legal", MOST_LEGAL):
        check_action(text, facts)
    for event in read.items("events", MOST):
        check_event(event, facts)
    if read.has("history"):
        for event in read.items("history", MOST):
            check_event(event, facts)
    result = read.raw("result")
    if result is not None:
        check_result(result, facts)
    read.done()


def check_view(data: Json, facts: TableFacts) -> None:
    read = Reader(data, "update.view")
    if read.integer("seat", 0, 9) != facts.seat or read.integer("players", 2, 10) != facts.players:
        raise BadServerMessage("update.view: another seat or table")
    seat = lambda name, none=None: facts.seat_ok(read.raw(name), name, none)  # noqa: E731
    seat("dealer")
    seat("current")
    seat("draw4_by", -1)
    seat("uno_open", -1)
    if read.raw("winner") is not None:
        seat("winner")
    hand = facts.cards(read.raw("hand"), "hand")
    counts = facts.per_seat(read.raw("hand_counts"), "hand_counts")
    for count in counts:
        check_int(count, 0, facts.deck_size, name="hand_counts")
    if facts.watching and hand:
        raise BadServerMessage("update.view: a hand sent to a spectator")
    if counts[facts.seat] != len(hand) and not facts.watching:
        raise BadServerMessage("update.view: the hand and its count differ")
    discard = facts.cards(read.raw("discard_pile"), "discard_pile")
    if not discard or facts.card(read.raw("top"), "top") != discard[-1]:
        raise BadServerMessage("update.view: the top card is not the discard pile's")
    for name in ("color", "draw4_prev"):
        if read.raw(name) is not None:
            facts.color(read.raw(name), name)
    if read.raw("drawn") is not None:
        facts.card(read.raw("drawn"), "drawn")
    read.choice("phase", frozenset(p.value for p in Phase))
    if read.integer("direction", -1, 1) == 0:
        raise BadServerMessage("update.view: direction must be 1 or -1")
    read.integer("penalty", 0, facts.deck_size)
    read.integer("idle", -1, MOST)  # -1: cards moved mid-turn (Round._moved_mid_turn)
    read.integer("draw_pile_size", 0, facts.deck_size)
    for score in facts.per_seat(read.raw("scores"), "scores"):
        check_int(score, 0, MOST, name="scores")
    read.integer("target", 0, MAX_TARGET)
    read.choice("scoring", SCORINGS)
    read.done()


def check_action(text: object, facts: TableFacts) -> None:
    if not isinstance(text, str) or len(text) > 80:
        raise BadServerMessage("update.legal: not an action")
    try:
        action = from_text(text)
    except (EngineError, ValueError):
        raise BadServerMessage(f"update.legal: {text[:40]!r} is not an action") from None
    if isinstance(action, Play):
        facts.card(action.card.text, "legal")
        for colour in (action.color, action.give):
            if colour is not None:
                facts.color(colour, "legal")
        if action.swap is not None:
            facts.seat_ok(action.swap, "legal swap")
    elif isinstance(action, ChooseColor):
        facts.color(action.color, "legal")
    elif isinstance(action, Catch):
        facts.seat_ok(action.target, "legal catch")


def check_event(data: object, facts: TableFacts) -> None:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise BadServerMessage("an event is a list that starts with its name")
    cls = ev.BY_NAME.get(data[0])
    if cls is None:
        raise BadServerMessage(f"no event is called {data[0][:30]!r}")
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
    if len(data) != len(fields) + 1:
        raise BadServerMessage(f"{cls.__name__}: {len(data) - 1} fields, not {len(fields)}")
    hints = _hints(cls)
    for name, value in zip(fields, data[1:], strict=True):
        _check_value(hints[name], value, name, facts)


def _check_value(hint: object, value: object, name: str, facts: TableFacts) -> None:
    """One event field, by its type and, for a number, by what its name says it is."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Card:
        facts.card(value, name)
    elif origin in (Union, types.UnionType):
        if value is not None:
            _check_value(next(a for a in args if a is not type(None)), value, name, facts)
    elif origin is tuple:
        _check_tuple(args, value, name, facts)
    elif hint is bool:
        if not isinstance(value, bool):
            raise BadServerMessage(f"{name}: must be true or false")
    elif hint is int:
        _check_number(value, name, facts)
    elif hint is str:
        if name == "color":
            facts.color(value, name)
        elif not isinstance(value, str) or not value.isidentifier() or len(value) > 32:
            raise BadServerMessage(f"{name}: not a word")
    else:
        raise BadServerMessage(f"{name}: a field the client cannot check")


def _check_tuple(args: tuple, value: object, name: str, facts: TableFacts) -> None:
    if not isinstance(value, list):
        raise BadServerMessage(f"{name}: must be a list")
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:
            facts.cards(value, name)
            return
        if name in ("hands", "scores"):
            facts.per_seat(value, name)
        elif len(value) > facts.deck_size:
            raise BadServerMessage(f"{name}: too long")
        item = "seat" if name == "winners" else name
        for v in value:
            _check_value(args[0], v, item, facts)
        return
    if len(value) != len(args):
        raise BadServerMessage(f"{name}: {len(value)} parts, not {len(args)}")
    for part, (hint, v) in enumerate(zip(args, value, strict=True)):
        _check_value(hint, v, "seat" if part == 0 and name == "gifts" else name, facts)


def _check_number(value: object, name: str, facts: TableFacts) -> None:
    if name in SEAT_FIELDS:
        facts.seat_ok(value, name)
    elif name == "direction":
        if value not in (1, -1) or not is_int(value):
            raise BadServerMessage("direction must be 1 or -1")
    elif name == "players":
        if value != facts.players or not is_int(value):
            raise BadServerMessage("players: not this table's")
    else:
        check_int(value, 0, MOST, name=name)


def check_result(data: object, facts: TableFacts) -> None:
    read = Reader(data, "update.result")
    if read.raw("winner") is not None:
        facts.seat_ok(read.raw("winner"), "winner")
    for hand in facts.per_seat(read.raw("hands"), "hands"):
        facts.cards(hand, "hands")
    for name in ("before", "totals"):
        for score in facts.per_seat(read.raw(name), name):
            check_int(score, 0, MOST, name=name)
    read.flag("match_over")
    for seat in read.items("match_winners", facts.players):
        facts.seat_ok(seat, "match_winners")
    read.done()
