"""The server's messages on the wire, both ways: `encode` writes a
`ServerMessage` as its JSON text (the server sends nothing else), `decode` reads
one back, checked, as the same dataclass (the client takes nothing else), or
raises `BadServerMessage`, which the client answers by leaving the connection.

Checks are as strict as the server's of its clients (`checks.parse`): known
types, no unknown fields, JSON types, ranges, seats that exist, cards in the
table's deck; names and sentences are cleaned as the server cleans names. A
test holds `decode(encode(m)) == m` for every message.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass

from game.engine import RuleSet
from game.engine.actions import from_text, to_text
from game.engine.errors import EngineError
from game.limits import SCORINGS
from game.online.protocol.checks import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_TARGET,
    MAX_TIMER,
    MIN_TIMER,
    REACTIONS,
    Json,
    JsonValue,
)
from game.online.protocol.deal_chain import Chain
from game.online.protocol.deal_chain import hex_field as _hex
from game.online.protocol.reader import BadServerMessage, Reader
from game.online.protocol.server_messages import (
    MAX_ADDRESS,
    MAX_SHARDS,
    MAX_TABLES_LISTED,
    PRESENCE,
    SEAT_KINDS,
    SEAT_TOKEN,
    WATCHER_TOKEN,
    Clock,
    Deal,
    DealAsk,
    DealCommitments,
    HostSeat,
    Joined,
    Presence,
    Reaction,
    Redirect,
    Refusal,
    Rematch,
    Reveal,
    Seats,
    SeatState,
    ServerClosing,
    ServerMessage,
    Settings,
    TableClosed,
    TableInfo,
    Tables,
    Timeout,
    Update,
    Votes,
    Watching,
    Welcome,
)
from game.online.protocol.update_check import TableFacts, check_action, check_update
from game.online.protocol.updates import ClientState, encode_update

# -- writing -------------------------------------------------------------------------


def encode(message: ServerMessage) -> str:
    """The message as the JSON text that goes over the wire."""
    return json.dumps(to_data(message), separators=(",", ":"), ensure_ascii=False)


def to_data(message: ServerMessage) -> Json:
    """The message as a JSON object: its fields by their wire names, None left out."""
    match message:
        case Update(update=update, full=full):
            return encode_update(update, full)
        case Timeout(seat=seat, action=action):
            return {"type": message.kind, "seat": seat, "action": to_text(action)}
        case Watching(table=table):
            data = to_data(table)
            del data["seat"], data["token"]
            return {**data, "type": message.kind}
    return _fields(message, {"type": message.kind})


def _fields(value: object, data: Json) -> Json:
    """`value`'s fields added to `data`, each under its wire name, None left out."""
    for name, wire in _names(type(value)):
        item = getattr(value, name)
        if item is not None:
            data[wire] = _value(item)
    return data


_PLAIN = frozenset({str, int, float, bool})


def _value(item: object) -> JsonValue:
    if item is None:  # in a list: a seat with nothing (a deal's secrets)
        return None
    if type(item) in _PLAIN:  # first, by its type: this runs for every field sent
        return item
    if isinstance(item, tuple):
        return [_value(v) for v in item]
    if isinstance(item, RuleSet):
        return item.options()
    if dataclasses.is_dataclass(item):  # one message holds others: a table, a seat
        return _fields(item, {})
    assert isinstance(item, (str, int, float)), item  # a str or int enum: JSON as its value
    return item


_WIRE_NAMES: dict[type, tuple[tuple[str, str], ...]] = {}


def _names(kind: type) -> tuple[tuple[str, str], ...]:
    """A dataclass's fields: each one's name and the name it travels under."""
    names = _WIRE_NAMES.get(kind)
    if names is None:
        names = tuple((f.name, f.metadata.get("wire", f.name)) for f in dataclasses.fields(kind))
        _WIRE_NAMES[kind] = names
    return names


# -- reading -------------------------------------------------------------------------


@dataclass
class TableMemory:
    """What the client knows of its table: an update is checked and rebuilt with it."""

    facts: TableFacts
    state: ClientState

    @classmethod
    def of(cls, joined: Joined, watching: bool = False) -> TableMemory:
        facts = TableFacts(joined.seat, len(joined.names), joined.rules, watching=watching)
        return cls(facts, ClientState(joined.rules))


def decode(raw: str | bytes, memory: TableMemory | None) -> ServerMessage:
    """The message in `raw`, checked; `memory`: what `joined` said (None before)."""
    return read_message(parse(raw), memory)


def parse(raw: str | bytes) -> Json:
    """A JSON object with a `type`, not yet checked further."""
    if not isinstance(raw, str):
        raise BadServerMessage("a binary frame")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadServerMessage("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadServerMessage("not a message: a JSON object with a type")
    return data


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def read_message(data: Json, memory: TableMemory | None) -> ServerMessage:
    """The message in `data` (from `parse`), checked."""
    kind = data["type"]
    reader = _READERS.get(kind)
    if reader is None:
        raise BadServerMessage(f"unknown message type {kind[:20]!r}")
    read = Reader(data, kind)
    message = reader(read, memory)
    read.done()
    return message


def _welcome(read: Reader, memory: TableMemory | None) -> Welcome:
    shards = None
    if read.has("shards"):
        shards = tuple(_address(read, a) for a in read.items("shards", MAX_SHARDS))
    return Welcome(read.integer("protocol", 0, 10**6), read.text("server", 60), shards)


def _redirect(read: Reader, memory: TableMemory | None) -> Redirect:
    return Redirect(_code(read), _address(read, read.string("address")))


def _address(read: Reader, address: object) -> str:
    """A shard's address as sent (game.online.client.redirect checks it before use)."""
    if not isinstance(address, str) or not 0 < len(address) <= MAX_ADDRESS:
        raise read.fail("address", "must be an address")
    return address


def _tables(read: Reader, memory: TableMemory | None) -> Tables:
    found = []
    for item in read.items("tables", MAX_TABLES_LISTED):
        one = Reader(item, "tables[]")
        players = one.integer("players", 2, 10)
        known = {o.name for o in RuleSet.house_options()}
        options = one.items("house", len(known))
        house = tuple(o for o in options if isinstance(o, str) and o in known)
        if len(house) != len(options):
            raise one.fail("house", "names an unknown option")
        info = TableInfo(
            _code(one),
            one.choice("theme", RuleSet.preset_names()),
            house,
            players,
            one.integer("open", 0, players),
            one.flag("started"),
            one.integer("watchers", 0, 10_000),
            one.flag("watch"),
        )
        one.done()
        found.append(info)
    return Tables(tuple(found))


def _name_list(values: list[JsonValue], read: Reader) -> tuple[str, ...]:
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
        names=_name_list(names, read),
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


def _round(read: Reader) -> int:
    return read.integer("round", 1, 10**6)


def _players(read: Reader, memory: TableMemory | None) -> int:
    if memory is None:
        raise read.fail(read.kind, "came before joined")
    return memory.facts.players


def _deal_ask(read: Reader, memory: TableMemory | None) -> DealAsk:
    return DealAsk(_round(read))


def _deal_commitments(read: Reader, memory: TableMemory | None) -> DealCommitments:
    number, players = _round(read), _players(read, memory)
    chain = Chain.read(read, number, players, revealed=False)
    return DealCommitments(number, chain.server, chain.seats)


def _deal(read: Reader, memory: TableMemory | None) -> Deal:
    number, dealer, sealed = _round(read), _seat(read, "dealer", memory), _hex(read, "commitment")
    chain = Chain.read(read, number, _players(read, memory)) if read.has("server") else None
    return Deal.drawn(number, dealer, sealed, chain)


def _reveal(read: Reader, memory: TableMemory | None) -> Reveal:
    number, key, sealed = _round(read), _hex(read, "key"), _hex(read, "commitment")
    server = _hex(read, "server_secret") if read.has("server_secret") else None
    return Reveal(number, key, sealed, server)


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
    read.data = {**read.data, "seat": 0, "token": WATCHER_TOKEN}  # read as joined's
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
    return Timeout(seat, from_text(str(text)))  # text: checked as an action above


def _closed(read: Reader, memory: TableMemory | None) -> TableClosed:
    return TableClosed(read.word("reason"), read.text("message"))


def _closing(read: Reader, memory: TableMemory | None) -> ServerClosing:
    return ServerClosing(read.word("reason"), read.text("message"))


def _error(read: Reader, memory: TableMemory | None) -> Refusal:
    wait = read.number("wait", 0, 10**5) if read.has("wait") else None
    return Refusal(read.word("code"), read.text("message"), wait)


_READERS: dict[str, Callable[[Reader, TableMemory | None], ServerMessage]] = {
    "welcome": _welcome,
    "redirect": _redirect,
    "tables": _tables,
    "joined": _joined,
    "seats": _seats,
    "update": _update,
    "timeout": _timeout,
    "table_closed": _closed,
    "server_closing": _closing,
    "error": _error,
    "deal_ask": _deal_ask,
    "deal_commitments": _deal_commitments,
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
