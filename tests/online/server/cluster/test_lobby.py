"""The public lobby across shards on a real Redis: every shard sees every shard's
public tables; a dead shard's leave by themselves."""

from __future__ import annotations

import asyncio

from game.online.server.cluster.lobby import Lobby
from tests.online.server.cluster.helpers import Node, RedisProcess, run


def test_the_lobby_lists_every_shards_tables_and_forgets_a_dead_shards(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1"), Node(redis_server.url, "ws://b:2")
        for node in (a, b):
            await node.members.join()
        lobby_a = Lobby(a.store, a.members, listed_for=0.3)
        lobby_b = Lobby(b.store, b.members, listed_for=60, fresh=0.0)
        await lobby_a.put("AAAA", {"code": "AAAA", "open": 2})
        await lobby_a.put("AAA2", {"code": "AAA2", "open": 1})
        await lobby_b.put("BBBB", {"code": "BBBB", "open": 3})
        both = [{"code": "AAAA", "open": 2}, {"code": "AAA2", "open": 1}]
        both.append({"code": "BBBB", "open": 3})
        key = lambda summary: str(summary["code"])  # noqa: E731
        assert sorted(await lobby_b.listed(), key=key) == sorted(both, key=key)
        assert sorted(await lobby_a.listed(), key=key) == sorted(both, key=key)

        await lobby_a.remove("AAA2")  # started: no longer open to join
        await lobby_a.put("AAAA", {"code": "AAAA", "open": 1})  # a seat taken
        assert sorted(await lobby_a.listed(), key=key) == [
            {"code": "AAAA", "open": 1},
            {"code": "BBBB", "open": 3},
        ]
        await asyncio.sleep(0.15)
        await lobby_a.refresh()  # a live shard keeps its list past `listed_for`
        await asyncio.sleep(0.2)
        assert len(await lobby_b.listed()) == 2
        await asyncio.sleep(0.4)  # a stops refreshing (dead): its tables go
        assert await lobby_b.listed() == [{"code": "BBBB", "open": 3}]

        # Many players asking at once: one gathering answers them all for `fresh` s.
        cached = Lobby(b.store, b.members)
        await cached.listed()
        trips = b.store.operations.round_trips
        for _ in range(50):
            assert await cached.listed() == [{"code": "BBBB", "open": 3}]
        assert b.store.operations.round_trips == trips

    run(go())
