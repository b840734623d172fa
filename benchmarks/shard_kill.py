"""A shard killed mid-round with `kill -9`: how long until every table and every
seat is back on the other shard, and whether any move was lost.

    python benchmarks/shard_kill.py --tables 200

Starts a redis-server and two `uno-table serve --redis` shards (computers on a
thread, no pace), makes `--tables` tables on shard A, each with one person (a
load client here) and a computer, plays until every table has moved, then kills
A. Each client then does what the game's client does after a drop: tries A,
then B (the shards A's welcome named), every 0.5-2 s, with its seat token. It
prints how many seats were back and when, and the tables whose first update
after the takeover was behind the last one the person had been told (a move lost).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.online.client.connection import Connection  # noqa: E402
from game.online.protocol.client_messages import Create, Resume  # noqa: E402
from game.online.protocol.server_messages import Update  # noqa: E402
from game.online.server.processes import MachineRedis, free_port  # noqa: E402


def shard(redis: str, tables: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port("127.0.0.1")
    many = str(tables * 4 + 10)
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--redis", redis, "--bot-processes", "0", "--pace", "0", "--log", "error"]
    command += ["--per-address", many, "--tables-per-address", many, "--max-tables", many]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    return process, f"ws://127.0.0.1:{port}"


async def seat(url: str, i: int) -> tuple[Connection, int]:
    conn = await Connection.at_table(url, f"P{i}", Create("classic", ("me", "bot:easy")))
    while not (isinstance(await conn.read(), Update)):
        pass
    return conn, conn.update.actions if conn.update else 0


async def newest(conn: Connection) -> int:
    """The actions of the newest update this person has been sent (all of it read)."""
    while True:
        try:
            await asyncio.wait_for(conn.read(), 0.05)
        except TimeoutError:
            return conn.update.actions if conn.update else 0


async def back(conn: Connection, places: list[str], told: int, killed: float) -> tuple[float, bool]:
    """Seconds after the kill this seat was back, and whether its table was at least
    where the person had last been told."""
    code, token, wait = conn.code, conn.token, 0.5
    while True:
        for place in places:
            try:
                again = await Connection.at_table(place, "P", Resume(code, token))
            except Exception:  # refused, or sent to the dead shard: the next
                continue
            while not isinstance(await again.read(), Update):
                pass
            took = time.monotonic() - killed
            actions = again.update.actions if again.update else -1
            await again.close()
            return took, actions >= told
        await asyncio.sleep(wait)
        wait = min(wait * 2, 2.0)


async def run(tables: int, a: str, b: str, doomed: subprocess.Popen[bytes]) -> None:
    seated = [await seat(a, i) for i in range(tables)]
    await asyncio.sleep(1.0)
    told = [await newest(conn) for conn, _ in seated]
    os.kill(doomed.pid, signal.SIGKILL)
    killed = time.monotonic()
    results = await asyncio.gather(
        *(back(conn, [a, b], t, killed) for (conn, _), t in zip(seated, told, strict=True))
    )
    times = sorted(t for t, _ in results)
    lost = sum(not ok for _, ok in results)
    print(
        f"{len(results)} of {tables} seats back; first {times[0]:.1f} s, median "
        f"{times[len(times) // 2]:.1f} s, last {times[-1]:.1f} s after the kill; "
        f"tables behind what their person was told: {lost}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    args = parser.parse_args()
    redis = MachineRedis(None)
    (doomed, a), (survivor, b) = shard(redis.url, args.tables), shard(redis.url, args.tables)
    print(f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    try:
        asyncio.run(run(args.tables, a, b, doomed))
    finally:
        for process in (doomed, survivor):
            if process.poll() is None:
                process.terminate()
            process.wait(30)
        redis.stop()


if __name__ == "__main__":
    main()
