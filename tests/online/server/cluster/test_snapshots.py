"""Snapshots in a real Redis: batched (the operations per action counted), and kept
through a Redis restart: refused calls fail fast with StoreUnavailable, what was
due is written once Redis is back, nothing is lost."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from game.online.server.cluster import snapshots as snapshots_module
from game.online.server.cluster.snapshots import UNSET, read
from game.online.server.cluster.store import StoreUnavailable
from tests.online.server.cluster.helpers import Node, RedisProcess, need_redis, run


async def _stored(node: Node, code: str) -> object:
    text = await node.store.one("GET", node.directory.snapshot_key(code))
    return read(text if isinstance(text, str) else None, "table", 1)


def test_changes_close_together_are_written_once_in_one_command(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        node = Node(redis_server.url, "ws://a:1")
        codes = ["AAAA", "BBBB", "CCCC"]
        for code in codes:
            await node.directory.claim(code)
        before = node.store.operations.commands, node.store.operations.round_trips
        for move in range(5):  # 15 actions within one DELAY
            for code in codes:
                node.snapshots.mark(code, lambda code=code, move=move: {code: move})
        assert node.snapshots.latest("AAAA") == {"AAAA": 4}
        await asyncio.sleep(snapshots_module.DELAY * 4)
        after = node.store.operations.commands, node.store.operations.round_trips
        assert (after[0] - before[0], after[1] - before[1]) == (1, 1)  # one script
        assert [await _stored(node, c) for c in codes] == [{c: 4} for c in codes]
        assert node.snapshots.latest("AAAA") is UNSET
        node.snapshots.mark("BBBB", lambda: None)  # the table ended: its snapshot goes
        await node.snapshots.close()
        assert await node.store.one("EXISTS", node.directory.snapshot_key("BBBB")) == 0

    run(go())


def test_store_operations_per_action_under_many_tables(redis_server: RedisProcess) -> None:
    async def go() -> None:
        node = Node(redis_server.url, "ws://a:1")
        codes = [f"L{i:03d}" for i in range(200)]
        for code in codes:
            await node.directory.claim(code)
        node.store.operations.commands = 0
        actions = 0
        for tick in range(20):  # every table acts every other 10 ms tick
            for code in codes[tick % 2 :: 2]:
                node.snapshots.mark(code, lambda code=code, tick=tick: {code: tick})
                actions += 1
            await asyncio.sleep(0.01)
        await node.snapshots.close()
        per_action = node.store.operations.per(actions)
        print(f"store operations per action: {per_action:.2f} ({actions} actions)")
        assert 0 < per_action <= 1.0  # at most one write per action, batched

    run(go())


def test_redis_restarted_mid_way_loses_nothing(tmp_path: Path) -> None:
    need_redis()
    server = RedisProcess(tmp_path, append_only=True)
    server.start()

    async def go() -> None:
        node = Node(server.url, "ws://a:1")
        codes = [f"R{i:03d}" for i in range(40)]
        for code in codes:
            assert await node.directory.claim(code)
            node.snapshots.mark(code, lambda code=code: {code: "before"})
        await node.snapshots.close()

        server.stop()  # Redis goes away mid-round
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            await node.directory.claim("NEW1")  # a new table is refused ...
        assert time.monotonic() - started < 1.0  # ... at once
        for code in codes:  # play goes on at the tables held
            node.snapshots.mark(code, lambda code=code: {code: "during"})
        await asyncio.sleep(snapshots_module.DELAY * 4)  # a batch is tried and fails
        assert len(node.snapshots.due) == len(codes)  # all still due
        assert node.snapshots.latest(codes[0]) == {codes[0]: "during"}

        server.start()  # back, with its data (append-only file)
        deadline = time.monotonic() + 10
        while node.snapshots.due or node.snapshots.writing:
            assert time.monotonic() < deadline, "the due snapshots were not written"
            await asyncio.sleep(0.05)
        assert [await _stored(node, c) for c in codes] == [{c: "during"} for c in codes]
        assert node.snapshots.lost == set()
        assert await node.directory.claim("NEW1")  # new tables are taken again
        await node.store.close()

    try:
        run(go())
    finally:
        server.stop()


def test_a_full_redis_refuses_like_an_absent_one_and_nothing_is_lost(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        node = Node(redis_server.url, "ws://a:1")
        assert await node.directory.claim("FULL")
        await node.store.one("CONFIG", "SET", "maxmemory-policy", "noeviction")
        await node.store.one("CONFIG", "SET", "maxmemory", "1")  # full: no writes taken
        with pytest.raises(StoreUnavailable, match="no writes"):
            await node.directory.claim("NEW1")
        node.snapshots.mark("FULL", lambda: {"FULL": 1})
        await asyncio.sleep(snapshots_module.DELAY * 4)
        assert "FULL" in node.snapshots.due
        await node.store.one("CONFIG", "SET", "maxmemory", "0")  # room again
        await node.snapshots.close()
        assert await _stored(node, "FULL") == {"FULL": 1}

    run(go())


def test_stored_waits_for_a_tables_latest_change_and_batches_what_comes_meanwhile(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        node = Node(redis_server.url, "ws://a:1")
        node.snapshots.delay = 0.0  # a group commit: each change told only once stored
        codes = [f"G{i:02d}" for i in range(20)]
        for code in codes:
            await node.directory.claim(code)

        async def act(code: str, move: int) -> bool:
            node.snapshots.mark(code, lambda: {code: move})
            return await node.snapshots.stored(code)

        for move in range(3):
            trips = node.store.operations.round_trips
            assert all(await asyncio.gather(*(act(code, move) for code in codes)))
            assert node.store.operations.round_trips - trips == 1  # 20 changes, one batch
            # Told only after it is in Redis: what a killed shard's successor reads.
            assert [await _stored(node, c) for c in codes] == [{c: move} for c in codes]

        # A table another shard holds now: its change is refused and `stored` says so.
        await node.store.one("SET", node.directory.entry_key("G00"), "other ws://b:2")
        assert not await act("G00", 9)
        assert await _stored(node, "G00") == {"G00": 2}
        assert not await node.snapshots.stored("G00")

    run(go())


def test_stored_waits_through_a_redis_outage(tmp_path: Path) -> None:
    need_redis()
    server = RedisProcess(tmp_path, append_only=True)
    server.start()

    async def go() -> None:
        node = Node(server.url, "ws://a:1")
        assert await node.directory.claim("WAIT")
        server.stop()
        node.snapshots.mark("WAIT", lambda: {"WAIT": "during"})
        waiting = asyncio.create_task(node.snapshots.stored("WAIT"))
        await asyncio.sleep(0.3)
        assert not waiting.done()  # not told as stored while Redis is away
        server.start()
        assert await asyncio.wait_for(waiting, 10)
        assert await _stored(node, "WAIT") == {"WAIT": "during"}

    try:
        run(go())
    finally:
        server.stop()


def test_batches_start_spacing_apart_and_what_comes_meanwhile_goes_in_one(
    redis_server: RedisProcess,
) -> None:
    async def go() -> None:
        node = Node(redis_server.url, "ws://a:1")
        node.snapshots.delay, node.snapshots.spacing = 0.0, 0.2
        assert await node.directory.claim("S001")
        loop = asyncio.get_running_loop()
        began = loop.time()
        node.snapshots.mark("S001", lambda: {"move": 1})
        assert await node.snapshots.stored("S001")
        assert loop.time() - began < 0.15  # the first goes at once
        trips = node.store.operations.round_trips
        for move in range(2, 6):  # four moves within the spacing
            node.snapshots.mark("S001", lambda move=move: {"move": move})
            await asyncio.sleep(0.01)
        assert await node.snapshots.stored("S001")
        assert loop.time() - began >= 0.2  # the next batch waited for the spacing ...
        assert node.store.operations.round_trips - trips == 1  # ... and took them all
        assert await _stored(node, "S001") == {"move": 5}

    run(go())
