"""What a client says to a server: one frozen dataclass per message. `encode`
writes the JSON the server's schema (`checks.SCHEMAS`) reads and `decode` reads
it back, checked, as the same dataclass (the server dispatches on its class); a
test holds every class to that schema and `decode(encode(m)) == m` for every
message, so the two cannot drift apart."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import ClassVar

from game.engine.actions import Action, to_text
from game.online.protocol import checks
from game.online.protocol.checks import Json
from game.online.protocol.version import PROTOCOL_VERSION


@dataclass(frozen=True)
class Hello:
    kind: ClassVar[str] = "hello"
    name: str
    app: str
    lang: str = "en"
    protocol: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class ListTables:
    kind: ClassVar[str] = "list"


@dataclass(frozen=True)
class Create:
    kind: ClassVar[str] = "create"
    theme: str
    seats: tuple[str, ...]  # "me" once, "open", "bot:<level>"
    options: dict[str, bool] = field(default_factory=dict)
    target: int = 500
    scoring: str = "standard"
    timer: int = 30
    public: bool = False  # listed in the lobby; else only its code leads to it
    watch: bool = False  # people may watch it by code


@dataclass(frozen=True)
class Join:
    kind: ClassVar[str] = "join"
    code: str


@dataclass(frozen=True)
class Resume:
    kind: ClassVar[str] = "resume"
    code: str
    token: str


@dataclass(frozen=True)
class Start:
    kind: ClassVar[str] = "start"


@dataclass(frozen=True)
class Act:
    kind: ClassVar[str] = "act"
    token: int
    action: Action


@dataclass(frozen=True)
class Next:
    kind: ClassVar[str] = "next"


@dataclass(frozen=True)
class Leave:
    kind: ClassVar[str] = "leave"


@dataclass(frozen=True)
class Vote:
    """Hand an idle seat to a computer (a majority of the others must agree)."""

    kind: ClassVar[str] = "vote"
    seat: int


@dataclass(frozen=True)
class Back:
    """Take my seat back from the computer the others voted in."""

    kind: ClassVar[str] = "back"


@dataclass(frozen=True)
class ChangeSettings:
    """The host's `settings`; a field left None stays as it is. Before the deal any
    of them, after it only who may find the table and watch it (`public`, `watch`)."""

    kind: ClassVar[str] = "settings"
    options: dict[str, bool] | None = None
    target: int | None = None
    scoring: str | None = None
    timer: int | None = None
    public: bool | None = None
    watch: bool | None = None


@dataclass(frozen=True)
class PlayNow:
    """Sit at the first public table with a seat open, or open a public one."""

    kind: ClassVar[str] = "play_now"
    theme: str | None = None  # any theme, if None


@dataclass(frozen=True)
class Watch:
    kind: ClassVar[str] = "watch"
    code: str


@dataclass(frozen=True)
class Sit:
    """A spectator asks for a free seat (at once before the deal, else next round)."""

    kind: ClassVar[str] = "sit"


@dataclass(frozen=True)
class Again:
    """Yes to another match at this table."""

    kind: ClassVar[str] = "again"


@dataclass(frozen=True)
class React:
    kind: ClassVar[str] = "react"
    code: str  # one of checks.REACTIONS


@dataclass(frozen=True)
class DealCommit:
    """This seat's commitment to its secret for the deal of `round`
    (game.online.protocol.deal_chain), answering `deal_ask`."""

    kind: ClassVar[str] = "deal_commit"
    round: int
    commitment: str


@dataclass(frozen=True)
class DealReveal:
    """This seat's secret, once the server has published its commitment."""

    kind: ClassVar[str] = "deal_reveal"
    round: int
    secret: str


ClientMessage = (
    Hello
    | ListTables
    | Create
    | Join
    | Resume
    | Start
    | Act
    | Next
    | Leave
    | Vote
    | Back
    | PlayNow
    | Watch
    | Sit
    | Again
    | React
    | ChangeSettings
    | DealCommit
    | DealReveal
)
Request = (
    Create | Join | Resume | ListTables | PlayNow | Watch
)  # what opens a connection's business


KINDS: dict[str, type[ClientMessage]] = {
    kind.kind: kind
    for kind in (Hello, ListTables, Create, Join, Resume, Start, Act, Next, Leave, Vote)
    + (Back, PlayNow, Watch, Sit, Again, React, ChangeSettings, DealCommit, DealReveal)
}


def to_data(message: ClientMessage) -> Json:
    """The message as JSON values; a field left None is not sent."""
    data: Json = {"type": message.kind}
    for f in fields(message):
        value = getattr(message, f.name)
        if isinstance(message, Act) and f.name == "action":
            value = to_text(message.action)
        if value is not None:
            data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def encode(message: ClientMessage) -> str:
    return checks.encode(to_data(message))


def decode(raw: str | bytes) -> ClientMessage:
    """A client's message, checked by `checks.parse` (a `BadMessage` says what is
    wrong: nothing that fails reaches a table) and typed."""
    data = checks.parse(raw)
    kind = KINDS[data.pop("type")]
    if kind is Act:
        data["action"] = checks.action(data["action"])
    elif kind is Create:
        data["seats"] = tuple(data["seats"])
    elif kind is Hello:
        data.setdefault("name", "")
    return kind(**data)
