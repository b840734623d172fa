"""Private and public tables, the lobby's list and Play now."""

from __future__ import annotations

import json

from game.online.client.connection import Connection
from tests.net.helpers import host, join, run, served, url


async def _listed(server_url: str) -> list[dict]:
    conn = await Connection.open(server_url, "Eve")
    await conn.send({"type": "list"})
    tables = (await conn.expect("tables"))["tables"]
    await conn.close()
    return tables


def test_a_private_table_is_never_listed_and_a_public_one_is() -> None:
    async def go() -> None:
        async with served() as server:
            private = await host(server, ["me", "open", "open"])
            public = await host(
                server,
                ["me", "open", "bot:easy"],
                name="Bo",
                public=True,
                options={"jump_in": True},
            )
            tables = await _listed(url(server))
            assert [t["code"] for t in tables] == [public.code]
            (shown,) = tables
            assert "jump_in" in shown["house"] and "seven_zero" not in shown["house"]
            assert shown == {
                "code": public.code,
                "theme": "classic",
                "house": shown["house"],
                "players": 3,
                "open": 1,
                "started": False,
                "watchers": 0,
                "watch": False,
            }
            assert private.code not in str(tables)
            for conn in (private, public):
                await conn.close()

    run(go())


def test_the_host_may_make_a_table_public_and_private_again() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"])
            assert await _listed(url(server)) == []
            await ann.send({"type": "settings", "public": True})
            assert (await ann.expect("settings"))["public"] is True
            assert [t["code"] for t in await _listed(url(server))] == [ann.code]
            await ann.send({"type": "settings", "public": False})
            await ann.expect("settings")
            assert await _listed(url(server)) == []
            await ann.send({"type": "start"})  # dealt: who may find it may still change
            await ann.expect("update")
            await ann.send({"type": "settings", "public": True, "watch": True})
            told = await ann.expect("settings")
            assert told["public"] and told["watch"]
            assert [t["started"] for t in await _listed(url(server))] == [True]
            await ann.send({"type": "settings", "timer": 60})
            assert (await ann.expect_error())["code"] == "started"
            await ann.close()

    run(go())


def test_only_its_code_leads_to_a_private_table() -> None:
    """Play now never sits anyone at a private table: it opens a public one."""

    async def go() -> None:
        async with served() as server:
            private = await host(server, ["me", "open", "open"])
            eve = await Connection.open(url(server), "Eve")
            await eve.send({"type": "play_now"})
            joined = await eve.expect("joined")
            assert joined["code"] != private.code and joined["public"] is True
            assert server.rooms[private.code].seats.open_seats == 2
            bob = await join(server, private.code)  # with the code it is joinable
            assert bob.code == private.code
            for conn in (private, eve, bob):
                await conn.close()

    run(go())


def test_play_now_joins_the_first_public_table_with_room_then_opens_one() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"], public=True)
            bob = await Connection.open(url(server), "Bob")
            await bob.send({"type": "play_now"})
            assert (await bob.expect("joined"))["code"] == ann.code  # and the table is full
            cy = await Connection.open(url(server), "Cy")
            await cy.send({"type": "play_now"})
            joined = await cy.expect("joined")
            assert joined["code"] != ann.code and joined["seat"] == 0
            assert len(joined["names"]) == 4 and joined["public"]
            dee = await Connection.open(url(server), "Dee")
            await dee.send({"type": "play_now", "theme": "classic"})
            assert (await dee.expect("joined"))["code"] == joined["code"]
            for conn in (ann, bob, cy, dee):
                await conn.close()

    run(go())


def test_a_table_taken_up_from_its_save_stays_public() -> None:
    from game.online.server.room_data import room_from_data

    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "bot:easy"], public=True, watch=True)
            await ann.expect("update")
            room = server.rooms[ann.code]
            saved = json.loads(json.dumps(room.to_data()))  # as the save folder holds it
            again = room_from_data(saved, room.options, room.play.pool)
            assert again.settings.public and again.settings.watchable
            await ann.close()

    run(go())
