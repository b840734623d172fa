"""The server's bot worker processes, each fed through its own pipe, in batches.

`concurrent.futures.ProcessPoolExecutor` runs two threads in the server (one
pickles each job and feeds the workers, one reads their answers) that take the
interpreter's lock from the server's loop: every job handed over cost the loop
about a millisecond and a half of waiting. Here jobs are pickled and written by
the caller itself (the loop), and the answers are read on the loop when a pipe
has some (`add_reader`): no thread in the server. Where the caller has no
running loop, or its loop cannot watch a pipe (Windows), a thread per worker
reads the answers instead.

Each worker has up to `depth` jobs in flight. The jobs a loop turn submits go to
a worker as one batch (one pickle, one write): each write to a sleeping worker
woke it, and it took the core from the loop (0.25 ms of the loop's time per job,
measured at 2,000 tables); and a worker with work queued never waits for the
loop to hand it the next job. A worker answers each job as it is decided (a
read wakes no one), in the order the jobs came.

It is an executor for `BotPool` only: `capacity` jobs in flight at most (the pool
never asks for more), `submit` and `shutdown` as the standard executors have
them. A worker that dies fails its jobs with `BrokenExecutor` and every later
`submit` raises `RuntimeError`; the pool then starts new workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Future
from functools import partial
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from game.children import isolated_spawn

DEPTH = 8  # jobs in flight per worker


class _Worker:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process, self.conn = process, conn
        self.futures: deque[Future[object]] = deque()  # in flight, in the order sent
        self.outbox: list[tuple[Callable[..., object], tuple[object, ...]]] = []  # not yet sent
        self.loop: asyncio.AbstractEventLoop | None = None  # reads its answers, if any
        self.reader: threading.Thread | None = None  # reads them where no loop does
        self.listening = False
        self.heavy = 0  # searches in flight (the pool sends one at a time)
        self.sending = threading.Lock()  # one message at a time on the pipe


class Workers:
    def __init__(self, processes: int, follow: Callable[[int], None], depth: int = DEPTH) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._lock = threading.Lock()
        self._workers: list[_Worker] = []
        self.depth = depth
        self._broken = self._shut = False
        self._flushing: asyncio.Handle | None = None  # a send of the outboxes, scheduled
        for _ in range(processes):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_work, args=(theirs, os.getpid(), follow), daemon=True, name="bot"
            )
            with isolated_spawn(), _ctrl_c_held():  # only the game's code runs in it
                process.start()
            theirs.close()
            self._workers.append(_Worker(process, mine))

    @property
    def capacity(self) -> int:
        """Jobs that may be in flight at once."""
        return len(self._workers) * self.depth

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(
        self, fn: Callable[..., object], /, *args: object, heavy: bool = False
    ) -> Future[object]:
        """`fn(*args)` in the least busy worker (`fn` and `args` cross as a pickle),
        one with no `heavy` job (a search) in flight if there is one: a quick job
        never queues behind a search another worker does not have."""
        with self._lock:
            if self._shut or self._broken:
                raise RuntimeError("no bot worker can take a job")
            worker = min(self._workers, key=lambda w: (w.heavy, len(w.futures)))
            if len(worker.futures) >= self.depth:
                raise RuntimeError("every bot worker is full")
            future: Future[object] = Future()
            future.set_running_or_notify_cancel()
            worker.futures.append(future)
            worker.outbox.append((fn, args))
            if heavy:
                worker.heavy += 1
                future.add_done_callback(partial(self._searched, worker))
        self._send_soon()
        return future

    def _searched(self, worker: _Worker, _: Future[object]) -> None:
        with self._lock:
            worker.heavy -= 1

    def _send_soon(self) -> None:
        """The outboxes go at the end of this turn of the loop (at once without one)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._send()
            return
        if self._flushing is None:
            self._flushing = loop.call_soon(self._send)

    def _send(self) -> None:
        self._flushing = None
        for worker in self._workers:
            with self._lock:
                batch, worker.outbox = worker.outbox, []
            if not batch:
                continue
            try:
                with worker.sending:
                    worker.conn.send(batch)
            except (OSError, ValueError) as error:  # its pipe is gone: the worker died
                self._died(worker, error)
                continue
            self._listen(worker)

    def _listen(self, worker: _Worker) -> None:
        if worker.listening:
            return
        worker.listening = True
        try:
            loop = asyncio.get_running_loop()
            loop.add_reader(worker.conn.fileno(), self._answered, worker)
            worker.loop = loop
        except (RuntimeError, NotImplementedError):  # no loop here, or one without pipes
            worker.reader = threading.Thread(target=self._read, args=(worker,), daemon=True)
            worker.reader.start()

    def _read(self, worker: _Worker) -> None:
        """A reader thread's life: each answer as it comes, until the worker has ended
        and its end of the pipe is closed; then this end is closed, here. (Closed by
        `shutdown` under a read in progress, the read failed in ways it could not tell
        from a dead worker: a handle gone to None between its checks.)"""
        try:
            while self._answered(worker):
                pass
        finally:
            worker.conn.close()

    def _answered(self, worker: _Worker) -> bool:
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError) as error:
            self._died(worker, error)
            return False
        with self._lock:  # its place is free before the answer's callbacks hand it more
            future = worker.futures.popleft() if worker.futures else None
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
            futures, worker.futures = list(worker.futures), deque()
        for future in futures:
            if not future.done():
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
        if self._flushing is not None:
            self._flushing.cancel()
        for worker in self._workers:
            self._stop_listening(worker)
            with self._lock:
                futures, worker.futures = list(worker.futures), deque()
            for future in futures:
                if not future.done():
                    future.set_exception(BrokenExecutor("the bot workers were shut down"))
            self._hang_up(worker)
            if wait:
                worker.process.join(5)

    def _hang_up(self, worker: _Worker) -> None:
        """The worker is told to end. A pipe a reader thread reads is closed by that
        thread once the worker has ended (its read then meets the end of the pipe);
        any other is closed here (the loop's reader runs on this thread)."""
        if worker.reader is None:
            worker.conn.close()
            return
        with contextlib.suppress(OSError, ValueError), worker.sending:  # ValueError: closed
            worker.conn.send(None)  # a dead worker's pipe refuses it: the read has ended


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """A worker starts with SIGINT blocked (a process keeps its signal mask through
    exec), so Ctrl-C at the server's terminal, which reaches the whole process group,
    never ends a worker still starting, before `follow` sets it aside: one did (its
    interpreter and imports take a few hundred milliseconds), and its decisions were
    lost. Blocked in this thread alone, for the start only: a Ctrl-C meanwhile
    reaches the server as ever (multiprocessing starts its resource tracker so).
    That tracker is started first: starting, it unblocks SIGINT in this thread."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: a console's Ctrl-C is another thing
        yield
        return
    resource_tracker.ensure_running()
    kept = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, kept)


def _work(conn: Connection, server: int, follow: Callable[[int], None]) -> None:
    """A worker's life: batches of jobs, their answers, until the server closes the pipe."""
    follow(server)
    _yield_to_server()
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:  # the server's goodbye
            return
        for fn, args in batch:
            try:
                answer = (True, fn(*args))
            except Exception as error:
                answer = (False, error)
            conn.send(answer)


def _yield_to_server() -> None:
    """A worker never takes the core from the server's loop when a job wakes it
    (Linux's batch policy: no preemption on wake-up), and gives way to it while
    both want one. A computer's decision waits its pace (a second or so) anyway;
    a person's move is answered by the loop."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
