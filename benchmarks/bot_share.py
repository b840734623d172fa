"""An easy computer's answer at one table while 80 other tables keep the server's
bot workers busy with expert computers (each a table of ten seats, nine of them
experts, playing on as the server's tables do: a thinking pause, a decision).

    python benchmarks/bot_share.py                     # 80 tables, 2 workers, 30 s
    python benchmarks/bot_share.py --tables 160 --processes 4 --seconds 60

It runs the server's own `BotPool` on an asyncio loop, as `uno-table serve` does,
with positions taken from real matches. It prints the easy computer's wait for
its decision (from asking to the answer, p50 and max) and the same with its
thinking pause (what a player sees between moves), the experts' decisions a
second, and the machine's load average (other work on the machine slows it all).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Match, RuleSet  # noqa: E402
from game.engine.actions import to_text  # noqa: E402
from game.online.server.bot_pool import BotPool, Job  # noqa: E402
from game.table.controllers import THINK  # noqa: E402


def positions(players: int, count: int, seed: int) -> list[Job]:
    """Turns from matches played at random: a seat's view and its legal moves."""
    rng, jobs = random.Random(seed), []
    while len(jobs) < count:
        rnd = Match(RuleSet.preset("classic"), players, seed=rng.randrange(2**31)).round
        for _ in range(rng.randrange(5, 60)):
            if rnd.over:
                break
            seat = rnd.current
            rnd.apply(rng.choice(rnd.legal_actions(seat)), seat)
        if not rnd.over:
            seat = rnd.current
            legal = tuple(to_text(a) for a in rnd.legal_actions(seat))
            jobs.append(Job("expert", "", rnd.view(seat), legal, True))
    return jobs


async def table(pool: BotPool, name: str, level: str, jobs: list[Job], waits: list[float]) -> None:
    """A table's computers, one after another: a thinking pause, then a decision."""
    rng = random.Random(name)
    for n in range(10**9):
        await asyncio.sleep(rng.uniform(*THINK))
        job = dataclasses.replace(rng.choice(jobs), level=level, seed=f"{name} {n}")
        asked = time.perf_counter()
        await asyncio.wrap_future(pool.ask(name, job))
        waits.append(time.perf_counter() - asked)


async def run(args: argparse.Namespace) -> None:
    pool = BotPool(processes=args.processes)
    experts, easy = positions(10, 40, 1), positions(4, 40, 2)
    expert_waits: list[float] = []
    easy_waits: list[float] = []
    tasks = [
        asyncio.create_task(table(pool, f"X{i}", "expert", experts, expert_waits))
        for i in range(args.tables)
    ]
    tasks.append(asyncio.create_task(table(pool, "EASY", "easy", easy, easy_waits)))
    await asyncio.sleep(args.warmup)
    expert_waits.clear()
    easy_waits.clear()
    await asyncio.sleep(args.seconds)
    for task in tasks:
        task.cancel()
    pool.close()
    pause = statistics.mean(THINK)
    p50, worst = statistics.median(easy_waits), max(easy_waits)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.tables} expert tables, {args.processes} bot workers, {args.seconds:.0f} s")
    print(f"easy computer's decision: p50 {p50 * 1000:.0f} ms, max {worst * 1000:.0f} ms")
    print(f"  with its thinking pause: p50 {p50 + pause:.2f} s, max {worst + THINK[1]:.2f} s")
    print(f"expert decisions: {len(expert_waits) / args.seconds:.0f}/s")
    print(f"load average: {load}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tables", type=int, default=80)
    p.add_argument("--processes", type=int, default=2, help="bot worker processes")
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=5.0)
    asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    main()
