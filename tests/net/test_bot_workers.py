"""The bot workers' pipes: the jobs of one loop turn cross in one batch, answers
come back to the job that asked, and a worker's death fails every job it held."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from concurrent.futures import BrokenExecutor
from typing import Any

import pytest

from game.online.server.bot_pool import _follow
from game.online.server.bot_workers import Workers


class _CountingPipe:
    """A worker's pipe that counts what the server writes to it."""

    def __init__(self, conn: Any) -> None:
        self.conn, self.batches = conn, []

    def send(self, batch: Any) -> None:
        self.batches.append(len(batch))
        self.conn.send(batch)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def test_the_jobs_of_one_loop_turn_cross_as_one_batch_and_each_gets_its_answer() -> None:
    async def go() -> None:
        workers = Workers(1, _follow, depth=6)
        try:
            pipe = _CountingPipe(workers._workers[0].conn)
            workers._workers[0].conn = pipe  # type: ignore[assignment]
            futures = [workers.submit(pow, 2, n) for n in range(6)]
            answers = await asyncio.wait_for(
                asyncio.gather(*(asyncio.wrap_future(f) for f in futures)), 60
            )
            assert answers == [2**n for n in range(6)]
            assert pipe.batches == [6]  # one write for the six
            more = await asyncio.wait_for(asyncio.wrap_future(workers.submit(pow, 3, 2)), 60)
            assert more == 9 and pipe.batches == [6, 1]
        finally:
            workers.shutdown()

    asyncio.run(go())


def test_a_worker_holds_no_more_than_its_depth() -> None:
    async def go() -> None:
        workers = Workers(2, _follow, depth=2)
        try:
            assert workers.capacity == 4
            futures = [workers.submit(pow, 2, n) for n in range(4)]
            with pytest.raises(RuntimeError):
                workers.submit(pow, 2, 9)
            assert await asyncio.gather(*(asyncio.wrap_future(f) for f in futures)) == [
                1,
                2,
                4,
                8,
            ]
            assert await asyncio.wrap_future(workers.submit(pow, 2, 9)) == 512  # room again
        finally:
            workers.shutdown()

    asyncio.run(go())


def test_without_a_loop_each_job_goes_at_once_and_a_thread_reads_the_answer() -> None:
    workers = Workers(1, _follow, depth=2)
    try:
        assert workers.submit(pow, 5, 2).result(timeout=60) == 25
    finally:
        workers.shutdown()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_worker_killed_with_jobs_in_flight_fails_every_one_of_them() -> None:
    async def go() -> None:
        workers = Workers(1, _follow, depth=4)
        try:
            held = [workers.submit(time.sleep, 30) for _ in range(3)]
            await asyncio.sleep(0.5)  # sent, and the first one begun
            (pid,) = workers.pids()
            os.kill(pid, signal.SIGKILL)
            for future in held:
                with pytest.raises(BrokenExecutor):
                    await asyncio.wait_for(asyncio.wrap_future(future), 60)
            with pytest.raises(RuntimeError):
                workers.submit(pow, 2, 1)
        finally:
            workers.shutdown()

    asyncio.run(go())


@pytest.mark.skipif(
    sys.platform == "win32", reason="Ctrl-C reaches a console's processes otherwise"
)
def test_a_worker_still_starting_lives_through_ctrl_c() -> None:
    """Ctrl-C at the server's terminal reaches its workers too (one process group).
    A worker hit while it was still starting (its interpreter and imports, a few
    hundred milliseconds, before `_follow` set SIGINT aside) died of it: new workers
    after a crash, or a server stopped just after it started, lost their
    decisions. SIGINT now comes at once and for the whole of its start."""
    workers = Workers(1, _follow)
    try:
        (pid,) = workers.pids()
        deadline = time.monotonic() + 1.0  # longer than a worker takes to start
        while time.monotonic() < deadline:
            os.kill(pid, signal.SIGINT)
            time.sleep(0.005)
        assert workers.submit(abs, -3).result(60) == 3
    finally:
        workers.shutdown()
