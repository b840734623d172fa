"""A server's table's life on the asyncio loop: the task that plays it, the event
that wakes it (a move, a computer's answer, a timer), the loop's time, and whether
it has closed. Computers answer on the loop (worker processes) or on a worker
thread (`BotPool(processes=0)`); both wake it here."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine


class Pulse:
    def __init__(self) -> None:
        self.woken = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None  # once the table has started
        self.epoch = 0.0  # the loop's time when the table's clock was 0
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def begin(self) -> None:
        """The table is dealt: its clock starts now."""
        self.loop = asyncio.get_running_loop()
        self.epoch = self.loop.time()

    def now(self) -> float | None:
        """The loop's time, once the table has started."""
        return self.loop.time() if self.loop is not None else None

    def run(self, life: Coroutine[None, None, None]) -> None:
        self.task = asyncio.get_running_loop().create_task(life)

    def wake(self) -> None:
        self.woken.set()

    def answered_elsewhere(self) -> None:
        """A computer answered: wake the table. The answer is read on the loop
        (worker processes) or on a worker thread (`BotPool(processes=0)`); only
        from another thread does it take the loop's wake-up pipe (a system call)."""
        loop = self.loop
        assert loop is not None
        with contextlib.suppress(RuntimeError):  # no loop in this thread
            if asyncio.get_running_loop() is loop:
                self.woken.set()
                return
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server is gone
            loop.call_soon_threadsafe(self.woken.set)

    async def sleep(self, seconds: float | None) -> None:
        """Until woken, or `seconds` have passed. A timer that sets `woken`, not
        `wait_for`: that made a task (and a timer) for every wait of every table."""
        if self.woken.is_set():
            await asyncio.sleep(0)  # the others have their turn, as after any wait
            return
        loop = asyncio.get_running_loop()
        timer = None if seconds is None else loop.call_later(seconds, self.woken.set)
        try:
            await self.woken.wait()
        finally:
            if timer is not None:
                timer.cancel()

    async def until(self, done: Callable[[], bool], end: float) -> None:
        """Until `done()`, the loop's time `end`, or the table closes."""
        while not self.closed and not done():
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                return
            self.woken.clear()
            await self.sleep(left)

    def stop(self) -> None:
        """The table closed: its task ends (unless it is the one closing it)."""
        self.closed = True
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.woken.set()
