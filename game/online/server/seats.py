"""A server's table's seats as the room sees them: each seat (`Slot`: who sits
there, the connection they are on, and the person's seat the table asks), and
the row of them (`Seating`: the people here, names, seat tokens, the host)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from game.limits import SlotKind
from game.online.protocol import checks, names
from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import Seats, SeatState, ServerMessage
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


@dataclass
class Seating:
    """A table's seats and the people at them, and which seat hosts (may start the
    table and change its settings)."""

    slots: list[Slot]
    host: int = 0

    @property
    def open_seats(self) -> int:
        return sum(s.kind == SlotKind.OPEN for s in self.slots)

    def here(self) -> list[Slot]:
        return [s for s in self.slots if s.kind == SlotKind.PERSON and s.link is not None]

    def names(self, but: Slot | None = None) -> list[str]:
        """The names taken, `but`'s left out."""
        return [s.name for s in self.slots if s is not but and s.kind != SlotKind.OPEN]

    def first_open(self) -> Slot:
        slot = next((s for s in self.slots if s.kind == SlotKind.OPEN), None)
        if slot is None:
            raise BadMessage("this table is full", "full")
        return slot

    def make_way(self, name: str) -> None:
        """A computer named as the person sitting down is renamed: the person keeps
        their name (never "Bea 4" beside a computer "Bea")."""
        wanted = checks.clean_name(name, "").casefold()
        for bot in self.slots:
            if bot.kind == SlotKind.BOT and wanted and bot.name.casefold() == wanted:
                bot.name = computer_name(bot.seat, [s.name for s in self.slots] + [name])

    def refusal(self, slot: Slot, name: str) -> str | None:
        """Why `name` may not sit at `slot` (None: it may)."""
        return names.refusal(name, self.names(but=slot))

    def sit(self, slot: Slot, link: Link) -> None:
        """`link`'s person takes `slot`, under a name no one else here has."""
        others = self.names(but=slot)
        slot.kind, slot.link = SlotKind.PERSON, link
        slot.name = checks.seat_name(link.name, slot.seat, others)
        slot.token = new_seat_token()

    def fill(self) -> None:
        """Computers take the open seats (the deal is near)."""
        for slot in self.slots:
            if slot.kind == SlotKind.OPEN:
                name = computer_name(slot.seat, self.names())
                slot.kind, slot.name, slot.free = SlotKind.BOT, name, True

    def find(self, token: str) -> Slot | None:
        # As bytes: compare_digest refuses text that is not ASCII, and a client may send any.
        given = token.encode("utf-8", "surrogatepass")
        return next(
            (
                s
                for s in self.slots
                if s.token and secrets.compare_digest(s.token.encode("ascii"), given)
            ),
            None,
        )

    def heir(self) -> Slot | None:
        """The next person here after the host, in seat order (the host first if here)."""
        order = self.slots[self.host + 1 :] + self.slots[: self.host + 1]
        return next((s for s in order if s.kind == SlotKind.PERSON and s.link is not None), None)

    def free(self) -> list[Slot]:
        """Seats nobody will come back to: left for good, or a computer filling an
        open seat."""
        return [
            s
            for s in self.slots
            if s.kind == SlotKind.OPEN
            or (s.kind == SlotKind.PERSON and not s.token)
            or (s.kind == SlotKind.BOT and s.free)
        ]

    def send(self, message: ServerMessage | str) -> None:
        """To every person here."""
        for slot in self.slots:
            if slot.link is not None:
                slot.link.send(message)

    def notice(self, started: bool, watchers: int) -> Seats:
        """Who sits where (`seats`)."""
        listed = tuple(
            SeatState(
                s.name,
                s.kind,
                here=s.kind != SlotKind.PERSON or s.link is not None,
                computer=s.kind == SlotKind.BOT or s.stand_in,
            )
            for s in self.slots
        )
        return Seats(started, listed, self.host, watchers)

    def host_here(self) -> None:
        """A new match: the host is someone here (the first), if the host is not."""
        if self.host >= len(self.slots) or self.slots[self.host].link is None:
            heir = next((s for s in self.slots if s.link is not None), None)
            self.host = heir.seat if heir is not None else self.host
