"""The server's computers: decisions in worker processes, one in flight per
table, tables served in turn, so one table's experts never hold up another's."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from game.engine import Match, RuleSet, View
from game.engine.actions import to_text
from game.online.server import bot_pool
from game.online.server.bot_pool import BotPool, Job, PoolSeat
from game.online.server.bot_workers import Workers
from game.table import SeatUpdate


def _job(level: str, seed: str) -> Job:
    rnd = Match(RuleSet.preset("classic"), 4, seed=3).round
    seat = rnd.current
    legal = tuple(to_text(a) for a in rnd.legal_actions(seat))
    return Job(level, seed, rnd.view(seat), legal, True)


def test_a_worker_process_decides_a_legal_move() -> None:
    pool = BotPool(processes=1)
    try:
        job = _job("hard", "s")
        answer = pool.ask("T1", job).result(timeout=60)
        assert answer is not None and to_text(answer) in job.legal
    finally:
        pool.close()


_CTRL_C = """
import signal
from game.online.server.bot_pool import BotPool
if __name__ == "__main__":
    pool = BotPool(processes=1)
    workers = pool.executor
    # Asked of the worker itself: it has started, and set Ctrl-C aside.
    print(workers.submit(signal.getsignal, signal.SIGINT).result(60) is signal.SIG_IGN, flush=True)
    pool.close()
"""


def test_the_servers_workers_set_ctrl_c_aside(tmp_path: Path) -> None:
    """Stopping `uno-table serve` with Ctrl-C logged "a bot worker died" for every
    decision in flight: the terminal's SIGINT reached the workers first. (In a
    process of its own, as a server runs.)"""
    script = tmp_path / "ctrl_c.py"
    script.write_text(_CTRL_C, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.split() == ["True"], (done.returncode, done.stderr)


def test_one_tables_queue_of_experts_does_not_hold_up_another_table(monkeypatch: Any) -> None:
    started: list[str] = []
    gate = threading.Event()
    decide = bot_pool.decide

    def gated(job: Job) -> tuple[str | None, float]:
        gate.wait(60)  # every decision is asked for before the first one is done
        started.append(job.seed)
        return decide(job)

    monkeypatch.setattr(bot_pool, "decide", gated)
    pool = BotPool(processes=0)
    try:
        slow = [pool.ask("BUSY", _job("expert", f"e{i}")) for i in range(8)]
        quick = pool.ask("OTHER", _job("easy", "q"))
        gate.set()
        quick.result(timeout=60)
        for f in slow:
            f.result(timeout=60)
        # the other table's one decision went second, not ninth
        assert started == ["e0", "q", *(f"e{i}" for i in range(1, 8))]
    finally:
        pool.close()


def test_a_table_over_its_budget_has_its_experts_think_as_hard(monkeypatch: Any) -> None:
    levels: list[str] = []
    decide = bot_pool.decide

    def recording(job: Job) -> tuple[str | None, float]:
        levels.append(job.level)
        return decide(job)

    monkeypatch.setattr(bot_pool, "decide", recording)
    pool = BotPool(processes=0, budget=0.0)
    try:
        pool.ask("T", _job("expert", "a")).result(timeout=60)  # spends something
        pool.ask("T", _job("expert", "b")).result(timeout=60)
        pool.ask("U", _job("expert", "c")).result(timeout=60)  # another table: its own budget
        assert pool.spent("T") > 0
        assert levels == ["expert", "hard", "expert"]
    finally:
        pool.close()


def test_a_closed_pools_reader_threads_end_quietly_with_their_workers() -> None:
    """Without a loop, a thread reads each worker's answers. Closing the pool closed
    the pipe under that thread: a read just begun raised in the background (its
    handle gone to None), and a read under way kept the pipe open, so the worker
    never heard the end and it and the thread stayed for the life of the process.
    Now the worker is told to end and the thread closes the pipe after it."""
    failures: list[Any] = []
    previous = threading.excepthook
    threading.excepthook = failures.append
    try:
        for _ in range(3):
            workers = Workers(1, bot_pool._follow)
            before = set(threading.enumerate())
            assert workers.submit(abs, -3).result(60) == 3  # its reader waits for more
            (reader,) = set(threading.enumerate()) - before
            worker = workers._workers[0]
            workers.shutdown(wait=True)
            reader.join(30)
            assert not reader.is_alive() and worker.conn.closed
            assert worker.process.exitcode == 0  # it heard the end, and ended
    finally:
        threading.excepthook = previous
    assert failures == []


_HOLDER = """
import sys
from tests.net.test_bot_pool import _job
from game.online.server.bot_pool import BotPool
pool = BotPool(processes=1)
pool.ask("T", _job("easy", "s")).result(timeout=60)
print(*pool.executor.pids(), flush=True)  # the worker's pid
sys.stdin.readline()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_workers_end_when_their_server_is_killed() -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        workers = [int(pid) for pid in holder.stdout.readline().split()]
        assert workers
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        deadline = time.monotonic() + 20
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(pid) for pid in workers)
    finally:
        holder.kill()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().rsplit(")", 1)[1].split()[0] == "Z")


class _Recording:
    """A pool that keeps what it is asked (as a worker process's pool would get it)."""

    processes = 1

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def ask(self, table: str, job: Job) -> Future[Any]:
        self.jobs.append(pickle.loads(pickle.dumps(job)))  # as it crosses to a worker
        return Future()


def test_a_packed_history_gives_the_worker_the_same_view_and_the_same_decisions() -> None:
    """Over two rounds of a seeded match, every question a computer seat is asked
    reaches the worker with its history packed as it grew, and is decided as the
    whole view would be."""
    match = Match(RuleSet.preset("classic"), 4, seed=11, target=10_000)
    pool = _Recording()
    seats = [PoolSeat(pool, "T", "hard", f"seat {s}") for s in range(4)]  # type: ignore[arg-type]
    rng = random.Random(5)
    asked: list[tuple[View, Job]] = []
    for round_number in (1, 2):
        rnd = match.round
        for _ in range(80):  # long enough to cross many packed stretches
            if rnd.over:
                break
            seat = rnd.current
            legal = rnd.legal_actions(seat)
            update = SeatUpdate(
                seat, len(rnd.log), round_number, len(rnd.log), rnd.view(seat), tuple(legal), ()
            )
            seats[seat].decide(update)
            asked.append((update.view, pool.jobs[-1]))
            rnd.apply(rng.choice(legal), seat)
        match = _next_round(match)
    assert len(asked) > 100
    for view, job in asked:
        assert job.view.history == () and job.packed is not None
        assert job.full_view() == view
    for view, job in asked[::7]:  # the decisions themselves (a hard bot reads the history)
        whole = Job(job.level, job.seed, view, job.legal, job.turn)
        assert bot_pool.decide(job)[0] == bot_pool.decide(whole)[0]


def _next_round(match: Match) -> Match:
    """The match's next round, its current one played out at random if need be."""
    rnd, rng = match.round, random.Random(1)
    while not rnd.over:
        seat = rnd.current
        rnd.apply(rng.choice(rnd.legal_actions(seat)), seat)
    match.next_round()
    return match


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_on_the_servers_loop_a_dead_worker_costs_a_safe_move_and_is_replaced() -> None:
    """On a running loop the answers are read there (no thread); a worker killed
    mid-game fails its decision into a safe legal move, and new workers take the
    next ones."""

    async def go() -> None:
        pool = BotPool(processes=1)
        try:
            job = _job("hard", "s")
            first = await asyncio.wrap_future(pool.ask("T", job))
            assert first is not None and to_text(first) in job.legal
            assert isinstance(pool.executor, Workers)
            (pid,) = pool.executor.pids()
            os.kill(pid, signal.SIGKILL)
            lost = await asyncio.wait_for(asyncio.wrap_future(pool.ask("T", job)), 60)
            assert lost is not None and to_text(lost) in job.legal  # a safe move
            again = await asyncio.wait_for(asyncio.wrap_future(pool.ask("T", job)), 60)
            assert again is not None and to_text(again) in job.legal
            assert pool.executor.pids() != [pid]
        finally:
            pool.close()

    asyncio.run(go())


def test_a_job_crosses_to_a_worker_whole() -> None:
    """A job is pickled with its cards as names: it comes back the same job."""
    rnd = Match(RuleSet.preset("minecraft"), 4, seed=11).round
    rng = random.Random(5)
    jobs = []
    while not rnd.over and len(jobs) < 60:
        seat = rnd.current
        legal = rnd.legal_actions(seat)
        jobs.append(Job("hard", "s", rnd.view(seat), tuple(to_text(a) for a in legal), True))
        rnd.apply(rng.choice(legal), seat)
    assert any(job.view.drawn is not None for job in jobs)  # the drawn card crosses too
    for job in jobs:
        assert pickle.loads(pickle.dumps(job)) == job
