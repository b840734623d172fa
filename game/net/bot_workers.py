"""The server's bot worker processes, each fed through its own pipe.

`concurrent.futures.ProcessPoolExecutor` runs two threads in the server (one
pickles each job and feeds the workers, one reads their answers) that take the
interpreter's lock from the server's loop: every job handed over cost the loop
about a millisecond and a half of waiting (a wake-up written to a pipe, then the
lock handed around), the loop's sends stalled behind them, and the more tables
the worse. Here a job is pickled and written by the caller itself (the loop),
straight to an idle worker's pipe, and the answers are read on the loop when
the pipe has one (`add_reader`): no thread in the server. Where the caller has
no running loop, or its loop cannot watch a pipe (Windows), a thread per worker
reads the answers instead.

It is an executor for `BotPool` only: one job in flight per worker (the pool
never has more than `processes` in flight), `submit` and `shutdown` as the
standard executors have them. A worker that dies fails its job with
`BrokenExecutor` and every later `submit` raises `RuntimeError`; the pool then
starts new workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future
from multiprocessing.connection import Connection
from typing import Any


class _Worker:
    def __init__(self, process: Any, conn: Connection) -> None:
        self.process, self.conn = process, conn
        self.future: Future[Any] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # reads its answers, if any
        self.listening = False


class Workers:
    def __init__(self, processes: int, follow: Callable[[int], None]) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._lock = threading.Lock()
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._broken = self._shut = False
        for _ in range(processes):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_work, args=(theirs, os.getpid(), follow), daemon=True, name="bot"
            )
            process.start()
            theirs.close()
            worker = _Worker(process, mine)
            self._workers.append(worker)
            self._idle.append(worker)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers]

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """`fn(*args)` in an idle worker (`fn` and `args` cross as a pickle)."""
        with self._lock:
            if self._shut or self._broken or not self._idle:
                raise RuntimeError("no bot worker can take a job")
            worker = self._idle.popleft()
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        worker.future = future
        try:
            worker.conn.send((fn, args))
        except (OSError, ValueError) as error:  # its pipe is gone: the worker died
            self._died(worker, error)
            return future
        self._listen(worker)
        return future

    def _listen(self, worker: _Worker) -> None:
        if worker.listening:
            return
        worker.listening = True
        try:
            loop = asyncio.get_running_loop()
            loop.add_reader(worker.conn.fileno(), self._answered, worker)
            worker.loop = loop
        except (RuntimeError, NotImplementedError):  # no loop here, or one without pipes
            threading.Thread(target=self._read, args=(worker,), daemon=True).start()

    def _read(self, worker: _Worker) -> None:
        """A reader thread's life: each answer as it comes, until the pipe closes."""
        while not self._shut and self._answered(worker):
            pass

    def _answered(self, worker: _Worker) -> bool:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError) as error:
            self._died(worker, error)
            return False
        future, worker.future = worker.future, None
        with self._lock:
            self._idle.append(worker)  # free before the answer's callbacks hand it more
        if future is not None and not future.done():
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        return True

    def _died(self, worker: _Worker, error: BaseException) -> None:
        self._stop_listening(worker)
        with self._lock:
            if self._shut:
                return
            self._broken = True
        future, worker.future = worker.future, None
        if future is not None and not future.done():
            future.set_exception(BrokenExecutor(f"a bot worker died ({error!r})"))

    def _stop_listening(self, worker: _Worker) -> None:
        if worker.loop is not None and not worker.loop.is_closed():
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                worker.loop.remove_reader(worker.conn.fileno())
        worker.loop = None

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The workers end (their pipe closes); jobs in flight are cancelled."""
        with self._lock:
            if self._shut:
                return
            self._shut = True
        for worker in self._workers:
            self._stop_listening(worker)
            future, worker.future = worker.future, None
            if future is not None and not future.done():
                future.set_exception(BrokenExecutor("the bot workers were shut down"))
            worker.conn.close()
            if wait:
                worker.process.join(5)


def _work(conn: Connection, server: int, follow: Callable[[int], None]) -> None:
    """A worker's life: a job, its answer, until the server closes the pipe."""
    follow(server)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (True, fn(*args))
        except Exception as error:
            answer = (False, error)
        conn.send(answer)
