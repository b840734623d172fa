"""What a server may say to a client: one frozen dataclass per message, each read
and checked by `read_message`. The client `match`es on the class; a message that
is not one of these, or not in range for the table, raises `BadServerMessage`.

Checks are as strict as the server's of its clients (`messages.parse`): known
types, no unknown fields, JSON types, ranges, seats that exist, cards in the
table's deck; names and sentences are cleaned as the server cleans names.

Why dataclasses and not msgspec: the checks that keep a client from crashing
are about the table (a seat below its player count, a card in its deck, a
hand as long as its count), which a schema library cannot say; it would check
only the JSON shapes, the easy part, and add a compiled extension per platform
to the standalone app.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import RuleSet
from game.engine.actions import Action, from_text
from game.engine.errors import EngineError
from game.limits import SCORINGS
from game.online.protocol.checks import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_TARGET,
    MAX_TIMER,
    MIN_TIMER,
    REACTIONS,
)
from game.online.protocol.reader import BadServerMessage, Reader
from game.online.protocol.update_check import TableFacts, check_action, check_update
from game.online.protocol.updates import ClientState
from game.table.updates import SeatUpdate

MAX_TABLES_LISTED = 1000
SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
SEAT_KINDS = ("person", "bot", "open")
MAX_SHARDS, MAX_ADDRESS = 256, 255  # a welcome's list of shards; one address's length


@dataclass(frozen=True)
class Welcome:
    protocol: int
    server: str
    # A server of several shards: every shard's address, where a redirect may send
    # the client and where it looks for its table when its shard has gone.
    shards: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableInfo:
    """A public table in the lobby (private ones are never listed)."""

    code: str
    theme: str
    house: tuple[str, ...]  # the house options it plays with
    players: int
    open: int
    started: bool
    watchers: int
    watch: bool  # its host lets people watch


@dataclass(frozen=True)
class Tables:
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True)
class Joined:
    code: str
    seat: int
    token: str
    theme: str
    rules: RuleSet
    target: int
    scoring: str
    timer: int
    catch_window: float
    names: tuple[str, ...]
    host: int = 0  # the seat that may start and change the settings
    dedicated: bool = False  # `uno-table serve`: the table goes on when its host leaves
    public: bool = False  # listed in the lobby
    watch: bool = False  # people may watch it by code


@dataclass(frozen=True)
class SeatState:
    name: str
    kind: str  # person, bot or open
    here: bool
    computer: bool  # a computer plays it (a bot, or a person's stand-in)


@dataclass(frozen=True)
class Seats:
    started: bool
    seats: tuple[SeatState, ...]
    host: int = 0
    watchers: int = 0  # spectators


@dataclass(frozen=True)
class Deal:
    """A round is dealt: the hash that binds the server to its deck."""

    round_number: int
    dealer: int
    commitment: str


@dataclass(frozen=True)
class Reveal:
    """A round is over: its key, to check the deal against the commitment."""

    round_number: int
    key: str
    commitment: str


PRESENCE = ("away", "computer", "back", "left")


@dataclass(frozen=True)
class Presence:
    seat: int
    state: str  # one of PRESENCE
    seconds: float | None = None  # away: until a computer plays for them


@dataclass(frozen=True)
class Clock:
    """A person's turn is timed: `seconds` left from now."""

    seat: int
    seconds: float


@dataclass(frozen=True)
class HostSeat:
    seat: int


@dataclass(frozen=True)
class Votes:
    seat: int
    votes: int
    needed: int


@dataclass(frozen=True)
class Settings:
    target: int
    scoring: str
    timer: int
    rules: RuleSet
    public: bool = False
    watch: bool = False


@dataclass(frozen=True)
class Update:
    update: SeatUpdate
    full: bool  # the round's whole history came with it


@dataclass(frozen=True)
class Timeout:
    seat: int
    action: Action


@dataclass(frozen=True)
class TableClosed:
    reason: str
    message: str


@dataclass(frozen=True)
class ServerClosing:
    reason: str
    message: str


@dataclass(frozen=True)
class Refusal:
    """An `error`: `code` chooses the sentence the player reads."""

    code: str
    message: str
    wait: float | None = None  # `guesses`: seconds until this address may try again


@dataclass(frozen=True)
class Redirect:
    """The table `code` lives on another shard, at `address`: ask there (checked by
    game.online.client.redirect before it is followed)."""

    code: str
    address: str


@dataclass(frozen=True)
class Watching:
    """This connection watches a table (no seat): what `joined` says of it."""

    table: Joined


@dataclass(frozen=True)
class Reaction:
    seat: int  # -1: a spectator
    code: str  # one of messages.REACTIONS


@dataclass(frozen=True)
class Rematch:
    """At a match's end: who has said yes to another, of the people here."""

    yes: tuple[int, ...]
    people: tuple[int, ...]
    seconds: float  # until those who said yes play


ServerMessage = (
    Welcome
    | Tables
    | Joined
    | Seats
    | Update
    | Timeout
    | TableClosed
    | ServerClosing
    | Refusal
    | Redirect
    | Deal
    | Reveal
    | Presence
    | Clock
    | HostSeat
    | Votes
    | Settings
    | Watching
    | Reaction
    | Rematch
)


@dataclass
class TableMemory:
    """What the client knows of its table: an update is checked and rebuilt with it."""

    facts: TableFacts
    state: ClientState


def decode(raw: str | bytes) -> dict[str, Any]:
    if not isinstance(raw, str):
        raise BadServerMessage("a binary frame")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadServerMessage("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadServerMessage("not a message: a JSON object with a type")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_message(data: dict[str, Any], memory: TableMemory | None) -> ServerMessage:
    """The message in `data`, checked; `memory`: what `joined` said (None before)."""
    kind = data["type"]
    reader = _READERS.get(kind)
    if reader is None:
        raise BadServerMessage(f"unknown message type {kind[:20]!r}")
    read = Reader(data, kind)
    message = reader(read, memory)
    read.done()
    return message


def _welcome(read: Reader, memory: TableMemory | None) -> Welcome:
    shards = read.items("shards", MAX_SHARDS) if read.has("shards") else []
    if not all(isinstance(s, str) and len(s) <= MAX_ADDRESS for s in shards):
        raise read.fail("shards", "must be addresses")
    return Welcome(read.integer("protocol", 0, 10**6), read.text("server", 60), tuple(shards))


def _redirect(read: Reader, memory: TableMemory | None) -> Redirect:
    address = read.string("address")
    if len(address) > MAX_ADDRESS:
        raise read.fail("address", "is too long")
    return Redirect(_code(read), address)


def _tables(read: Reader, memory: TableMemory | None) -> Tables:
    found = []
    for item in read.items("tables", MAX_TABLES_LISTED):
        one = Reader(item, "tables[]")
        players = one.integer("players", 2, 10)
        house = {o.name for o in RuleSet.house_options()}
        options = one.items("house", len(house))
        if not all(isinstance(o, str) and o in house for o in options):
            raise one.fail("house", "names an unknown option")
        info = TableInfo(
            _code(one),
            one.choice("theme", RuleSet.preset_names()),
            tuple(options),
            players,
            one.integer("open", 0, players),
            one.flag("started"),
            one.integer("watchers", 0, 10_000),
            one.flag("watch"),
        )
        one.done()
        found.append(info)
    return Tables(tuple(found))


def _names(values: list[Any], read: Reader) -> tuple[str, ...]:
    if not all(isinstance(v, str) for v in values):
        raise read.fail("names", "must be text")
    return tuple(Reader({"n": v}, read.kind).name("n") for v in values)


def _code(read: Reader) -> str:
    code = read.string("code")
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise read.fail("code", "is not a table code")
    return code


def _rules(read: Reader, theme: str | None) -> RuleSet:
    rules = read.rules()
    if theme is not None and rules.name != theme:
        raise read.fail("rules", "are not the theme's")
    return rules


def _joined(read: Reader, memory: TableMemory | None) -> Joined:
    names = read.items("names", 10, 2)
    theme = read.choice("theme", RuleSet.preset_names())
    rules = _rules(read, theme)
    token = read.string("token")
    if not SEAT_TOKEN.fullmatch(token):
        raise read.fail("token", "is not a seat token")
    return Joined(
        code=_code(read),
        seat=read.integer("seat", 0, len(names) - 1),
        token=token,
        theme=theme,
        rules=rules,
        target=read.integer("target", 1, MAX_TARGET),
        scoring=read.choice("scoring", SCORINGS),
        timer=read.integer("timer", MIN_TIMER, MAX_TIMER),
        catch_window=read.number("catch_window", 0, 10),
        names=_names(names, read),
        host=read.integer("host", 0, len(names) - 1),
        dedicated=read.flag("dedicated"),
        public=read.flag("public"),
        watch=read.flag("watch"),
    )


def _seats(read: Reader, memory: TableMemory | None) -> Seats:
    if memory is None:
        raise read.fail("seats", "came before joined")
    states = []
    for item in read.items("seats", memory.facts.players, memory.facts.players):
        one = Reader(item, "seats[]")
        states.append(
            SeatState(
                one.name("name"),
                one.choice("kind", SEAT_KINDS),
                one.flag("here"),
                one.flag("computer"),
            )
        )
        one.done()
    host = _seat(read, "host", memory)
    watchers = read.integer("watchers", 0, 10_000)
    return Seats(read.flag("started"), tuple(states), host, watchers)


def _seat(read: Reader, name: str, memory: TableMemory | None) -> int:
    if memory is None:
        raise read.fail(name, "came before joined")
    return read.integer(name, 0, memory.facts.players - 1)


HEX64 = re.compile(r"[0-9a-f]{64}")


def _hex(read: Reader, name: str) -> str:
    value = read.string(name)
    if not HEX64.fullmatch(value):
        raise read.fail(name, "must be 64 hexadecimal digits")
    return value


def _deal(read: Reader, memory: TableMemory | None) -> Deal:
    return Deal(
        read.integer("round", 1, 10**6), _seat(read, "dealer", memory), _hex(read, "commitment")
    )


def _reveal(read: Reader, memory: TableMemory | None) -> Reveal:
    return Reveal(read.integer("round", 1, 10**6), _hex(read, "key"), _hex(read, "commitment"))


def _presence(read: Reader, memory: TableMemory | None) -> Presence:
    seat, state = _seat(read, "seat", memory), read.choice("state", PRESENCE)
    seconds = read.number("seconds", 0, 10**5) if read.has("seconds") else None
    return Presence(seat, state, seconds)


def _clock(read: Reader, memory: TableMemory | None) -> Clock:
    return Clock(_seat(read, "seat", memory), read.number("seconds", 0, MAX_TIMER))


def _host(read: Reader, memory: TableMemory | None) -> HostSeat:
    return HostSeat(_seat(read, "seat", memory))


def _votes(read: Reader, memory: TableMemory | None) -> Votes:
    seat = _seat(read, "seat", memory)
    return Votes(seat, read.integer("votes", 0, 10), read.integer("needed", 1, 10))


def _settings(read: Reader, memory: TableMemory | None) -> Settings:
    if memory is None:
        raise read.fail("settings", "came before joined")
    rules = _rules(read, memory.facts.rules.name)
    if (rules.colors, rules.special) != (memory.facts.rules.colors, memory.facts.rules.special):
        raise read.fail("rules", "changed the deck")
    return Settings(
        read.integer("target", 1, MAX_TARGET),
        read.choice("scoring", SCORINGS),
        read.integer("timer", MIN_TIMER, MAX_TIMER),
        rules,
        read.flag("public"),
        read.flag("watch"),
    )


def _watching(read: Reader, memory: TableMemory | None) -> Watching:
    """A `joined` without a seat or token: the table this connection watches."""
    read.data = {**read.data, "seat": 0, "token": "x" * 16}  # read as joined's
    joined = _joined(read, memory)
    return Watching(joined)


def _reaction(read: Reader, memory: TableMemory | None) -> Reaction:
    if memory is None:
        raise read.fail("reaction", "came before joined")
    seat = read.integer("seat", -1, memory.facts.players - 1)
    return Reaction(seat, read.choice("code", REACTIONS))


def _rematch(read: Reader, memory: TableMemory | None) -> Rematch:
    if memory is None:
        raise read.fail("rematch", "came before joined")
    seats = [_seats_listed(read, name, memory) for name in ("yes", "people")]
    return Rematch(seats[0], seats[1], read.number("seconds", 0, 3600))


def _seats_listed(read: Reader, name: str, memory: TableMemory) -> tuple[int, ...]:
    values = read.items(name, memory.facts.players)
    return tuple(memory.facts.seat_ok(v, name) for v in values)


def _update(read: Reader, memory: TableMemory | None) -> Update:
    if memory is None:
        raise read.fail("update", "came before joined")
    check_update(read.data, memory.facts)
    read.read |= set(read.data)  # every field was checked above
    full = "history" in read.data
    try:
        return Update(memory.state.read(read.data), full)
    except (EngineError, ValueError, TypeError, KeyError, IndexError) as err:  # checked: a bug
        raise BadServerMessage(f"update: {type(err).__name__}") from None


def _timeout(read: Reader, memory: TableMemory | None) -> Timeout:
    if memory is None:
        raise read.fail("timeout", "came before joined")
    seat = memory.facts.seat_ok(read.raw("seat"), "seat")
    text = read.raw("action")
    check_action(text, memory.facts)
    return Timeout(seat, from_text(text))


def _closed(read: Reader, memory: TableMemory | None) -> TableClosed:
    return TableClosed(read.word("reason"), read.text("message"))


def _closing(read: Reader, memory: TableMemory | None) -> ServerClosing:
    return ServerClosing(read.word("reason"), read.text("message"))


def _error(read: Reader, memory: TableMemory | None) -> Refusal:
    wait = read.number("wait", 0, 10**5) if read.has("wait") else None
    return Refusal(read.word("code"), read.text("message"), wait)


_READERS: dict[str, Callable[[Reader, TableMemory | None], ServerMessage]] = {
    "welcome": _welcome,
    "tables": _tables,
    "joined": _joined,
    "seats": _seats,
    "update": _update,
    "timeout": _timeout,
    "table_closed": _closed,
    "server_closing": _closing,
    "error": _error,
    "redirect": _redirect,
    "deal": _deal,
    "reveal": _reveal,
    "presence": _presence,
    "clock": _clock,
    "host": _host,
    "votes": _votes,
    "settings": _settings,
    "watching": _watching,
    "reaction": _reaction,
    "rematch": _rematch,
}
