"""The lobby's messages that make or find a table: `create` (within the server's
and the address's caps) and `play_now` (the first public table with a seat open,
else a new one). Listing is `lobby.listed`; joining by code is `Seating`'s."""

from __future__ import annotations

from game.online.protocol.checks import BadMessage
from game.online.protocol.client_messages import Create
from game.online.server import lobby
from game.online.server.config import Limits
from game.online.server.connection import Client
from game.online.server.seating import Seating
from game.online.server.tables import TableRegistry


class LobbyDesk:
    def __init__(self, limits: Limits, tables: TableRegistry, seating: Seating) -> None:
        self.limits, self.tables, self.seating = limits, tables, seating

    def create(self, client: Client, create: Create, code: str = "") -> None:
        """A new table; `code` is given when a shard has claimed it in the store."""
        self.seating.not_seated(client)
        rooms, keeping = self.tables.rooms, self.tables.keeping
        if len(rooms) >= self.limits.max_tables:
            raise BadMessage("this server has as many tables as it may hold", "server_full")
        keeping.expire()
        playing = sum(room.owner == client.address for room in rooms.values())
        kept = sum(owner == client.address for owner, _ in keeping.kept.values())
        # Tables kept for people who dropped count apart, with room for a household's
        # dropped matches: a family behind one address is not refused for a day.
        if playing >= self.limits.tables_per_address or kept >= self.limits.kept_per_address:
            raise BadMessage("your address has as many tables open as it may", "too_many")
        room = self.tables.open(code or self.tables.new_code(), create, client.address)
        try:
            room.seat_person(client, room.slots[room.host])
            client.room = room
        except BadMessage:  # a name the table refuses: the table is not left behind
            room.close("abandoned", "Everyone left before the game started.")
            raise
        room.start()

    def play_now(self, client: Client, theme: str | None) -> None:
        """The first public table with a seat open, or a new public one."""
        self.seating.not_seated(client)
        room = lobby.first_with_room(self.tables.rooms.values(), theme)
        if room is not None:
            room.seat_person(client)
            client.room = room
            room.start()
            return
        seats = tuple(str(s) for s in lobby.PLAY_NOW_SEATS)
        self.create(client, Create(theme or lobby.PLAY_NOW_THEME, seats, public=True))
