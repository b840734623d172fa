"""A seat at a server's table as the room sees it: who sits there, the
connection they are on, and the person's seat the table asks."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from game.online.protocol.server_messages import ServerMessage
from game.table import AsyncSeat, SeatKind, SeatUpdate

STAND_IN_LEVEL = "normal"  # the computer that plays a person's seat meanwhile


class Link(Protocol):
    """A client connection, as a room sees it."""

    name: str

    def send(self, message: ServerMessage | str) -> None: ...  # str: `encode`d already


@dataclass
class Slot:
    seat: int
    kind: str  # "person", "bot" or "open"
    name: str
    level: str = STAND_IN_LEVEL
    token: str = ""  # the person's secret seat token
    link: Link | None = None
    controller: NetSeat | None = None
    stand_in: bool = False  # a computer plays this person's seat meanwhile
    grace: asyncio.TimerHandle | None = None
    ready: bool = False
    sent_round: int = 0  # the round whose full history this link has
    free: bool = False  # a computer holds an open seat: free for a spectator who asks
    ran_out: bool = False  # the turn timer moved for this person since they last moved


class NetSeat(AsyncSeat):
    """A person's seat: asked on the table's thread, answered from `act`."""

    kind = SeatKind.REMOTE

    def __init__(self, asked: Callable[[SeatUpdate], None]) -> None:
        super().__init__(asked)


def new_seat_token() -> str:
    """A person's secret for taking their seat back: 192 random bits, in hex so it
    never starts with '-' (the bot client takes it as `--token TOKEN`)."""
    return secrets.token_hex(24)


def computer_name(seat: int, taken: Iterable[str] = ()) -> str:
    """A computer's name at `seat`: the seat's usual one, else the first free one,
    so a computer never takes a person's name (nor another computer's)."""
    from game.table.seats import NAMES, SPARE_NAMES

    used = {name.casefold() for name in taken}
    usual = NAMES[seat % len(NAMES)] if seat else "Ada"
    choices = (usual, "Ada", *NAMES[1:], *SPARE_NAMES)
    return next((n for n in choices if n.casefold() not in used), usual)
