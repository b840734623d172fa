"""Per-address limits shared by two shards on a real Redis, with the single
server's meaning: held connections, tables that exist, wrong codes in a window."""

from __future__ import annotations

import asyncio

from game.online.server.cluster.limits import Limits
from tests.online.server.cluster.helpers import Node, RedisProcess, run


def test_connections_per_address_are_counted_across_shards(redis_server: RedisProcess) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1", lease=0.3), Node(redis_server.url, "ws://b:2")
        for node in (a, b):
            await node.members.join()
        on_a, on_b = Limits(a.store, a.directory), Limits(b.store, b.directory)
        # Two shards let the same address in at once: 8 places, never more.
        let_in = await asyncio.gather(
            *(limits.connect("203.0.113.7", 8) for limits in [on_a, on_b] * 6)
        )
        assert sum(let_in) == 8
        assert await on_b.connect("198.51.100.1", 8)  # another address is not affected
        await on_a.disconnect("203.0.113.7")
        assert await on_b.connect("203.0.113.7", 8)  # a place freed on a is b's to give
        assert not await on_b.connect("203.0.113.7", 8)
        # a dies without a word: its connections stop counting when its lease goes.
        await asyncio.sleep(0.4)
        held_on_b = 8 - sum(let_in[0::2])
        assert held_on_b < 8
        for _ in range(8 - held_on_b - 1):
            assert await on_b.connect("203.0.113.7", 8)
        assert not await on_b.connect("203.0.113.7", 8)

    run(go())


def test_tables_per_address_count_the_tables_that_exist_on_any_shard(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1"), Node(redis_server.url, "ws://b:2")
        on_a, on_b = Limits(a.store, a.directory), Limits(b.store, b.directory)
        for code, node, limits in (("T1", a, on_a), ("T2", b, on_b), ("T3", a, on_a)):
            assert await node.directory.claim(code)
            assert await limits.make_table("203.0.113.7", code, 3)
        assert await b.directory.claim("T4")
        assert not await on_b.make_table("203.0.113.7", "T4", 3)  # a fourth, on either shard
        assert await on_b.make_table("203.0.113.7", "T2", 3)  # asked again: still the same
        await b.directory.release("T4")
        await a.directory.release("T1")  # a table ended: it stops counting by itself
        assert await b.directory.claim("T5")
        assert await on_b.make_table("203.0.113.7", "T5", 3)

    run(go())


def test_wrong_codes_are_limited_in_a_sliding_window_across_shards(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1"), Node(redis_server.url, "ws://b:2")
        on_a, on_b = Limits(a.store, a.directory), Limits(b.store, b.directory)
        window = 0.6
        for i in range(10):
            assert await (on_a if i % 2 else on_b).guess_wait("203.0.113.7", 10, window) == 0.0
            await (on_a if i % 2 else on_b).guessed_wrong("203.0.113.7", window)
        wait = await on_a.guess_wait("203.0.113.7", 10, window)
        assert 0.3 < wait <= window  # until the oldest of the ten leaves the window
        assert await on_b.guess_wait("198.51.100.1", 10, window) == 0.0
        await asyncio.sleep(wait + 0.05)
        assert await on_b.guess_wait("203.0.113.7", 10, window) == 0.0

    run(go())
