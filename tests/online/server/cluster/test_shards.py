"""Real shard processes (`uno-table serve --redis`) on a real redis-server: a table
made on one shard is reached through another, codes and limits and the lobby are
shared."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection, ServerError
from game.online.protocol.client_messages import Create, Join, ListTables, PlayNow, Watch
from game.online.server.cluster import membership
from game.online.server.processes import free_port
from tests.online.server.cluster.helpers import RedisProcess, ShardProcess, run

TWO = ("me", "open")
PER_ADDRESS = 5


@pytest.fixture
def shards(redis_server: RedisProcess) -> Iterator[list[ShardProcess]]:
    started = [ShardProcess(redis_server.url, "--per-address", str(PER_ADDRESS)) for _ in range(2)]
    time.sleep(membership.BEAT * 1.5)  # the first shard learns of the second at a beat
    try:
        yield started
    finally:
        for shard in started:
            shard.stop()


def test_a_table_made_on_one_shard_is_joined_through_the_other(
    shards: list[ShardProcess],
) -> None:
    a, b = shards

    async def go() -> None:
        ann = await Connection.at_table(a.url, "Ann", Create("classic", TWO))
        assert ann.shards == tuple(sorted((a.url, b.url)))  # the welcome names every shard
        bea = await Connection.at_table(b.url, "Bea", Join(ann.code))
        assert bea.url == a.url and bea.code == ann.code and bea.seat == 1
        await ann.expect("update")  # both seats taken: the round is dealt at A
        await bea.expect("update")
        for conn in (ann, bea):
            await conn.close()

    run(go())


def test_codes_are_unique_and_the_lobby_is_every_shards(shards: list[ShardProcess]) -> None:
    a, b = shards

    async def go() -> None:
        made = [
            await Connection.at_table(shard.url, "P", Create("classic", TWO, public=True))
            for shard in (a, b, a)
        ]
        codes = {conn.code for conn in made}
        assert len(codes) == 3
        looker = await Connection.open(b.url, "Looker")
        deadline = time.monotonic() + 5
        while True:  # each shard lists its public tables in the store every second
            await looker.send(ListTables())
            listed = {t["code"] for t in (await looker.expect("tables"))["tables"]}
            if codes <= listed or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.2)
        assert codes <= listed
        for conn in [*made, looker]:
            await conn.close()

    run(go())


async def listed_at(url: str, code: str) -> None:
    """Once the shard at `url` lists the public table `code` (each shard lists its own
    in the store every second)."""
    looker = await Connection.open(url, "Looker")
    deadline = time.monotonic() + 5
    while True:
        await looker.send(ListTables())
        if code in {t["code"] for t in (await looker.expect("tables"))["tables"]}:
            break
        assert time.monotonic() < deadline, f"{code} not listed at {url}"
        await asyncio.sleep(0.2)
    await looker.close()


def test_play_now_finds_a_waiting_table_on_another_shard(shards: list[ShardProcess]) -> None:
    a, b = shards

    async def go() -> None:
        ann = await Connection.at_table(a.url, "Ann", PlayNow("classic"))  # none yet: made at A
        assert ann.url == a.url
        await listed_at(b.url, ann.code)
        bea = await Connection.at_table(b.url, "Bea", PlayNow("classic"))  # sent on to A
        assert (bea.url, bea.code, bea.seat) == (a.url, ann.code, 1)
        cy = await Connection.at_table(
            b.url, "Cy", PlayNow("minecraft")
        )  # another theme: made at B
        assert cy.url == b.url and cy.code != ann.code
        for conn in (ann, bea, cy):
            await conn.close()

    run(go())


def test_limits_count_on_every_shard(shards: list[ShardProcess]) -> None:
    a, b = shards

    async def refused(url: str) -> bool:
        try:
            conn = await Connection.open(url, "P")
        except ServerError as error:
            return "too many connections" in str(error)
        except ConnectionClosed as closed:  # the close came before the refusal was read
            return closed.rcvd is not None and closed.rcvd.code == 1013
        await conn.close()
        return False

    async def go() -> None:
        urls = [a.url, b.url] * PER_ADDRESS
        held = [await Connection.open(url, "P") for url in urls[:PER_ADDRESS]]
        assert await refused(b.url)  # one more than the address may hold
        await held.pop().close()
        for _ in range(50):  # the shard counts the connection gone
            if not await refused(a.url):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("a connection closed still counts")
        for conn in held:
            await conn.close()

    run(go())


def test_a_wrong_code_is_not_found_on_any_shard(shards: list[ShardProcess]) -> None:
    a, b = shards

    async def go() -> None:
        conn = await Connection.open(b.url, "P")
        await conn.send(Watch("ZZZZZZ"))
        error = await conn.expect_error()
        assert error["code"] == "not_found"
        await conn.close()

    run(go())


def test_a_shard_serves_its_figures_to_the_operator(redis_server: RedisProcess) -> None:
    status = free_port("127.0.0.1")
    shard = ShardProcess(redis_server.url, "--status-port", str(status))
    try:

        async def go() -> None:
            host = await Connection.at_table(shard.url, "Ann", Create("classic", TWO))
            guest = await Connection.at_table(shard.url, "Bea", Join(host.code))
            await guest.expect("update")  # dealt: the table changed
            await host.close()
            await guest.close()

        run(go())
        with urllib.request.urlopen(f"http://127.0.0.1:{status}/metrics", timeout=5) as page:
            text = page.read().decode()
        figures = dict(row.rsplit(" ", 1) for row in text.splitlines() if row[0] != "#")
        assert float(figures["uno_tables"]) == 1
        assert float(figures["uno_actions_total"]) >= 1
        assert float(figures["uno_store_commands_total"]) > 0
        assert f'address="{shard.url}"' in text
    finally:
        shard.stop()
