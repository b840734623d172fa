"""Watching a table by code, when its host allows: public information only, the
seats show how many watch, and a spectator may take a free seat."""

from __future__ import annotations

import asyncio

from game.online.client.connection import Connection
from tests.net.helpers import host, join, run, served, url
from tests.net.social_helpers import all_until, play_until


async def _watch(server, code: str, name: str = "Eve") -> Connection:  # type: ignore[no-untyped-def]
    conn = await Connection.open(url(server), name)
    await conn.send({"type": "watch", "code": code})
    return conn


def test_watching_needs_the_hosts_leave_and_the_code() -> None:
    async def go() -> None:
        async with served() as server:
            closed = await host(server, ["me", "open"])
            eve = await _watch(server, closed.code)
            assert (await eve.expect_error())["code"] == "no_watching"
            await eve.send({"type": "watch", "code": "ZZZZZZ"})
            assert (await eve.expect_error())["code"] == "not_found"
            for conn in (closed, eve):
                await conn.close()

    run(go())


def test_a_spectator_sees_the_table_but_never_a_hand() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:random"], watch=True, target=1)
            eve = await _watch(server, ann.code)
            watching = await eve.expect("watching")
            assert "token" not in watching and "seat" not in watching
            while (await ann.expect("seats"))["watchers"] != 1:  # ann's own first
                pass
            bob = await join(server, ann.code)  # the last seat: the deal
            first = await eve.expect("update")
            assert first["view"]["hand"] == [] and first["legal"] == [] and "history" in first
            assert sum(first["view"]["hand_counts"]) in (21, 23)  # 23: an opening Draw Two
            await all_until([ann, bob], "table_closed")
            for conn in (ann, bob, eve):
                await conn.close()

    run(go())


def test_a_spectator_takes_an_open_seat_before_the_deal() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], watch=True)
            eve = await _watch(server, ann.code)
            await eve.expect("watching")
            await eve.send({"type": "sit"})
            joined = await eve.expect("joined")
            assert joined["seat"] == 1 and joined["names"][1] == "Eve"
            seats = await ann.expect("seats")
            while seats["seats"][1]["name"] != "Eve" or seats["watchers"]:
                seats = await ann.expect("seats")  # Eve sits, then stops watching
            assert not server.rooms[ann.code].started  # a seat is still open
            for conn in (ann, eve):
                await conn.close()

    run(go())


def test_a_spectator_taking_the_last_open_seat_starts_the_deal() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"], watch=True)
            eve = await _watch(server, ann.code)
            await eve.expect("watching")
            await eve.send({"type": "sit"})
            await eve.expect("joined")
            update = await eve.expect("update")
            assert update["seat"] == 1 and len(update["view"]["hand"]) >= 7
            for conn in (ann, eve):
                await conn.close()

    run(go())


def test_a_spectator_takes_a_seat_left_for_good_at_the_next_round() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:random"], watch=True, target=500)
            bob = await join(server, ann.code)
            eve = await _watch(server, ann.code)
            await eve.expect("watching")
            await bob.send({"type": "leave"})
            await eve.send({"type": "sit"})
            playing = asyncio.create_task(play_until(ann, "never"))
            joined = await eve.expect("joined")
            assert joined["seat"] == 1  # after the first round, Eve holds Bob's seat
            room = server.rooms[ann.code]
            assert room.slots[1].name == "Eve" and not room.slots[1].stand_in
            update = await eve.expect("update")
            assert update["seat"] == 1 and update["round"] == 2 and update["view"]["hand"]
            playing.cancel()
            for conn in (ann, bob, eve):
                await conn.close()

    run(go())
