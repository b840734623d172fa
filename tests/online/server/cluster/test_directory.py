"""The table directory on a real Redis: codes unique across shards, owners found,
entries dropped only by their owner."""

from __future__ import annotations

import asyncio

from tests.online.server.cluster.helpers import Node, RedisProcess, run


def test_codes_are_unique_under_concurrent_claims_from_two_shards(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1"), Node(redis_server.url, "ws://b:2")
        codes = [f"C{i:03d}" for i in range(200)]
        # Both shards claim every code at once: each code goes to exactly one.
        got_a, got_b = await asyncio.gather(
            asyncio.gather(*(a.directory.claim(c) for c in codes)),
            asyncio.gather(*(b.directory.claim(c) for c in codes)),
        )
        assert all(x != y for x, y in zip(got_a, got_b, strict=True))
        mine_a = {c for c, won in zip(codes, got_a, strict=True) if won}
        assert await a.directory.tables_of(a.directory.me.id) == mine_a
        assert await b.directory.tables_of(b.directory.me.id) == set(codes) - mine_a
        for code in codes:
            owner = await b.directory.owner(code)
            assert owner == (a.directory.me if code in mine_a else b.directory.me)

    run(go())


def test_only_the_owner_releases_a_table_its_snapshot_goes_and_its_code_is_free_again(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1"), Node(redis_server.url, "wss://b.example/s2")
        assert await a.directory.claim("ABCD")
        a.snapshots.mark("ABCD", lambda: {"round": 1})
        await a.snapshots.close()
        assert not await b.directory.claim("ABCD")
        assert not await b.directory.release("ABCD")
        owner = await b.directory.owner("ABCD")
        assert owner is not None and owner.address == "ws://a:1"
        assert await a.directory.release("ABCD")
        assert await a.directory.owner("ABCD") is None
        # Its snapshot went with it: nothing is left behind for a table that ended.
        assert await a.store.one("EXISTS", a.directory.snapshot_key("ABCD")) == 0
        assert await a.directory.tables_of(a.directory.me.id) == set()
        assert await b.directory.claim("ABCD")
        owner = await a.directory.owner("ABCD")
        assert owner is not None and owner.address == "wss://b.example/s2"

    run(go())
