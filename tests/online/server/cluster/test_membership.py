"""Leases and takeover on a real Redis: a shard that stops beating loses every table
to a live one, with its latest snapshot; a live shard keeps its tables."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.online.server.cluster.membership import Load
from game.online.server.cluster.snapshots import read
from tests.online.server.cluster.helpers import Node, RedisProcess, need_redis, run


async def _hold(node: Node, codes: list[str], round_: int) -> None:
    for code in codes:
        node.snapshots.mark(code, lambda code=code: {"code": code, "round": round_})
    await node.snapshots.close()


def test_a_dead_shards_tables_are_all_taken_with_their_latest_snapshots(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1", lease=0.3), Node(redis_server.url, "ws://b:2")
        await a.members.join()
        await b.members.join()
        codes = [f"T{i:03d}" for i in range(60)]
        for code in codes:
            assert await a.directory.claim(code)
        await _hold(a, codes, 1)
        await _hold(a, codes, 2)  # the latest snapshot is the one taken over
        loaded: dict[str, object] = {}

        async def load(code: str, snapshot: str | None) -> None:
            loaded[code] = read(snapshot, "table", 1)

        assert await b.members.take_over(load) == []  # a is alive: nothing is taken
        assert await b.members.dead() == []
        await asyncio.sleep(0.4)  # a stops beating (killed): its lease runs out
        assert await b.members.dead() == [a.directory.me.id]
        assert sorted(await b.members.take_over(load)) == codes
        assert loaded == {code: {"code": code, "round": 2} for code in codes}
        assert await b.directory.tables_of(b.directory.me.id) == set(codes)
        assert [await b.directory.owner(c) for c in codes] == [b.directory.me] * len(codes)
        assert a.directory.me.id not in await b.members.shards()  # forgotten once emptied

        # a comes back after its pause: its beat says the lease had run out, none of
        # its tables are its now, and its late snapshots are refused (fenced).
        assert not await a.members.beat()
        assert await a.members.mine(set(codes)) == set()
        await _hold(a, codes[:3], 99)
        assert a.snapshots.lost == set(codes[:3])
        stored = await b.store.one("GET", b.directory.snapshot_key(codes[0]))
        assert isinstance(stored, str)
        assert read(stored, "table", 1) == {"code": codes[0], "round": 2}

    run(go())


def test_a_beating_shard_keeps_its_tables_and_a_clean_leave_hands_them_on_at_once(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1", lease=0.3), Node(redis_server.url, "ws://b:2")
        await a.members.join()
        assert await a.directory.claim("KEEP")
        await _hold(a, ["KEEP"], 1)

        async def load(code: str, snapshot: str | None) -> None:
            pass

        for _ in range(8):  # 0.8 s, past the lease: renewed all along
            assert await a.members.beat()
            await asyncio.sleep(0.1)
            assert await b.members.take_over(load) == []
        assert await a.members.mine({"KEEP", "OTHER"}) == {"KEEP"}
        await a.members.leave()
        assert await b.members.take_over(load) == ["KEEP"]  # no wait for the lease

    run(go())


def test_two_shards_taking_over_at_once_never_both_take_a_table(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        dead = Node(redis_server.url, "ws://dead:1", lease=0.2)
        b, c = Node(redis_server.url, "ws://b:2"), Node(redis_server.url, "ws://c:3")
        await dead.members.join()
        codes = [f"D{i:03d}" for i in range(100)]
        for code in codes:
            await dead.directory.claim(code)
        await dead.members.leave()
        took: dict[str, list[str]] = {"b": [], "c": []}

        def loader(name: str) -> Load:
            async def load(code: str, snapshot: str | None) -> None:
                took[name].append(code)

            return load

        await asyncio.gather(b.members.take_over(loader("b")), c.members.take_over(loader("c")))
        assert sorted(took["b"] + took["c"]) == codes
        assert set(took["b"]).isdisjoint(took["c"])

    run(go())


def test_the_run_loop_takes_over_within_a_lease_and_a_beat(redis_server: RedisProcess) -> None:
    async def go() -> None:
        a, b = Node(redis_server.url, "ws://a:1", lease=0.3), Node(redis_server.url, "ws://b:2")
        await a.members.join()
        await a.directory.claim("LOOP")
        got = asyncio.Event()

        async def load(code: str, snapshot: str | None) -> None:
            got.set()

        async def lost(codes: set[str]) -> None:
            raise AssertionError(codes)

        loop = asyncio.create_task(b.members.run(load, lost, set))
        try:
            await asyncio.wait_for(got.wait(), 2.0)  # a never beats again
        finally:
            b.members.stop()
            loop.cancel()

    run(go())


def test_after_a_redis_outage_longer_than_a_lease_no_live_shard_loses_its_tables(
    tmp_path: Path,
) -> None:
    need_redis()
    server = RedisProcess(tmp_path, append_only=True)
    server.start()

    async def go() -> None:
        # a beats slowly, b quickly: back from the outage, b sees a's lease gone
        # before a has renewed it, and must not take a's tables for that.
        a = Node(server.url, "ws://a:1", lease=0.5, beat=0.25)
        b = Node(server.url, "ws://b:2", lease=0.5, beat=0.05)
        for node, code in ((a, "AAAA"), (b, "BBBB")):
            await node.members.join()
            assert await node.directory.claim(code)
        moved: list[str] = []

        async def load(code: str, snapshot: str | None) -> None:
            moved.append(code)

        async def lost(codes: set[str]) -> None:
            moved.extend(codes)

        loops = [
            asyncio.create_task(a.members.run(load, lost, lambda: {"AAAA"})),
            asyncio.create_task(b.members.run(load, lost, lambda: {"BBBB"})),
        ]
        try:
            await asyncio.sleep(0.3)
            server.stop()
            await asyncio.sleep(1.0)  # twice the lease
            server.start()
            await asyncio.sleep(1.5)
        finally:
            a.members.stop()
            b.members.stop()
            for loop in loops:
                loop.cancel()
        assert moved == []
        assert await a.directory.owner("AAAA") == a.directory.me
        assert await b.directory.owner("BBBB") == b.directory.me

    try:
        run(go())
    finally:
        server.stop()


def test_a_fault_in_the_load_callback_does_not_stop_the_beat(redis_server: RedisProcess) -> None:
    async def go() -> None:
        a, b = (
            Node(redis_server.url, "ws://a:1", lease=0.3),
            Node(redis_server.url, "ws://b:2", lease=0.3),
        )
        await a.members.join()
        await a.directory.claim("FAIL")
        await b.members.join()

        async def load(code: str, snapshot: str | None) -> None:
            raise RuntimeError("a bug in the room code")

        async def lost(codes: set[str]) -> None:
            pass

        loop = asyncio.create_task(b.members.run(load, lost, set))
        try:
            await asyncio.sleep(1.0)  # a's lease ran out; b's load failed; b beats on
            assert not loop.done()
            assert await b.members.dead() == []
            assert await a.members.dead() == []  # b's lease alive, renewed all along
        finally:
            b.members.stop()
            loop.cancel()

    run(go())
