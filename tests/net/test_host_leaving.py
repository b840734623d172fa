"""A host or server that goes away tells every client why, and the match it was
playing can be resumed later: the same code and seat tokens, the same position."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection
from game.online.server.room import RoomOptions
from game.online.server.server import Server
from tests.net.helpers import FAST, dealt, host, join, run, served, server_config, take_turns, url


def test_the_host_leaving_is_told_and_the_match_resumes_later(tmp_path: Path) -> None:
    async def go() -> None:
        config = server_config(port=0, room=FAST, save_dir=tmp_path)
        server = Server(config)
        await server.start()
        ann = await host(server, ["me", "open", "bot:easy"], timer=600)
        bob = await join(server, ann.code)
        await bob.expect("update")
        await take_turns(server, ann.code, [ann, bob], 4)  # the save is not the deal
        room = server.rooms[ann.code]
        assert room.table is not None
        moved = room.table.match.round.log[:]
        assert moved
        await server.stop("host_left")
        closing = await bob.expect("table_closed")
        assert closing["reason"] == "host_left" and "resume" in closing["message"]
        assert (await bob.expect("server_closing"))["reason"] == "host_left"
        with pytest.raises(ConnectionClosed):
            await bob.receive()
        assert bob.ws.close_code == 1001
        assert (tmp_path / f"{ann.code}.json").is_file()

        later = Server(server_config(port=0, room=FAST, save_dir=tmp_path))
        await later.start()
        try:
            again = await Connection.open(url(later), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            await again.expect("update")
            assert again.update is not None and bob.update is not None
            assert again.update.view.hand == bob.update.view.hand
            resumed = later.rooms[ann.code].table
            assert resumed is not None and resumed.match.round.log[: len(moved)] == moved
            assert (tmp_path / f"{ann.code}.json").is_file()  # snapshotted while it is played
        finally:
            await later.stop()

    run(go())


def test_an_in_app_host_leaving_before_the_deal_closes_the_table() -> None:
    async def go() -> str:
        server = Server(server_config(port=0, room=RoomOptions(pace=0, dedicated=False)))
        await server.start()
        try:
            ann = await host(server, ["me", "open", "open"], timer=600)
            bob = await join(server, ann.code)
            await ann.close()
            closing = await bob.expect("table_closed")
            return str(closing["reason"])
        finally:
            await server.stop()

    assert run(go(), 20) == "host_left"


def test_an_in_app_host_dropping_mid_game_tells_the_guests_at_once() -> None:
    async def go() -> dict[str, Any]:
        options = replace(FAST, dedicated=False)
        async with served(room=options) as server:
            ann = await host(server, ["me", "open", "bot:easy"], timer=600)
            bob = await join(server, ann.code)
            await bob.expect("update")
            await ann.close()
            return await bob.expect("table_closed")

    closing = run(go(), 20)
    assert closing["reason"] == "host_left" and "saved" in closing["message"]


def test_on_a_dedicated_server_the_host_role_passes_and_the_table_goes_on() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "open", "bot:easy"], timer=600)
            bob = await join(server, ann.code, "Bob")
            cat = await join(server, ann.code, "Cat")
            await ann.send({"type": "leave"})
            assert (await bob.expect("host"))["seat"] == 1
            await cat.send({"type": "start"})  # not the host
            assert (await cat.expect("error"))["code"] == "not_host"
            await dealt(server, ann.code, bob, cat)
            room = server.rooms[ann.code]
            assert room.table is not None and room.host == 1 and not room.closed
            assert room.slots[0].stand_in  # a computer plays the seat Ann left
            await take_turns(server, ann.code, [bob, cat], 4)  # the table goes on

    run(go(), 30)


def test_on_a_dedicated_server_the_host_role_passes_before_the_deal() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], timer=600)
            bob = await join(server, ann.code, "Bob")
            await ann.close()
            assert (await bob.expect("host"))["seat"] == 1
            await bob.send({"type": "settings", "target": 200})
            assert (await bob.expect("settings"))["target"] == 200
            await bob.send({"type": "start"})
            await bob.expect("update")
            assert server.rooms[bob.code].started

    run(go(), 30)


def test_with_nobody_there_the_host_role_goes_to_whoever_comes_back_first() -> None:
    async def go() -> list[str]:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:easy"], timer=600)
            bob = await join(server, ann.code, "Bob")
            await bob.expect("update")
            await bob.close()
            await asyncio.sleep(0.1)
            await ann.close()  # the host goes last: nobody to pass the role to
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            kinds = []
            while "host" not in kinds:
                kinds.append((await again.receive())["type"])
            assert server.rooms[ann.code].host == 1
            return kinds

    kinds = run(go(), 30)
    assert kinds.index("joined") < kinds.index("host")  # told who they are first
