"""A server on 127.0.0.1 on a free port, for one test, and quick ways to sit at it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import fields
from typing import Any

from game.online.client.connection import Connection
from game.online.server import config as settings
from game.online.server.config import ServerConfig
from game.online.server.room import RoomOptions
from game.online.server.server import Server

# draw_wait: a test client that reads nothing for a while holds each deal up for a second.
FAST = RoomOptions(pace=0, grace=30, round_break=0, catch_window=0, rematch=0, draw_wait=1.0)


def run(coro: Coroutine[Any, Any, Any], timeout: float = 120) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


@asynccontextmanager
async def served(**config: Any) -> AsyncIterator[Server]:
    config.setdefault("room", FAST)
    # Every test client is on 127.0.0.1: the per-address caps are for the tests of them.
    config.setdefault("per_address", 100)
    config.setdefault("tables_per_address", 100)
    # Test clients answer at machine speed against pace-0 computers, faster than the
    # 30 a second a person's client keeps to: the rate limit's own tests set it.
    config.setdefault("rate", 1000.0)
    config.setdefault("burst", 1000)
    server = Server(server_config(host="127.0.0.1", port=0, **config))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


GROUPS = {
    "bind": settings.Bind,
    "links": settings.Links,
    "limits": settings.Limits,
    "storage": settings.Storage,
    "running": settings.Running,
}


def server_config(**options: Any) -> ServerConfig:
    """A server's settings from its options by name, each put in its group (the
    tests name what they set: `guesses=2`, not `limits=Limits(guesses=2)`)."""
    groups = {}
    for group, kind in GROUPS.items():
        names = {f.name for f in fields(kind)}
        mine = {name: options.pop(name) for name in list(options) if name in names}
        groups[group] = kind(**mine)
    return ServerConfig(**groups, **options)


def url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}"


async def host(server: Server, seats: list[str], name: str = "Ann", **create: Any) -> Connection:
    conn = await Connection.open(url(server), name)
    await conn.send({"type": "create", "theme": "classic", "seats": seats, **create})
    await conn.expect("joined")
    return conn


async def join(server: Server, code: str, name: str = "Bob") -> Connection:
    conn = await Connection.open(url(server), name)
    await conn.send({"type": "join", "code": code})
    await conn.expect("joined")
    return conn


async def dealt(server: Server, code: str, *people: Connection) -> None:
    """Read on at each person's connection (each answers the first deal's draw as
    it reads) until table `code` is dealt."""
    room = server.rooms[code]
    while room.table is None and not room.closed:
        for conn in people:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.receive(), 0.05)
        await asyncio.sleep(0)


async def take_turns(server: Server, code: str, people: list[Connection], moves: int) -> None:
    """Play `moves` turns of the people at table `code` (their first legal action);
    the server's computers play their own turns meanwhile."""
    await dealt(server, code, *people)
    table = server.rooms[code].table
    assert table is not None
    by_seat = {conn.seat: conn for conn in people}
    for _ in range(moves):
        while table.match.round.current not in by_seat:
            await asyncio.sleep(0.01)
        conn = by_seat[table.match.round.current]
        while conn.update is None or conn.update.token != table.token:
            await conn.receive()
        await conn.act(conn.update, conn.update.legal[0])
        while conn.update.token == table.token:
            await asyncio.sleep(0.01)
