"""A connection finding its place: by code, joining a table before its deal,
taking its seat back with its token (a kept table woken for it), leaving; and
the checks every table message needs (at a table or not, and which seat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.server.connection import Client
from game.online.server.guesses import Guesses
from game.online.server.seats import Slot
from game.online.server.tables import TableRegistry

if TYPE_CHECKING:
    from game.online.server.room import Room


class Seating:
    def __init__(self, tables: TableRegistry, guesses: Guesses) -> None:
        self.tables, self.guesses = tables, guesses

    def join(self, client: Client, code: str) -> None:
        room = self.by_code(client, code)
        if room.started:
            raise BadMessage("this table has started; only its players may come back", "started")
        room.seat_person(client)
        client.room = room
        room.start()

    def resume(self, client: Client, code: str, token: str) -> None:
        self.not_seated(client)
        code = code.upper()
        room = self.tables.rooms.get(code)
        if room is None:  # waking a kept table reads its file: only within the limit
            self.guesses.may_guess(client)
            room = self.tables.wake(code, token)
        if room is None or room.closed or room.seats.find(token) is None:
            # Only a wrong try waits out the address's wrong guesses at a table in
            # play: a seat token (192 random bits) is never guessed, so someone else's
            # mistyped codes behind the same address never keep a person from their seat.
            self.guesses.may_guess(client)
            self.guesses.guessed_wrong(client)
            raise BadMessage("no seat has that code and token", "bad_token")
        # The seat's link is this connection now: its old one loses every right at
        # once (a connection's seat is read off the table: `Client.slot`).
        room.presence.resume(client, token)
        self.tables.keeping.quiet_since.pop(room.code, None)  # someone came back
        client.room = room

    def react(self, client: Client, code: str) -> None:
        room, slot = self.seated(client)
        room.social.react(client, slot.seat, code)

    def leave(self, client: Client) -> None:
        room, slot = self.seated(client)
        client.room = None
        room.presence.dropped(slot, for_good=True)

    def by_code(self, client: Client, code: str) -> Room:
        """The table `code` names, for a connection at none (wrong codes are counted)."""
        self.not_seated(client)
        self.guesses.may_guess(client)
        room = self.tables.rooms.get(code.upper())
        if room is None or room.closed:
            self.guesses.guessed_wrong(client)
            raise BadMessage(f"no table has the code {code.upper()}", "not_found")
        return room

    def not_seated(self, client: Client) -> None:
        room = client.room
        if (
            room is not None
            and not room.closed
            and (client.slot is not None or client.watching is not None)
        ):
            raise BadMessage("you are at a table already: leave it first", "seated")

    def seated(self, client: Client) -> tuple[Room, Slot]:
        room, slot = client.room, client.slot
        if room is None or slot is None or room.closed or slot.link is not client:
            raise BadMessage("you are not at a table", "no_table")
        return room, slot
