"""What a client says to a server: one frozen dataclass per message. `encode`
writes the JSON the server's schema (`messages.SCHEMAS`) reads; a test holds
every class to that schema, so the two cannot drift apart."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from game.engine.actions import Action, to_text
from game.net import messages


@dataclass(frozen=True)
class Hello:
    kind: ClassVar[str] = "hello"
    name: str
    app: str
    lang: str = "en"
    protocol: int = messages.PROTOCOL_VERSION


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


ClientMessage = (
    Hello | ListTables | Create | Join | Resume | Start | Act | Next | Leave | Vote | Back
)
Request = Create | Join | Resume | ListTables  # what opens a connection's business


def to_data(message: ClientMessage) -> dict[str, Any]:
    data: dict[str, Any] = {"type": message.kind}
    for f in fields(message):
        value = getattr(message, f.name)
        if isinstance(message, Act) and f.name == "action":
            value = to_text(message.action)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def encode(message: ClientMessage) -> str:
    return messages.encode(to_data(message))
