"""Nothing lost: a dedicated server killed with SIGKILL and started again with the
same save folder takes every table up where it was; files there that are not
tables are set aside and the server starts anyway."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from game.online.client.connection import Connection
from game.online.server.server import Server
from tests.net.helpers import FAST, run, server_config


async def _serve(folder: Path) -> tuple[asyncio.subprocess.Process, str]:
    command = ["serve", "--host", "127.0.0.1", "--port", "0", "--save-dir", str(folder)]
    quick = ["--pace", "0", "--round-break", "0", "--catch-window", "0", "--bot-processes", "0"]
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "game",
        *command,
        *quick,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert server.stdout is not None
    line = (await asyncio.wait_for(server.stdout.readline(), 30)).decode()
    return server, line.split()[-1]


async def _play(people: list[Connection], moves: int) -> None:
    """The people move (their first legal action) until `moves` moves are seen."""
    done = 0
    while done < moves:
        for conn in people:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.receive(), 0.05)
            update = conn.update
            if update is not None and update.turn and update.legal and not update.over:
                await conn.act(update, update.legal[0])
                done += 1
                await asyncio.sleep(0.05)


async def _resume(url: str, name: str, code: str, token: str) -> Connection:
    conn = await Connection.open(url, name, record=True)
    await conn.send({"type": "resume", "code": code, "token": token})
    await conn.expect("joined")
    await conn.expect("update")
    return conn


def test_a_killed_server_takes_every_table_up_where_it_was(tmp_path: Path) -> None:
    async def go() -> None:
        server, url = await _serve(tmp_path)
        try:
            ann = await Connection.open(url, "Ann", record=True)
            seats = ["me", "open", "bot:easy"]
            await ann.send({"type": "create", "theme": "classic", "seats": seats, "timer": 600})
            await ann.expect("joined")
            bob = await Connection.open(url, "Bob")
            await bob.send({"type": "join", "code": ann.code})
            await bob.expect("joined")
            await _play([ann, bob], 6)
            await asyncio.sleep(0.3)  # every message in flight has arrived
            for conn in (ann, bob):
                while True:
                    try:
                        await asyncio.wait_for(conn.receive(), 0.2)
                    except TimeoutError:
                        break
            seen = {c.seat: c.update for c in (ann, bob)}
            server.send_signal(signal.SIGKILL)
            await server.wait()
            saved = tmp_path / f"{ann.code}.json"
            assert stat.S_IMODE(saved.stat().st_mode) == 0o600
            server, url = await _serve(tmp_path)
            for old, name in ((ann, "Ann"), (bob, "Bob")):
                again = await _resume(url, name, ann.code, old.token)
                before, after = seen[old.seat], again.update
                assert before is not None and after is not None
                assert after.actions == before.actions  # no move lost
                assert after.view.hand == before.view.hand
                assert after.view.history == before.view.history  # the log comes back whole
                assert after.view.scores == before.view.scores
            # The deal's commitment survives the restart: the same one is told again.
            assert _deals(again) == _deals(ann)[-1:]
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()

    run(go(), 90)


def _deals(conn: Connection) -> list[str]:
    deals = [json.loads(text) for text in conn.received if '"type":"deal"' in text]
    return [d["commitment"] for d in deals]


def _table_file(folder: Path) -> dict[str, Any]:
    """A real table's snapshot, taken by an in-process server."""

    async def go() -> dict[str, Any]:
        server = Server(server_config(port=0, room=FAST, save_dir=folder))
        await server.start()
        try:
            ann = await Connection.open(f"ws://127.0.0.1:{server.port}", "Ann")
            await ann.send({"type": "create", "theme": "classic", "seats": ["me", "bot:easy"]})
            await ann.expect("joined")
            await ann.expect("update")
        finally:
            await server.stop()  # written off the loop: all of it by the time it stops
        return json.loads((folder / f"{ann.code}.json").read_text())

    result: dict[str, Any] = run(go(), 30)
    return result


def rooms_taken_up(folder: Path) -> list[str]:
    """The tables a server started over `folder` takes up."""

    async def go() -> list[str]:
        server = Server(server_config(port=0, room=FAST, save_dir=folder))
        await server.start()
        try:
            return sorted(server.rooms)
        finally:
            await server.stop()

    result: list[str] = run(go(), 60)
    return result


def test_damaged_saves_are_set_aside_and_the_server_starts(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = _table_file(tmp_path)
    one_seat = json.loads(json.dumps(good))
    one_seat["data"]["slots"] = one_seat["data"]["slots"][:1]
    one_seat["data"]["code"] = "ONE234"
    (tmp_path / "ONE234.json").write_text(json.dumps(one_seat))
    (tmp_path / "DEEP23.json").write_text("[" * 200_000 + "]" * 200_000)
    (tmp_path / "JUNK23.json").write_bytes(b"\xff\x00 not json")
    (tmp_path / "DIRR23.json").mkdir()

    with caplog.at_level(logging.WARNING, logger="game.online.server.keeping"):
        rooms = rooms_taken_up(tmp_path)
    assert rooms == [good["data"]["code"]]  # the good table is taken up
    names = sorted(p.name for p in tmp_path.iterdir())
    for bad in ("ONE234", "DEEP23", "JUNK23", "DIRR23"):
        assert f"{bad}.json" not in names
        assert any(n.startswith(f"{bad}.json.bad-") for n in names)
        assert any(bad in r.getMessage() for r in caplog.records)
