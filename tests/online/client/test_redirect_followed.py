"""A server's redirect as the clients meet it: followed once to a shard it may send
to, refused when a hostile server aims the client elsewhere, round or onward."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
from websockets.asyncio.server import ServerConnection, serve

from game.online.client.connection import Connection
from game.online.client.redirect import RedirectRefused
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Join
from game.online.protocol.version import PROTOCOL_VERSION

CODE = "ABCDEF"


@asynccontextmanager
async def redirecting(to: Callable[[str], str], shards: tuple[str, ...] = ()) -> AsyncIterator[str]:
    """A server that answers every request with a redirect to `to(its own url)`."""
    url = ""

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()  # hello
        welcome = {"type": "welcome", "protocol": PROTOCOL_VERSION, "server": "x"}
        await ws.send(json.dumps({**welcome, "shards": [url, *shards]}))
        await ws.recv()  # the request
        await ws.send(json.dumps({"type": "redirect", "code": CODE, "address": to(url)}))
        await ws.wait_closed()

    async with serve(handler, "127.0.0.1", 0) as server:
        url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        yield url


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 20))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("to", "why"),
    [
        (lambda me: "ws://evil.example.org:8765", "neither this server's host"),
        (lambda me: me, "back to itself"),
        (lambda me: "ws://2130706433:8765", "a host written as a number"),
        (lambda me: "ws://user:pw@127.0.0.1:9", "credentials"),
    ],
)
def test_a_hostile_shard_address_is_refused(to: Callable[[str], str], why: str) -> None:
    async def go() -> None:
        async with redirecting(to) as url:
            with pytest.raises(RedirectRefused, match=why):
                await Connection.at_table(url, "Ann", Join(CODE))

    run(go())


def test_a_second_redirect_is_never_followed() -> None:
    async def go() -> None:
        # `second` sends to `first` (the same host: followed), which sends on again.
        async with (
            redirecting(lambda me: "ws://127.0.0.1:1") as first,
            redirecting(lambda me: first) as second,
        ):
            with pytest.raises(RedirectRefused, match="second time"):
                await Connection.at_table(second, "Ann", Join(CODE))

    run(go())


def test_the_window_client_refuses_a_hostile_redirect_and_says_why() -> None:
    async def go() -> RemoteTable:
        async with redirecting(lambda me: "ws://evil.example.org:8765") as url:
            remote = RemoteTable.connect(url, "Ann", Join(CODE))
            await asyncio.get_running_loop().run_in_executor(None, remote.wait_joined, 10)
            return remote

    remote = asyncio.run(go())
    assert remote.line.failure_code == "bad_redirect"
    assert "evil.example.org" in remote.line.failure


def test_the_window_client_follows_a_redirect_once_and_refuses_the_loop_back() -> None:
    async def go() -> RemoteTable:
        async with (
            redirecting(lambda me: "ws://127.0.0.1:1") as first,
            redirecting(lambda me: first) as second,
        ):
            remote = RemoteTable.connect(second, "Ann", Join(CODE))
            await asyncio.get_running_loop().run_in_executor(None, remote.wait_joined, 10)
            assert remote.line.url == first  # followed to the first, whose redirect is not
            return remote

    remote = asyncio.run(go())
    assert remote.line.failure_code == "bad_redirect"
    assert "already" in remote.line.failure
