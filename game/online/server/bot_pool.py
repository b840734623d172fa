"""The server's computer players: decisions in worker processes, shared fairly.

A table's computers never slow another table's:
- decisions run in worker processes (`processes`, one per core by default, fed
  through their own pipes: `bot_workers.py`), or on one worker thread
  (`processes=0`: the in-app host, tests), never on the server's loop;
- each table has at most one decision in flight; the next decision to run is
  the waiting table's that has had the least worker time (`fair_queue.py`), so
  each table has a fixed share of the workers: a table of experts waits for
  its own decisions, and an easy computer's decision goes before any number of
  tables of experts waiting;
- an expert's decision (a search, up to `THINK_SECONDS`) is in flight at one
  worker at a time (`HEAVY`): a worker's queue never holds two, so a quick
  decision sent to it waits behind one search at most;
- each table has a budget of worker time (`budget` seconds over the last
  `window`): past it, its experts think as the hard level does until it is back
  under, so an expert's cost is bounded twice (`THINK_SECONDS` a decision, and
  the budget).

A decision is a pure function of what is sent (level, a seed, the seat's view,
the legal actions), so any worker can take any table's next decision.

What crosses to a worker is kept small, because the server's loop pays for it
(it pickles each job and writes it to the worker's pipe): a
seat's round history, which the hard and expert levels read whole and which
grows with every event, is pickled once per event as it grows (`PackedHistory`)
and sent as those bytes, not as a view's tuple pickled again for every decision.

    pool = BotPool(processes=2)
    seat = PoolSeat(pool, table="K7QX2M", level="hard", seed="... bot 2")
    Table(setup, [..., seat, ...])      # a Controller like any other
    pool.forget("K7QX2M")               # the table closed
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import logging
import os
import pickle
import random
import signal
import threading
import time
from collections import deque
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    InvalidStateError,
    ThreadPoolExecutor,
)
from dataclasses import dataclass
from functools import partial
from typing import Any

from game.ai import THINK_SECONDS
from game.engine import Card, Phase, View
from game.engine.actions import Action, from_text, to_text
from game.online.server.bot_workers import Workers
from game.online.server.fair_queue import FairQueue
from game.table import SeatUpdate, make_bot
from game.table.controllers import REACT, THINK, fallback

log = logging.getLogger(__name__)

BUDGET = 20.0  # worker seconds a table's computers may use per WINDOW ...
WINDOW = 60.0  # ... before its experts think as "hard"
CHEAPER = {"expert": "hard"}
HEAVY = frozenset({"expert"})  # levels that search: tens of milliseconds a decision, not tenths


@dataclass(frozen=True)
class Job:
    level: str
    seed: str  # the decision's own generator: the same question gets the same answer
    view: View  # with `history` empty when the history is `packed`
    legal: tuple[str, ...]  # actions as text: they cross to another process
    turn: bool
    packed: bytes | None = None  # the view's history as `PackedHistory.pack` made it

    def full_view(self) -> View:
        """The seat's view, its history unpacked if it came packed."""
        if self.packed is None:
            return self.view
        return dataclasses.replace(self.view, history=unpack_history(self.packed))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled with its view's cards as their names: the loop pickles every job,
        and a card pickled as an object costs a call into Python each (a job took
        45 microseconds, most of them its cards)."""
        fields = (self.level, self.seed, _pack_view(self.view), self.legal, self.turn)
        return (_unpack_job, (*fields, self.packed))


_ONE_CARD = frozenset({"top", "drawn"})
_CARDS = frozenset({"hand", "discard_pile"})
_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(View))


def _pack_view(view: View) -> tuple[Any, ...]:
    """`view`'s fields in order, each card as its name (and the phase as its value)."""
    values: list[Any] = []
    for name in _VIEW_FIELDS:
        value = getattr(view, name)
        if name in _CARDS:
            value = tuple([card.text for card in value])
        elif name in _ONE_CARD:
            value = None if value is None else value.text
        elif name == "phase":
            value = str(value)
        values.append(value)
    return tuple(values)


def _unpack_view(values: tuple[Any, ...]) -> View:
    fields = dict(zip(_VIEW_FIELDS, values, strict=True))
    for name in _CARDS:
        fields[name] = tuple(map(Card.parse, fields[name]))
    for name in _ONE_CARD:
        fields[name] = None if fields[name] is None else Card.parse(fields[name])
    fields["phase"] = Phase(fields["phase"])
    return View(**fields)


def _unpack_job(
    level: str, seed: str, view: tuple[Any, ...], legal: tuple[str, ...], turn: bool, packed: Any
) -> Job:
    return Job(level, seed, _unpack_view(view), legal, turn, packed)


class PackedHistory:
    """One seat's round history, pickled as it grows. A seat's history only grows
    within a round (each event is added once, as the seat may see it), so each
    new stretch of events is pickled once and the stretches are kept as bytes;
    a new round starts them again."""

    def __init__(self) -> None:
        self.round = -1
        self.count = 0  # events packed so far
        self.data = b""

    def pack(self, round_number: int, history: tuple) -> bytes:
        if round_number != self.round or len(history) < self.count:
            self.round, self.count, self.data = round_number, 0, b""
        if len(history) > self.count:
            self.data += pickle.dumps(history[self.count :], pickle.HIGHEST_PROTOCOL)
            self.count = len(history)
        return self.data


def unpack_history(data: bytes) -> tuple:
    """The history `PackedHistory.pack` packed: its stretches, one after another."""
    stream = io.BytesIO(data)
    events: list = []
    while stream.tell() < len(data):
        events += pickle.load(stream)
    return tuple(events)


def decide(job: Job) -> tuple[str | None, float]:
    """In a worker: the bot's answer (as text) and the CPU seconds it took. A
    failing bot plays a safe legal action on its turn, nothing out of turn."""
    started = time.process_time()
    rng = random.Random(job.seed)
    legal = [from_text(text) for text in job.legal]
    action: Action | None
    try:
        view = job.full_view()
        bot = make_bot(job.level, rng, seconds=THINK_SECONDS)
        action = bot.choose(view, legal) if job.turn else bot.react(view, legal)
        if action is not None and action not in legal:
            raise ValueError(f"illegal choice {action!r}")
    except Exception as error:  # a bot's bug is logged, and the table plays on
        log.error("bot (%s) failed: %s", job.level, error)
        action = fallback(legal, rng) if job.turn else None
    return (to_text(action) if action is not None else None), time.process_time() - started


@dataclass
class _Waiting:
    job: Job
    answer: Future[Action | None]


class BotPool:
    def __init__(
        self, processes: int | None = None, budget: float = BUDGET, window: float = WINDOW
    ) -> None:
        self.processes = (os.cpu_count() or 1) if processes is None else processes
        self.executor = self._executor()
        # decisions in flight at once: a few per worker process, so none waits for the
        # loop to hand it the next (game.online.server.bot_workers); one on the thread
        self.slots = self.executor.capacity if isinstance(self.executor, Workers) else 1
        self.budget, self.window = budget, window
        self._lock = threading.Lock()
        self._queues: dict[str, deque[_Waiting]] = {}
        self._turns = FairQueue()  # tables with a decision waiting, by worker time had
        self._busy: set[str] = set()  # tables with a decision in flight
        self._heavy = 0  # searching decisions in flight: at most one per worker
        self.heavy_slots = max(1, self.processes)
        self._spent: dict[str, deque[tuple[float, float]]] = {}  # (when, seconds) per table
        self._closed = False

    def _executor(self) -> Executor | Workers:
        if self.processes > 0:
            return Workers(self.processes, _follow)
        return ThreadPoolExecutor(1, thread_name_prefix="bot")

    def ask(self, table: str, job: Job) -> Future[Action | None]:
        answer: Future[Action | None] = Future()
        with self._lock:
            queue = self._queues.setdefault(table, deque())
            queue.append(_Waiting(job, answer))
            if table not in self._busy and table not in self._turns:
                self._turns.add(table, self._heavy_next(table))
        self._dispatch()
        return answer

    def spent(self, table: str) -> float:
        """Worker seconds `table`'s computers used over the last window."""
        with self._lock:
            return self._spent_locked(table)

    def _spent_locked(self, table: str) -> float:
        spent = self._spent.get(table)
        if not spent:
            return 0.0
        while spent and spent[0][0] < time.monotonic() - self.window:
            spent.popleft()
        return sum(seconds for _, seconds in spent)

    def forget(self, table: str) -> None:
        """The table closed: its waiting decisions are dropped."""
        with self._lock:
            for waiting in self._queues.pop(table, ()):
                waiting.answer.cancel()
            self._spent.pop(table, None)
            self._turns.remove(table)

    def _dispatch(self) -> None:
        """Start decisions while a worker is free, the table that has had least first."""
        while True:
            with self._lock:
                if self._closed or len(self._busy) >= self.slots:
                    return
                turn = self._turns.pop(heavy=self._heavy < self.heavy_slots)
                if turn is None:
                    return
                table, tag = turn
                waiting = self._next(table)
                if waiting is None:
                    continue
                queue = self._queues[table]
                queue.popleft()
                self._busy.add(table)
                job = self._as_run(table, waiting.job)
                heavy = job.level in HEAVY
                self._heavy += heavy
            executor = self.executor
            try:
                running = self._submit(executor, job, heavy)
            except RuntimeError:  # shut down (or broken) meanwhile
                self._renew(executor)
                with contextlib.suppress(InvalidStateError):
                    waiting.answer.set_result(_safe(waiting.job))
                with self._lock:
                    self._busy.discard(table)
                    self._heavy -= heavy
                continue
            running.add_done_callback(partial(self._done, table, tag, heavy, waiting, executor))

    @staticmethod
    def _submit(executor: Executor | Workers, job: Job, heavy: bool) -> Future[object]:
        if isinstance(executor, Workers):  # a search goes to a worker without one
            return executor.submit(decide, job, heavy=heavy)
        return executor.submit(decide, job)

    def _as_run(self, table: str, job: Job) -> Job:
        """`job` at the level it runs at: an expert past its table's budget thinks as
        the hard level (the caller holds the lock)."""
        if job.level in CHEAPER and self._spent_locked(table) > self.budget:
            return dataclasses.replace(job, level=CHEAPER[job.level])
        return job

    def _heavy_next(self, table: str) -> bool:
        """Whether `table`'s next decision is a search (the caller holds the lock)."""
        waiting = self._next(table)
        return waiting is not None and self._as_run(table, waiting.job).level in HEAVY

    def _next(self, table: str) -> _Waiting | None:
        """The table's oldest decision still wanted (the table may have moved on),
        left first in its queue."""
        queue = self._queues.get(table)
        while queue:
            if not queue[0].answer.cancelled():
                return queue[0]
            queue.popleft()
        return None

    def _done(
        self,
        table: str,
        tag: float,
        heavy: bool,
        waiting: _Waiting,
        executor: Executor | Workers,
        done: Future[tuple[str | None, float]],
    ) -> None:
        with self._lock:
            self._busy.discard(table)
            self._heavy -= heavy
            if table in self._queues:  # not forgotten: its account and its next turn
                seconds = done.result()[1] if _succeeded(done) else 0.0
                self._turns.served(table, tag, seconds)
                if self._queues[table]:
                    self._turns.add(table, self._heavy_next(table))
        if not waiting.answer.cancelled():
            try:
                text, seconds = done.result()
                with self._lock:
                    self._spent.setdefault(table, deque()).append((time.monotonic(), seconds))
                waiting.answer.set_result(from_text(text) if text is not None else None)
            except InvalidStateError:  # the table moved on meanwhile
                pass
            except BrokenExecutor as error:  # a worker died: new workers, and a safe move
                if not self._closed:  # stopping, workers end: no error
                    log.error("a bot worker died (%s); starting new ones", error)
                self._renew(executor)
                with contextlib.suppress(InvalidStateError):
                    waiting.answer.set_result(_safe(waiting.job))
            except Exception as error:  # the table logs it and plays a safe move
                with contextlib.suppress(InvalidStateError):
                    waiting.answer.set_exception(error)
        self._dispatch()

    def _renew(self, broken: Executor | Workers) -> None:
        """Workers in place of a broken pool (once, however many decisions it lost)."""
        with self._lock:
            if self._closed or broken is not self.executor:
                return
            self.executor = self._executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for queue in self._queues.values():
                for waiting in queue:
                    waiting.answer.cancel()
            self._queues.clear()
        self.executor.shutdown(wait=False, cancel_futures=True)


class PoolSeat:
    """A computer's seat at a server table (a `game.table` Controller)."""

    think, react = THINK, REACT
    from_move = False

    def __init__(self, pool: BotPool, table: str, level: str, seed: str) -> None:
        self.pool, self.table, self.level, self.seed = pool, table, level, seed
        self.history = PackedHistory()

    def decide(self, update: SeatUpdate) -> Future[Action | None]:
        seed = f"{self.seed} {update.round_number} {update.token}"
        legal = tuple(to_text(a) for a in update.legal)
        view, packed = update.view, None
        if self.pool.processes > 0:  # it crosses to a worker process: the history packed
            packed = self.history.pack(update.round_number, view.history)
            view = dataclasses.replace(view, history=())
        job = Job(self.level, seed, view, legal, update.turn, packed)
        return self.pool.ask(self.table, job)

    def close(self) -> None:
        pass  # the pool is the server's; the room forgets its table when it closes


def _succeeded(done: Future[Any]) -> bool:
    return not done.cancelled() and done.exception() is None


def _safe(job: Job) -> Action | None:
    """A decision lost with its worker: a safe legal move on a turn, else nothing."""
    legal = [from_text(text) for text in job.legal]
    return fallback(legal, random.Random(job.seed)) if job.turn else None


def _follow(server: int) -> None:
    """In a worker: end when the server is gone, even killed with SIGKILL (an idle
    worker would otherwise wait for work forever). Ctrl-C at the server's terminal
    reaches its workers too (one process group): they ignore it, so they do not die
    mid-decision before the server stops them (each lost decision logged an error)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(2.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow the server", daemon=True).start()
