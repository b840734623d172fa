"""Hypothesis strategies for every server message, built from the dataclasses
themselves: each field is drawn by its name (`FIELDS`), within the range the
client's reader allows at a table of `players` seats playing `rules`. A message
class with a field nobody drew for fails `strategy_for` at once, so a new message
cannot miss the round-trip test."""

from __future__ import annotations

import dataclasses
import string
import typing
from collections.abc import Callable

from hypothesis import strategies as st

from game.engine import RuleSet
from game.engine.actions import DRAW, PASS, Play
from game.limits import MAX_TARGET, SCORINGS
from game.online.protocol import checks
from game.online.protocol import server_messages as sm
from game.online.protocol.names import calm_marks
from game.online.protocol.reader import clean_text
from game.table import (
    BotRunner,
    GameSetup,
    SeatKind,
    SeatSetup,
    SeatUpdate,
    Table,
    seat_controllers,
    settled,
)

HOUSE = sorted(o.name for o in RuleSet.house_options())
THEMES = sorted(RuleSet.preset_names())
HEX = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)
CODE = st.text(alphabet=checks.CODE_ALPHABET, min_size=6, max_size=6)
TOKEN = st.text(alphabet=string.ascii_letters + string.digits + "_-", min_size=16, max_size=64)
ADDRESS = st.from_regex(r"wss?://[a-z0-9.-]{1,40}(:[0-9]{1,5})?(/[a-z0-9]{1,8})?", fullmatch=True)
WORD = st.from_regex(r"[a-z][a-z0-9_]{0,31}", fullmatch=True)


def name() -> st.SearchStrategy[str]:
    """A name as the client keeps one: cleaned as the server cleans names."""
    return st.text(max_size=30).map(lambda t: calm_marks(checks.clean_name(t, "")))


def text(limit: int = 300) -> st.SearchStrategy[str]:
    return st.text(max_size=limit + 20).map(lambda t: clean_text(t, limit))


def rules(theme: str) -> st.SearchStrategy[RuleSet]:
    options = st.dictionaries(st.sampled_from(HOUSE), st.booleans())
    return options.map(lambda o: RuleSet.preset(theme).replace(**o))


@dataclasses.dataclass(frozen=True)
class At:
    """The table a message is drawn for: what its `joined` said."""

    players: int
    rules: RuleSet

    def seat(self) -> st.SearchStrategy[int]:
        return st.integers(0, self.players - 1)

    def seats(self) -> st.SearchStrategy[tuple[int, ...]]:
        return st.lists(self.seat(), max_size=self.players).map(tuple)


Draw = Callable[[At], st.SearchStrategy[object]]


def _action(at: At) -> st.SearchStrategy[object]:
    cards = sorted({c.text for c in at.rules.deck()})

    def play(card: str, color: str) -> Play:
        return Play(card, color=color) if card.startswith("wild") else Play(card)

    played = st.builds(play, st.sampled_from(cards), st.sampled_from(at.rules.colors))
    return st.sampled_from([DRAW, PASS]) | played


def _table_info(at: At) -> st.SearchStrategy[object]:
    @st.composite
    def info(draw: st.DrawFn) -> sm.TableInfo:
        players = draw(st.integers(2, 10))
        return sm.TableInfo(
            draw(CODE),
            draw(st.sampled_from(THEMES)),
            tuple(draw(st.lists(st.sampled_from(HOUSE), max_size=len(HOUSE)))),
            players,
            draw(st.integers(0, players)),
            draw(st.booleans()),
            draw(st.integers(0, 10_000)),
            draw(st.booleans()),
        )

    return info()


def _seat_states(at: At) -> st.SearchStrategy[object]:
    state = st.builds(
        sm.SeatState, name(), st.sampled_from(sm.SEAT_KINDS), st.booleans(), st.booleans()
    )
    return st.lists(state, min_size=at.players, max_size=at.players).map(tuple)


def _seconds(high: float) -> Draw:
    return lambda at: st.floats(0, high)


def _maybe(high: float) -> Draw:
    return lambda at: st.none() | st.floats(0, high)


def _per_seat(at: At, maybe: bool = True) -> st.SearchStrategy[tuple[str | None, ...]]:
    """One commitment or secret per seat (None: a computer's, or none in time)."""
    item = (st.none() | HEX) if maybe else HEX
    return st.lists(item, min_size=at.players, max_size=at.players).map(tuple)


def _deal(at: At) -> st.SearchStrategy[object]:
    """A deal with its whole chain, or (a round from a key nobody drew) none of it."""
    head = (st.integers(1, 10**6), at.seat(), HEX)
    bare = st.builds(sm.Deal, *head)
    drawn = st.builds(sm.Deal, *head, HEX, _per_seat(at), _per_seat(at))
    return bare | drawn


# Whole messages whose fields go together.
WHOLE: dict[type, Draw] = {sm.Deal: _deal}

# By (message class, field), else by field: what each field may hold.
FIELDS: dict[tuple[type, str] | str, Draw] = {
    "code": lambda at: CODE,
    "seat": At.seat,
    "host": At.seat,
    "dealer": At.seat,
    "token": lambda at: TOKEN,
    "theme": lambda at: st.just(at.rules.name),
    "rules": lambda at: rules(at.rules.name),
    "target": lambda at: st.integers(1, MAX_TARGET),
    "scoring": lambda at: st.sampled_from(SCORINGS),
    "timer": lambda at: st.integers(checks.MIN_TIMER, checks.MAX_TIMER),
    "catch_window": lambda at: st.floats(0, 10),
    "names": lambda at: st.lists(name(), min_size=at.players, max_size=at.players).map(tuple),
    "protocol": lambda at: st.integers(0, 10**6),
    "server": lambda at: text(60),
    "shards": lambda at: st.none() | st.lists(ADDRESS, max_size=4).map(tuple),
    "address": lambda at: ADDRESS,
    "tables": lambda at: st.lists(_table_info(at), max_size=4).map(tuple),
    "seats": _seat_states,
    "started": lambda at: st.booleans(),
    "dedicated": lambda at: st.booleans(),
    "public": lambda at: st.booleans(),
    "watch": lambda at: st.booleans(),
    "watchers": lambda at: st.integers(0, 10_000),
    "round_number": lambda at: st.integers(1, 10**6),
    "commitment": lambda at: HEX,
    "key": lambda at: HEX,
    (sm.DealCommitments, "server"): lambda at: HEX,
    (sm.DealCommitments, "seats"): _per_seat,
    (sm.Reveal, "server_secret"): lambda at: st.none() | HEX,
    "state": lambda at: st.sampled_from(sm.PRESENCE),
    (sm.Presence, "seconds"): _maybe(10**5),
    (sm.Clock, "seconds"): _seconds(checks.MAX_TIMER),
    (sm.Rematch, "seconds"): _seconds(3600),
    "votes": lambda at: st.integers(0, 10),
    "needed": lambda at: st.integers(1, 10),
    "reason": lambda at: WORD,
    (sm.Refusal, "code"): lambda at: WORD,
    (sm.Reaction, "code"): lambda at: st.sampled_from(checks.REACTIONS),
    (sm.Reaction, "seat"): lambda at: st.integers(-1, at.players - 1),
    "message": lambda at: text(),
    "wait": _maybe(10**5),
    "action": _action,
    "yes": At.seats,
    "people": At.seats,
    (sm.Watching, "table"): lambda at: joined(at, watching=True),
    (sm.Update, "update"): lambda at: st.nothing(),  # played, not drawn: `updates`
    (sm.Update, "full"): lambda at: st.nothing(),
}


def strategy_for(kind: type, at: At) -> st.SearchStrategy[object]:
    """`kind` with every field drawn as FIELDS says (KeyError: a field nobody draws)."""
    if kind in WHOLE:
        return WHOLE[kind](at)
    drawn = {}
    for f in dataclasses.fields(kind):
        draw = FIELDS.get((kind, f.name)) or FIELDS[f.name]
        drawn[f.name] = draw(at)
    return st.builds(kind, **drawn)


def joined(at: At, watching: bool = False) -> st.SearchStrategy[object]:
    message = strategy_for(sm.Joined, at)
    if watching:  # no seat of its own: read as seat 0 and the placeholder token
        return message.map(
            lambda j: dataclasses.replace(j, seat=0, token=sm.WATCHER_TOKEN)  # type: ignore[type-var]
        )
    return message


@st.composite
def tables(draw: st.DrawFn) -> At:
    theme = draw(st.sampled_from(THEMES))
    return At(draw(st.integers(2, 10)), draw(rules(theme)))


SERVER_KINDS = [k for k in typing.get_args(sm.ServerMessage) if k is not sm.Update]


def updates(preset: str, players: int, seed: int, seat: int) -> list[SeatUpdate]:
    """Every update `seat` is sent in a round of computers, dealt by `seed`, as the
    wire carries them (without the computers' reads, which it does not)."""
    seats = tuple(SeatSetup(f"P{i}", SeatKind.BOT, "easy") for i in range(players))
    setup = settled(GameSetup(preset, RuleSet.preset(preset), seats, seed=seed))
    table = Table(setup, seat_controllers(setup, BotRunner(False)), pace=0)
    told = [table.round_start(seat)]
    table.watch(seat, told.append)
    for _ in range(5_000):
        if table.over or not table.step():
            break
    return [dataclasses.replace(u, reads=()) for u in told]


# -- the client's messages -----------------------------------------------------------

ACTIONS = sorted(
    {"draw", "pass", "accept", "challenge", "catch 3", "choose blue", "play red-7 uno"}
    | {"play wild color=green", "play wild-draw4 color=red uno"}
)


@st.composite
def _seat_requests(draw: st.DrawFn) -> tuple[str, ...]:
    from game.limits import MAX_PLAYERS, MIN_PLAYERS
    from game.table import LEVELS

    words = st.sampled_from(["open", *(f"bot:{level}" for level in LEVELS)])
    others = draw(st.lists(words, min_size=MIN_PLAYERS - 1, max_size=MAX_PLAYERS - 1))
    others.insert(draw(st.integers(0, len(others))), "me")
    return tuple(others)


def _client_fields() -> dict[tuple[type, str] | str, st.SearchStrategy[object]]:
    from game.engine.actions import from_text
    from game.online.protocol import client_messages as cm

    return {
        "name": st.text(max_size=20),  # Hypothesis draws no lone surrogate
        "app": st.text(max_size=40),
        "lang": st.sampled_from(["en", "es"]),
        "protocol": st.integers(0, 10**6),
        "theme": st.sampled_from(THEMES),
        "seats": _seat_requests(),
        "options": st.dictionaries(st.sampled_from(HOUSE), st.booleans()),
        "target": st.integers(1, MAX_TARGET),
        "scoring": st.sampled_from(SCORINGS),
        "timer": st.integers(checks.MIN_TIMER, checks.MAX_TIMER),
        "public": st.booleans(),
        "watch": st.booleans(),
        "code": CODE,
        (cm.React, "code"): st.sampled_from(checks.REACTIONS),
        (cm.Resume, "token"): st.text(alphabet="abXY09_-", min_size=1, max_size=64),
        (cm.Act, "token"): st.integers(0, 2**31),
        "action": st.sampled_from(ACTIONS).map(from_text),
        "seat": st.integers(0, 9),
        "round": st.integers(1, 10**6),  # a deal's draw: commit, then reveal
        "commitment": HEX,
        "secret": HEX,
    }


def client_strategy(kind: type) -> st.SearchStrategy[object]:
    """`kind` with every field drawn (KeyError: a field nobody draws); a field that
    may be None is None at times (left out of the JSON)."""
    known = _client_fields()
    drawn = {}
    for f in dataclasses.fields(kind):
        base = known[(kind, f.name)] if (kind, f.name) in known else known[f.name]
        drawn[f.name] = st.none() | base if "None" in str(f.type) else base
    return st.builds(kind, **drawn)
