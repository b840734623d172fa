"""What a server may say to a client: one frozen dataclass per message, its
`kind` the JSON `type` it travels as. The server builds only these; the client
reads only these (`server_codec`: `encode` writes one, `decode` reads one back,
checked, or raises `BadServerMessage`). A field travels under its own name, but
for those whose metadata gives a `wire` name (`round_number` travels as `round`);
a field that is None is not sent.

Why dataclasses and not msgspec: the checks that keep a client from crashing
are about the table (a seat below its player count, a card in its deck, a
hand as long as its count), which a schema library cannot say; it would check
only the JSON shapes, the easy part, and add a compiled extension per platform
to the standalone app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from game.engine import RuleSet
from game.engine.actions import Action
from game.online.protocol.deal_chain import Chain
from game.table.updates import SeatUpdate

MAX_TABLES_LISTED = 1000
SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
SEAT_KINDS = ("person", "bot", "open")
MAX_SHARDS, MAX_ADDRESS = 256, 255  # a welcome's list of shards; one address's length
PRESENCE = ("away", "computer", "back", "left")
ROUND = {"wire": "round"}  # a round's number travels as `round`


@dataclass(frozen=True)
class Welcome:
    kind: ClassVar[str] = "welcome"
    protocol: int
    server: str
    # A server of several shards: every shard's address, where a redirect may send
    # the client and where it looks for its table when its shard has gone (None: a
    # server alone, which sends no such field).
    shards: tuple[str, ...] | None = None


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
    kind: ClassVar[str] = "tables"
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True)
class Joined:
    kind: ClassVar[str] = "joined"
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
    kind: ClassVar[str] = "seats"
    started: bool
    seats: tuple[SeatState, ...]
    host: int = 0
    watchers: int = 0  # spectators


@dataclass(frozen=True)
class DealAsk:
    """The table is about to deal `round_number`: send a commitment to a fresh secret."""

    kind: ClassVar[str] = "deal_ask"
    round_number: int = field(metadata=ROUND)


@dataclass(frozen=True)
class DealCommitments:
    """The server's commitment, and each seat's it received (None: none in time):
    now reveal."""

    kind: ClassVar[str] = "deal_commitments"
    round_number: int = field(metadata=ROUND)
    server: str
    seats: tuple[str | None, ...]


@dataclass(frozen=True)
class Deal:
    """A round is dealt: the hash that binds the server to its deck, and what its
    key was drawn from (`server`, `seats`, `secrets`: None for a round from a key
    nobody drew, a table taken up from an older snapshot)."""

    kind: ClassVar[str] = "deal"
    round_number: int = field(metadata=ROUND)
    dealer: int
    commitment: str
    server: str | None = None
    seats: tuple[str | None, ...] | None = None
    secrets: tuple[str | None, ...] | None = None

    @classmethod
    def drawn(cls, round_number: int, dealer: int, commitment: str, chain: Chain | None) -> Deal:
        if chain is None:
            return cls(round_number, dealer, commitment)
        return cls(round_number, dealer, commitment, chain.server, chain.seats, chain.secrets)

    @property
    def chain(self) -> Chain | None:
        if self.server is None or self.seats is None or self.secrets is None:
            return None
        return Chain(self.round_number, self.server, self.seats, self.secrets)


@dataclass(frozen=True)
class Reveal:
    """A round is over: its key and the server's secret, to check every link."""

    kind: ClassVar[str] = "reveal"
    round_number: int = field(metadata=ROUND)
    key: str
    commitment: str
    server_secret: str | None = None


@dataclass(frozen=True)
class Presence:
    kind: ClassVar[str] = "presence"
    seat: int
    state: str  # one of PRESENCE
    seconds: float | None = None  # away: until a computer plays for them


@dataclass(frozen=True)
class Clock:
    """A person's turn is timed: `seconds` left from now."""

    kind: ClassVar[str] = "clock"
    seat: int
    seconds: float


@dataclass(frozen=True)
class HostSeat:
    kind: ClassVar[str] = "host"
    seat: int


@dataclass(frozen=True)
class Votes:
    kind: ClassVar[str] = "votes"
    seat: int
    votes: int
    needed: int


@dataclass(frozen=True)
class Settings:
    kind: ClassVar[str] = "settings"
    target: int
    scoring: str
    timer: int
    rules: RuleSet
    public: bool = False
    watch: bool = False


@dataclass(frozen=True)
class Update:
    """What a seat sees now (`updates.encode_update`); `full`: the round's whole
    history came with it (on joining, and when a round starts)."""

    kind: ClassVar[str] = "update"
    update: SeatUpdate
    full: bool


@dataclass(frozen=True)
class Timeout:
    kind: ClassVar[str] = "timeout"
    seat: int
    action: Action


@dataclass(frozen=True)
class TableClosed:
    kind: ClassVar[str] = "table_closed"
    reason: str
    message: str


@dataclass(frozen=True)
class ServerClosing:
    kind: ClassVar[str] = "server_closing"
    reason: str
    message: str


@dataclass(frozen=True)
class Refusal:
    """An `error`: `code` chooses the sentence the player reads."""

    kind: ClassVar[str] = "error"
    code: str
    message: str
    wait: float | None = None  # `guesses`: seconds until this address may try again


@dataclass(frozen=True)
class Redirect:
    """The table `code` lives on another shard, at `address`: ask there (checked by
    game.online.client.redirect before it is followed)."""

    kind: ClassVar[str] = "redirect"
    code: str
    address: str


WATCHER_TOKEN = "x" * 16  # what a `watching` table reads as its (absent) seat token


@dataclass(frozen=True)
class Watching:
    """This connection watches a table (no seat): a `joined` without `seat` and
    `token`, which read as seat 0 and WATCHER_TOKEN."""

    kind: ClassVar[str] = "watching"
    table: Joined


@dataclass(frozen=True)
class Reaction:
    kind: ClassVar[str] = "reaction"
    seat: int  # -1: a spectator
    code: str  # one of checks.REACTIONS


@dataclass(frozen=True)
class Rematch:
    """At a match's end: who has said yes to another, of the people here."""

    kind: ClassVar[str] = "rematch"
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
    | DealAsk
    | DealCommitments
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

KINDS: dict[str, type[ServerMessage]] = {
    kind.kind: kind
    for kind in (Welcome, Tables, Joined, Seats, Update, Timeout, TableClosed, ServerClosing)
    + (Refusal, Deal, Reveal, Presence, Clock, HostSeat, Votes, Settings, Watching, Reaction)
    + (Rematch, Redirect)
}
