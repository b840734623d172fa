"""How a server stops. Alone: every client is told why, every table in play is
saved (with a save folder), then the connections close. A shard hands over:
its connections close without a word (their clients come back through another
shard), its tables stop here, every snapshot is written, and the lease goes."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from game.online.protocol.server_messages import ServerClosing
from game.online.server.bot_pool import BotPool
from game.online.server.connection import CLOSE_GOING, Client
from game.online.server.listening import Listening
from game.online.server.tables import TableRegistry

_GOING = {
    "server_stopping": "The server is stopping. Your seat is kept: come back with the same code "
    "when it is running again.",
    "host_left": "The host has left. They can resume this match later; come back with the same "
    "code then.",
}


@dataclass
class Shutdown:
    tables: TableRegistry
    clients: set[Client]
    listening: Listening
    pool: BotPool

    async def stop(self, reason: str = "server_stopping") -> None:
        """Every client is told why, every table in play is saved (with a save
        folder), then the connections close. A shard hands its tables over."""
        keeping = self.tables.keeping
        if keeping.shard is not None:
            await self._hand_over()
            return
        text = _GOING[reason]
        self.tables.stop(reason, text)
        for client in list(self.clients):
            client.send(ServerClosing(reason, text))
            client.close(CLOSE_GOING, reason)
        await asyncio.sleep(0)
        main = self.listening.main
        if main is not None:
            main.close()
            with contextlib.suppress(TimeoutError):  # a client that never answers the close
                await asyncio.wait_for(main.wait_closed(), 3)
        self.pool.close()
        await keeping.snapshots.close()
        keeping.log_notices()
        keeping.stop()
        self.listening.stop()

    async def _hand_over(self) -> None:
        """A shard's clean stop: its connections close without a word (their clients
        come back through another shard), its tables stop here, every snapshot is
        written, and the lease goes: another shard takes the tables at its next beat."""
        shard, main = self.tables.keeping.shard, self.listening.main
        assert shard is not None and main is not None
        main.close()
        if self.listening.shared is not None:
            self.listening.shared.close()
        for client in list(self.clients):
            client.close(CLOSE_GOING, "handed over")
        self.tables.hand_over()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(main.wait_closed(), 3)
        self.pool.close()
        await shard.stop()
        self.tables.keeping.stop()
        self.listening.stop()
