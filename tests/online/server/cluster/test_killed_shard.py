"""A shard process killed with SIGKILL mid-play (2 shards, 200 tables), with the
real lease and beat: the other shard holds every table within 10 s, each with
the last snapshot the dead one wrote."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.online.server.cluster import membership
from game.online.server.cluster.snapshots import read
from tests.online.server.cluster.helpers import Node, RedisProcess, run

ROOT = Path(__file__).resolve().parents[4]
TABLES = 200

# The shard that dies: claims its tables, then plays (a snapshot per table every
# 0.1 s, each with its move number) and beats until it is killed.
SHARD = """
import asyncio, sys
from tests.online.server.cluster.helpers import Node

async def nothing(*_):
    pass

async def main(url, tables):
    node = Node(url, "ws://doomed:1", lease=5.0, beat=1.0)
    await node.members.join()
    codes = [f"K{i:03d}" for i in range(tables)]
    for code in codes:
        assert await node.directory.claim(code)
    beat = asyncio.create_task(node.members.run(nothing, nothing, set))
    move = 0
    while True:
        move += 1
        for code in codes:
            node.snapshots.mark(code, lambda code=code, move=move: {"code": code, "move": move})
        await node.snapshots.close()
        print(move, flush=True)
        await asyncio.sleep(0.1)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def test_a_killed_shards_tables_all_resume_on_the_other_within_10_s(
    redis_server: RedisProcess,
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    doomed = subprocess.Popen(
        [sys.executable, "-c", SHARD, redis_server.url, str(TABLES)],
        stdout=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    try:
        assert doomed.stdout is not None
        for _ in range(5):  # five rounds of moves written
            last = int(doomed.stdout.readline())
        os.kill(doomed.pid, signal.SIGKILL)
        killed = time.monotonic()
    finally:
        doomed.kill()
        doomed.wait(10)

    async def go() -> tuple[dict[str, object], float]:
        survivor = Node(
            redis_server.url, "ws://survivor:2", lease=membership.LEASE, beat=membership.BEAT
        )
        await survivor.members.join()
        resumed: dict[str, object] = {}

        async def load(code: str, snapshot: str | None) -> None:
            resumed[code] = read(snapshot, "table", 1)

        async def lost(codes: set[str]) -> None:
            raise AssertionError(codes)

        loop = asyncio.create_task(survivor.members.run(load, lost, set))
        while len(resumed) < TABLES and time.monotonic() - killed < 15:
            await asyncio.sleep(0.05)
        survivor.members.stop()
        loop.cancel()
        return resumed, time.monotonic() - killed

    resumed, took = run(go())
    print(f"{len(resumed)} tables resumed {took:.1f} s after the kill")
    assert took < 10.0
    assert len(resumed) == TABLES
    # No action lost: every table comes back at least at the move the dead shard had
    # written in full when it was killed (it may have written some of the next).
    moves = [snapshot["move"] for snapshot in resumed.values() if isinstance(snapshot, dict)]
    assert len(moves) == TABLES and min(moves) >= last
