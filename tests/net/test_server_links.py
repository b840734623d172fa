"""Connections the server must not keep for nothing: a client that never reads
(its queue is capped), a half-open one (the keepalive finds it), and the
address behind a reverse proxy (believed only from the proxy named)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection, ServerError
from game.online.protocol import checks
from game.online.protocol.version import PROTOCOL_VERSION, app_version
from game.online.server.connection import CLOSE_TURNED_AWAY
from game.online.server.room import RoomOptions
from game.online.server.server import Server
from tests.net.helpers import run, served, url

SHORT = RoomOptions(pace=0, grace=0.3, round_break=0, catch_window=0)
HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION, "app": app_version()}


async def _hello(server: Server, **headers: str) -> object:
    ws = await connect(url(server), additional_headers=headers, max_queue=1, open_timeout=10)
    await ws.send(checks.encode({**HELLO, "name": "Zed"}))
    assert '"welcome"' in str(await ws.recv())
    return ws


async def _gone(server: Server, within: float) -> bool:
    """True once the server holds no connection (within `within` seconds)."""
    for _ in range(int(within / 0.05)):
        if not server.clients:
            return True
        await asyncio.sleep(0.05)
    return False


def test_a_client_that_never_reads_is_closed_when_its_queue_is_full(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def go() -> None:
        # No keepalive within the test: only the queue's cap can close it.
        async with served(ping=600, ping_timeout=600, backlog_bytes=200_000) as server:
            ws = await _hello(server)
            ws.transport.pause_reading()  # type: ignore[attr-defined]  # it never reads again
            (client,) = server.clients
            # Random text, so compression does not shrink it: 40 MB, more than sockets hold.
            chunk = checks.encode(
                {"type": "tables", "tables": [], "pad": secrets.token_hex(10_000)}
            )
            for _ in range(2_000):
                client.send(chunk)
                await asyncio.sleep(0)
                if client.shut is not None:
                    break
            assert client.shut is not None
            assert await _gone(server, 5)

    with caplog.at_level(logging.WARNING, "game.online.server.connection"):
        run(go(), 30)
    assert "does not read" in caplog.text


def test_a_half_open_connection_is_found_by_the_keepalive_and_counted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def go() -> int:
        async with served(ping=0.2, ping_timeout=0.3) as server:
            ws = await _hello(server)
            ws.transport.pause_reading()  # type: ignore[attr-defined]  # answers nothing now
            assert await _gone(server, 5)
            return server.admission.unanswered

    with caplog.at_level(logging.INFO, "game.online.server.admission"):
        assert run(go(), 30) == 1
    assert "no answer to the keepalive ping" in caplog.text


async def _refused(server: Server, **headers: str) -> bool:
    """True when the server turns a connection with `headers` away (per-address cap)."""
    ws = await connect(url(server), additional_headers=headers, open_timeout=10)
    with contextlib.suppress(ConnectionClosed):  # turned away before it could say hello
        await ws.send(checks.encode({**HELLO, "name": "Yan"}))
    first = str(await ws.recv())
    if '"too_many"' not in first:
        return False
    with pytest.raises(ConnectionClosed):
        await ws.recv()
    return ws.close_code == CLOSE_TURNED_AWAY


def test_forwarded_addresses_count_only_from_the_trusted_proxy() -> None:
    async def go() -> None:
        async with served(per_address=1, trust_proxy="127.0.0.1") as server:
            await _hello(server, **{"X-Forwarded-For": "203.0.113.5"})
            # Another person behind the same proxy is another address ...
            assert not await _refused(server, **{"X-Forwarded-For": "203.0.113.9"})
            # ... the same person twice is one, whatever they wrote before the proxy's entry.
            forged = {"X-Forwarded-For": "198.51.100.1, 203.0.113.5"}
            assert await _refused(server, **forged)

    run(go(), 30)


def test_forwarded_addresses_are_ignored_by_default() -> None:
    async def go() -> None:
        async with served(per_address=1) as server:
            await Connection.open(url(server), "Ann")
            assert await _refused(server, **{"X-Forwarded-For": "203.0.113.9"})

    run(go(), 30)


async def _keep_one(server: Server, name: str = "Ann") -> tuple[str, str]:
    """A table made and left empty until it closes, kept for its person: (code, token)."""
    ann = await Connection.open(url(server), name)
    await ann.send({"type": "create", "theme": "classic", "seats": ["me", "bot:easy"]})
    await ann.expect("joined")
    await ann.expect("update")
    code, token = ann.code, ann.token
    await ann.close()
    while code in server.rooms:
        await asyncio.sleep(0.05)
    return code, token


def test_kept_tables_count_apart_with_room_for_a_households_drops() -> None:
    """A table kept for people who dropped does not take a place among the tables
    in play (a family dropping a match or two is not refused for a day); the kept
    ones have a cap of their own."""

    async def go() -> tuple[int, str]:
        async with served(room=SHORT, tables_per_address=1, kept_per_address=2) as server:
            await _keep_one(server)
            await _keep_one(server)  # made, with one kept already: not refused
            kept = len(server.keeping.kept)
            again = await Connection.open(url(server), "Ann")
            await again.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            with pytest.raises(ServerError) as refused:
                await again.expect("joined")
            return kept, refused.value.code

    assert run(go(), 30) == (2, "too_many")


def test_a_kept_table_nobody_came_back_to_is_set_aside(tmp_path: Path) -> None:
    async def go() -> tuple[str, str, bool]:
        async with served(room=SHORT, save_dir=tmp_path, keep_for=0.5) as server:
            code, token = await _keep_one(server)
            assert (tmp_path / f"{code}.json").is_file()
            await asyncio.sleep(0.6)
            server.keeping.expire()
            late = await Connection.open(url(server), "Ann")
            await late.send({"type": "resume", "code": code, "token": token})
            error = await late.expect_error()
            return code, error["code"], bool(server.keeping.kept)

    code, error, still_kept = run(go(), 30)
    assert error == "bad_token" and not still_kept
    assert not (tmp_path / f"{code}.json").exists()
    assert (tmp_path / "expired" / f"{code}.json").is_file()


def test_old_saves_are_set_aside_at_start(tmp_path: Path) -> None:
    async def go() -> tuple[str, int]:
        async with served(room=SHORT, save_dir=tmp_path) as server:
            code, _ = await _keep_one(server)
        old = time.time() - 2 * 3600
        os.utime(tmp_path / f"{code}.json", (old, old))
        async with served(room=SHORT, save_dir=tmp_path, keep_for=3600) as server:
            return code, len(server.rooms)

    code, rooms = run(go(), 30)
    assert rooms == 0
    assert (tmp_path / "expired" / f"{code}.json").is_file()
