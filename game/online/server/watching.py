"""A connection watching a table: it starts by code (wrong codes counted as for
a join), asks for a seat, reacts as a spectator, and stops."""

from __future__ import annotations

from game.online.protocol.checks import BadMessage
from game.online.server import reactions
from game.online.server.connection import Client
from game.online.server.seating import Seating


class Watching:
    def __init__(self, seating: Seating) -> None:
        self.seating = seating

    def watch(self, client: Client, code: str) -> None:
        room = self.seating.by_code(client, code)
        room.spectators.watch(client)
        client.room = room

    def sit(self, client: Client) -> None:
        if client.watching is None or client.watching.closed:
            raise BadMessage("you are not watching a table", "no_table")
        client.watching.sit(client)

    def react(self, client: Client, code: str) -> None:
        assert client.watching is not None
        client.watching.social.react(client, reactions.SPECTATOR, code)

    def leave(self, client: Client) -> None:
        assert client.watching is not None
        client.watching.spectators.stop(client)
        client.room = None
