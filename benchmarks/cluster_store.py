"""What the shared store costs per action: one shard's cluster parts (directory,
lease and takeover loop, lobby refresh, batched snapshots) over N tables that
act at people's pace, against a real Redis.

    python benchmarks/cluster_store.py                        # N = 200, 2000; starts a redis-server
    python benchmarks/cluster_store.py --tables 10000 --redis redis://127.0.0.1:6379/15

Each table claims its code, then every 1-5 s (a person thinking, about what
`server_load.py` measures) changes and marks its snapshot, a JSON of
`--snapshot-bytes` (3,700: a four-seat table's file snapshot, measured), batched
over `--delay` seconds (0: each move waits until it is stored). Over
`--seconds` it prints actions/s; store commands and round trips per action (the
issue's target: <= 3 commands); the shard's CPU per action in the store layer
(this process: the tables' own work here is only making the JSON); Redis's CPU
per action; Redis's memory per table (its entry and snapshot); and with
`--delay 0`, the 99th percentile of a move's wait until stored, in ms. Not the game
server: the tables are stand-ins, so the figure is the store's share of an
action's cost.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from game.online.server.cluster.directory import Directory, Shard
from game.online.server.cluster.lobby import Lobby
from game.online.server.cluster.membership import Membership
from game.online.server.cluster.snapshots import Snapshots
from game.online.server.cluster.store import Store


@contextmanager
def redis_server(port: int) -> Iterator[str]:
    server = shutil.which("redis-server")
    if server is None:
        raise SystemExit("needs redis-server (apt-get install redis-server) or --redis URL")
    with tempfile.TemporaryDirectory() as folder:
        args = [server, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
        process = subprocess.Popen(
            [*args, "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL
        )
        try:
            time.sleep(0.5)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(10)


async def measure(url: str, tables: int, seconds: float, size: int, delay: float) -> str:
    store = Store.connect(url, prefix=f"bench-{uuid.uuid4().hex[:6]}")
    directory = Directory(store, Shard(uuid.uuid4().hex, "ws://127.0.0.1:8765"))
    snapshots = Snapshots(store, directory, "table", 1, delay=delay)
    members = Membership(store, directory)
    lobby = Lobby(store, members)
    await members.join()
    memory_before, _ = await _redis_figures(store)
    codes = [f"B{i:06d}" for i in range(tables)]
    for start in range(0, tables, 500):
        await asyncio.gather(*(directory.claim(c) for c in codes[start : start + 500]))
    filler = "x" * size
    actions = 0
    waits: list[float] = []

    async def table(code: str) -> None:
        nonlocal actions
        move = 0
        while True:
            await asyncio.sleep(random.uniform(1.0, 5.0))
            move += 1
            data = {"code": code, "move": move, "rest": filler}
            snapshots.mark(code, lambda data=data: data)  # type: ignore[misc]
            if delay == 0:
                started = time.monotonic()
                await snapshots.stored(code)  # the players told only once it is stored
                waits.append(time.monotonic() - started)
            actions += 1

    async def beats() -> None:
        while True:
            await members.beat()
            await members.take_over(_ignore)
            await lobby.refresh()
            await asyncio.sleep(members.every)

    running = [asyncio.create_task(table(c)) for c in codes] + [asyncio.create_task(beats())]
    await asyncio.sleep(5.0)  # every table's first move is behind it
    ops, trips, acted = store.operations.commands, store.operations.round_trips, actions
    waits.clear()
    _, cpu_before = await _redis_figures(store)
    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    acted = actions - acted
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    ops, trips = store.operations.commands - ops, store.operations.round_trips - trips
    _, cpu_after = await _redis_figures(store)
    for task in running:
        task.cancel()
    await snapshots.close()
    memory_after, _ = await _redis_figures(store)
    waits.sort()
    p99 = f"{waits[int(len(waits) * 0.99)] * 1000:>10.1f}" if waits else f"{'-':>10}"
    await _clean(store, directory, snapshots, codes)
    await store.close()
    return (
        f"{tables:>7} {acted / wall:>9.0f} {ops / acted:>8.2f} {trips / acted:>9.3f}"
        f" {cpu / acted * 1000:>12.3f} {(cpu_after - cpu_before) / acted * 1000:>12.3f}"
        f" {(memory_after - memory_before) / tables / 1024:>9.1f} {p99}"
    )


async def _redis_figures(store: Store) -> tuple[int, float]:
    """Redis's memory in use (bytes) and its CPU seconds so far."""
    memory, cpu = await store.run(("INFO", "memory"), ("INFO", "cpu"))
    assert isinstance(memory, dict) and isinstance(cpu, dict)
    return int(memory["used_memory"]), float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])


async def _clean(
    store: Store, directory: Directory, snapshots: Snapshots, codes: list[str]
) -> None:
    """Every key this run made goes (a Redis given with --redis is left as it was)."""
    keys = [directory.entry_key(c) for c in codes] + [directory.snapshot_key(c) for c in codes]
    me = directory.me.id
    keys += [store.key(kind, me) for kind in ("tables", "lease", "lobby")]
    for start in range(0, len(keys), 1000):
        await store.run(("DEL", *keys[start : start + 1000]))
    await store.run(("HDEL", store.key("shards"), me))


async def _ignore(code: str, snapshot: str | None) -> None:
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[200, 2000])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--snapshot-bytes", type=int, default=3700)
    parser.add_argument(
        "--delay",
        type=float,
        default=0.05,
        help="seconds a change waits to be batched (0: each move waits until it is stored)",
    )
    parser.add_argument("--redis", help="a Redis to use (its database is written to)")
    parser.add_argument("--port", type=int, default=6391, help="for the redis-server started")
    args = parser.parse_args()
    print(" tables actions/s  cmd/act trips/act shard ms/act redis ms/act  kB/table  wait p99")
    with redis_server(args.port) if args.redis is None else _given(args.redis) as url:
        for tables in args.tables:
            figures = measure(url, tables, args.seconds, args.snapshot_bytes, args.delay)
            print(asyncio.run(figures), flush=True)


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url


if __name__ == "__main__":
    main()
