"""The server inside a player's game: it listens where the player chose, refuses
web pages, keeps its files to the player, and a damaged save never stops Host."""

from __future__ import annotations

import asyncio
import json
import stat
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from game.online.client.connection import Connection
from game.online.client.hosting import THIS_COMPUTER, HostedServer
from game.online.server.room import RoomOptions

QUICK = RoomOptions(pace=0, round_break=0, catch_window=0)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_this_computer_only_binds_loopback_and_files_are_the_players(tmp_path: Path) -> None:
    folder = tmp_path / "online"
    hosted = HostedServer.start(THIS_COMPUTER, 0, save_dir=folder, room=QUICK)
    try:
        sockets = hosted.server.listening.main.sockets
        assert {s.getsockname()[0] for s in sockets} == {"127.0.0.1"}

        async def play() -> tuple[str, str]:
            ann = await Connection.open(hosted.url, "Ann")
            seats = ["me", "bot:easy"]
            await ann.send({"type": "create", "theme": "classic", "seats": seats})
            await ann.expect("joined")
            await ann.expect("update")
            with pytest.raises(InvalidStatus):  # a web page in the player's browser
                await connect(hosted.url, origin="http://localhost:8000")  # type: ignore[arg-type]
            await ann.close()
            return ann.code, ann.token

        code, token = asyncio.run(asyncio.wait_for(play(), 30))
        for _ in range(100):  # snapshots are written off the loop, soon after the change
            if (folder / f"{code}.json").exists():
                break
            time.sleep(0.05)
        assert _mode(folder) == 0o700
        assert _mode(folder / f"{code}.json") == 0o600
    finally:
        hosted.stop()
    # The host comes back later to the match saved on their computer.
    again = HostedServer.start(THIS_COMPUTER, 0, save_dir=folder, room=QUICK)
    try:

        async def resume() -> None:
            ann = await Connection.open(again.url, "Ann")
            await ann.send({"type": "resume", "code": code, "token": token})
            await ann.expect("joined")
            await ann.expect("update")

        asyncio.run(asyncio.wait_for(resume(), 30))
    finally:
        again.stop()


def test_a_damaged_or_one_seat_save_never_stops_hosting(tmp_path: Path) -> None:
    folder = tmp_path / "online"
    folder.mkdir()
    one_seat = {
        "format": "uno-table",
        "kind": "online-table",
        "version": 1,
        "data": {"code": "ONE234", "slots": [["person", "Ann", "normal", "t"]], "match": {}},
    }
    (folder / "ONE234.json").write_text(json.dumps(one_seat))
    (folder / "JUNK23.json").write_text("{not json")
    hosted = HostedServer.start(THIS_COMPUTER, 0, save_dir=folder, room=QUICK)
    try:
        assert hosted.server.rooms == {}
        names = sorted(p.name for p in folder.iterdir())
        assert any(n.startswith("ONE234.json.bad-") for n in names)
        assert any(n.startswith("JUNK23.json.bad-") for n in names)
    finally:
        hosted.stop()
