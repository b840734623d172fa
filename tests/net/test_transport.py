"""Both ends read their sockets in pieces of READ_SIZE, not asyncio's 256 KiB (a
buffer that large was mapped and unmapped on every read), and a message longer
than one piece still arrives whole."""

from __future__ import annotations

import asyncio

from game.online.protocol import checks
from game.online.protocol.transport import READ_SIZE
from tests.net.helpers import host, run, served


def test_server_and_client_read_in_small_pieces_and_long_messages_arrive_whole() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "bot:easy"])
            (client,) = server.clients
            assert client.ws.transport.max_size == READ_SIZE
            assert ann.ws.transport.max_size == READ_SIZE
            pong = await ann.ws.ping(b"x" * 100)  # the server still answers
            await asyncio.wait_for(pong, 10)
            long = "y" * (3 * READ_SIZE)
            client.send(checks.encode({"type": "long", "text": long}))  # longer than three pieces
            while '"type":"long"' not in (message := await ann.ws.recv()):
                pass
            assert long in message

    run(go())
