"""Everyone a server's table talks to: the people at its seats and its spectators.
What a table says of itself (who sits where, the clock, presence, votes, the
rematch, reactions) is public: spectators hear it too."""

from __future__ import annotations

from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import ServerMessage
from game.online.server.seats import Seating
from game.online.server.spectators import Audience


class Out:
    def __init__(self, seats: Seating, audience: Audience) -> None:
        self.seats, self.audience = seats, audience

    def broadcast(self, message: ServerMessage) -> None:
        text = encode(message)  # once, for everyone
        self.seats.send(text)
        self.audience.send(text)

    def seats_changed(self, started: bool) -> None:
        """Who sits where, and how many watch (`seats`)."""
        self.broadcast(self.seats.notice(started, len(self.audience.rounds)))
