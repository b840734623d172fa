"""One connection to the server (`Client`): what it is sent, written to its socket
in one write per turn of the loop; how fast it may send (`Bucket`); where it is
(the table it sits at or watches); how it is closed (the close codes below)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import ServerMessage
from game.online.server.config import BACKLOG_BYTES

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot

log = logging.getLogger(__name__)

SLOW_CLOSE = 2.0  # seconds a slow client's close may take before its socket is dropped
CLOSE_VERSION, CLOSE_FLOOD, CLOSE_HELLO, CLOSE_SLOW, CLOSE_GOING = 4001, 4002, 4003, 4004, 1001
CLOSE_IDLE, CLOSE_TURNED_AWAY = 4005, 1013


class Bucket:
    """A token bucket: `take` says how long to wait before the next message may
    be read (0: at once)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


class Client:
    """One connection. What the tables send it in one turn of the loop is written
    to its socket together, in one write, after the turn (or as soon as the message
    that made them is handled: `Server._send_now`): a move that sends a person an
    update and a clock costs one system call, not two, and no task wakes per
    message. A table never waits for a slow network: the socket's
    buffer takes what the client has not read yet, up to `backlog` bytes."""

    def __init__(
        self,
        ws: ServerConnection,
        bucket: Bucket,
        address: str = "",
        backlog: int = BACKLOG_BYTES,
        unsent: set[Client] | None = None,
    ) -> None:
        self.ws = ws
        # the server's clients with messages not yet written (Server._send_now)
        self.unsent = unsent if unsent is not None else set()
        self.address = address
        self.name = ""
        self.lang = "en"
        self.heard = time.monotonic()  # when it last sent a message
        # The room it is at, seated or watching. Its seat and whether it watches are
        # read off the room, which owns them (`slot`, `watching`), so they follow a
        # spectator who takes a seat, a person who did not play again and watches,
        # and a seat taken back on another connection (the old one has none).
        self.room: Room | None = None
        self.bucket = bucket
        self.over_rate = 0  # messages read late because of the rate, less those on time
        self.pending: list[str] = []  # sent in this turn of the loop, not yet written
        self.backlog = backlog  # bytes that may wait for it
        self.closer: asyncio.Task[None] | None = None  # the close, once asked for
        self.shut: asyncio.Task[None] | None = None  # closing a client that does not read
        self.held = 0  # changes of its table not yet in the shared store: nothing is written

    @property
    def waiting(self) -> int:
        """Bytes sent to it and not yet taken by the network."""
        return sum(map(len, self.pending)) + self.ws.transport.get_write_buffer_size()

    def send(self, message: ServerMessage | str) -> None:
        """`message`, or its text (`encode`d once for a whole table)."""
        if self.shut is not None or self.closer is not None:
            return
        text = message if isinstance(message, str) else encode(message)
        self.pending.append(text)
        if len(self.pending) == 1:
            self.unsent.add(self)
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Every message still pending, as frames written to the socket at once
        (the websocket's own sans-I/O protocol makes the frames; `ws.send` would
        write each with its own system call)."""
        if self.held:  # sent when the store has the change (game.online.server.shard)
            self.unsent.discard(self)
            return
        texts, self.pending = self.pending, []
        self.unsent.discard(self)
        ws = self.ws
        if not texts or self.shut is not None or ws.protocol.state is not State.OPEN:
            return
        for text in texts:
            ws.protocol.send_text(text.encode())
        if not ws.transport.is_closing():
            ws.transport.write(b"".join(ws.protocol.data_to_send()))
        if ws.transport.get_write_buffer_size() > self.backlog:
            self._too_slow()

    def _too_slow(self) -> None:
        """It does not read: what waits for it is past the backlog. Close now; drop
        the socket if the close cannot go (the buffer ahead of it never empties)."""
        log.warning(
            "closing %s: %d bytes wait for a client that does not read",
            self.address or "a client",
            self.waiting,
        )
        self.shut = asyncio.get_running_loop().create_task(self._shut_slow())

    async def _shut_slow(self) -> None:
        try:
            await asyncio.wait_for(
                self.ws.close(CLOSE_SLOW, "the client does not read"), SLOW_CLOSE
            )
        except TimeoutError:
            self.ws.transport.abort()

    @property
    def slot(self) -> Slot | None:
        """Its seat at its table, while the seat is its own."""
        room = self.room
        return None if room is None else next((s for s in room.slots if s.link is self), None)

    @property
    def watching(self) -> Room | None:
        """The table it watches."""
        room = self.room
        return room if room is not None and self in room.audience.rounds else None

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already sent have been written; nothing sent
        after this goes."""
        if self.closer is not None:
            return
        self.flush()
        self.closer = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close(code, reason)

    async def finish(self) -> None:
        """The connection ends: closed normally unless it was closed already."""
        if self.shut is None:
            self.close(1000, "")
        ending = self.shut or self.closer
        assert ending is not None
        await ending
