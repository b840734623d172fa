"""A dedicated server's snapshots of its tables, written off the event loop.

Every change to a table marks it due. Within `DELAY` seconds the data of the
tables due is taken on the loop (a consistent copy of each, `BATCH` tables at
most), and one writer thread writes them, each atomically and owner-only
(`Store.save`), at a lower priority than the loop. While a batch is being written
the next one gathers, so a table that changed ten times while the disk was busy
is written once, and the loop never waits for a disk.

A snapshot guards against the server being killed, not the machine losing
power: it is not flushed to the disk one by one (`durable=False`; a table's
fsync took ~10 ms here, on the loop, after every move). What a batch wrote
reaches the disk with the system's own writes; `close` writes what is still
due durably.

    snapshots = Snapshots(store, kind, version)
    snapshots.mark(code, lambda: data or None)   # None: the table's file goes
    snapshots.latest(code)                       # what is due or being written
    await snapshots.close()                      # everything written, durably
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from game.files.storage import Store
from game.online.protocol.checks import Json

DELAY = 0.05  # seconds a change waits, so changes close together are written once
BATCH = 32  # tables taken and written at once at most
WRITER_NICE = 10  # the writer thread's priority below the loop's
UNSET = object()  # `latest`: nothing waits to be written for that table


class Snapshots:
    def __init__(self, store: Store, kind: str, version: int) -> None:
        self.store, self.kind, self.version = store, kind, version
        self.due: dict[str, Callable[[], Json | None]] = {}  # name -> its data now (None: gone)
        self.writing: dict[str, Json | None] = {}  # the batch being written
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="snapshots", initializer=_give_way)
        self._timer: asyncio.TimerHandle | None = None
        self._batch: asyncio.Future[None] | None = None
        self.written = 0  # files written or removed (the load benchmark's figure)

    def mark(self, name: str, data: Callable[[], Json | None]) -> None:
        """The table saved as `name` changed; `data` gives its snapshot when taken."""
        self.due[name] = data
        if self._timer is None and self._batch is None:
            self._timer = asyncio.get_running_loop().call_later(DELAY, self._flush)

    def pending(self, name: str) -> bool:
        """Something for `name` waits to be written (or is being written)."""
        return name in self.due or name in self.writing

    def latest(self, name: str) -> Json | None | object:
        """The newest data for `name` not yet on disk, or UNSET."""
        if name in self.due:
            return self.due[name]()
        return self.writing.get(name, UNSET)

    def _flush(self) -> None:
        self._timer = None
        if not self.due:
            return
        # A batch of at most BATCH tables: taking a table's data is the loop's work, and
        # after a slow write a thousand tables could be due (0.34 s in one callback).
        names = list(itertools.islice(self.due, BATCH))
        self.writing = {name: self.due.pop(name)() for name in names}
        loop = asyncio.get_running_loop()
        self._batch = loop.run_in_executor(self._writer, self._write, self.writing, False)
        self._batch.add_done_callback(self._written)

    def _written(self, _: asyncio.Future[None]) -> None:
        self._batch, self.writing = None, {}
        if self.due:
            self._flush()  # what gathered while the disk was busy

    def _write(self, batch: Json, durable: bool) -> None:
        for name, data in batch.items():
            if data is None:
                self.store.delete(name)
            else:
                self.store.save(name, self.kind, self.version, data, durable=durable)
        self.written += len(batch)

    async def close(self) -> None:
        """Write what is due (durably) and wait for it."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._batch is not None:
            await self._batch
        batch = {name: data() for name, data in self.due.items()}
        self.due.clear()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._writer, self._write, batch, True)
        self._writer.shutdown()


def _give_way() -> None:
    """The writer thread gives the cores to the loop while both want one (Linux sets
    a thread's priority on its own): moves are answered first, and the tables that
    changed meanwhile are written once, together, when the loop lets it."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WRITER_NICE)
