"""What the server runs besides its tables: the websocket port (and the port a
machine's shards share), the garbage collector's schedule, and the reports to the
operator (a log line a minute, the status page)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve

from game.online.protocol import checks
from game.online.server import status
from game.online.server.config import ServerConfig
from game.online.server.heap import Heap

if TYPE_CHECKING:
    from game.online.server.server import Server


class Listening:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.main: WebSocketServer | None = None  # the port players connect to
        self.shared: WebSocketServer | None = None  # the port shared with other shards
        self.heap = Heap() if config.running.heap else None
        # the minute's log line, the status page
        self._reporting: list[asyncio.Task[None] | asyncio.Server] = []

    async def start(self, handler: Callable[[ServerConnection], Awaitable[None]]) -> int:
        """Listen (on the shared port too, for one of several shards): the port."""
        bind = self.config.bind
        self.main = await self._listen(handler, bind.port)
        if bind.shared_port is not None:  # one of several shards behind one port
            self.shared = await self._listen(handler, bind.shared_port, reuse_port=True)
        return int(self.main.sockets[0].getsockname()[1])

    async def report(self, server: Server) -> None:
        running = self.config.running
        if self.heap is not None:
            self.heap.start()
        if running.report:
            task = asyncio.get_running_loop().create_task(status.every_minute(server))
            self._reporting.append(task)
        if running.status_port is not None:
            page = await status.serve_status(server, self.config.bind.host, running.status_port)
            self._reporting.append(page)

    def stop(self) -> None:
        """The collector and the reports stop (the sockets close apart)."""
        if self.heap is not None:
            self.heap.stop()
        for part in self._reporting:
            (part.cancel if isinstance(part, asyncio.Task) else part.close)()

    async def _listen(
        self,
        handler: Callable[[ServerConnection], Awaitable[None]],
        port: int,
        reuse_port: bool = False,
    ) -> WebSocketServer:
        links = self.config.links
        return await serve(
            handler,
            self.config.bind.host,
            port,
            reuse_port=reuse_port,
            origins=[None],  # a browser always sends Origin: no web page may connect
            max_size=checks.MAX_MESSAGE,
            max_queue=16,
            ping_interval=links.ping,
            ping_timeout=links.ping_timeout,
            close_timeout=2,
            # No per-message deflate: it took a tenth of the loop's time under load and
            # a zlib state per connection, for messages of a kilobyte or two.
            compression=None,
        )
