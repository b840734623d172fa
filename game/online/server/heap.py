"""A dedicated server's garbage collection, on a schedule that keeps its pauses short.

Python's cyclic collector runs when allocations outnumber frees, and walks every
young object each time. A server's objects mostly live for seconds (each seat's
latest update, each connection's pending read), so at a few thousand tables the
young generations held ~100,000 objects at a time and each walk of them stopped
the loop for up to 100 ms; collecting them every 0.1 s kept each walk short but
took 12% of the loop. And those walks found nothing: a table in play makes no
cyclic garbage (measured: 0 objects in 15 s at 2,000 tables), refcounting frees
what it leaves. Cycles are left when a table or a connection closes, long after
their objects were made.

So the automatic collector is off while a dedicated server runs, and the whole
heap is collected every `COLLECT_EVERY` seconds (ten minutes): one pause then, of
0.5 s at 2,000 tables on the 2-core machine this was written on. Between two
collections the garbage is what closed connections and tables left (six objects
per connection, a few hundred per table: the asyncio transport and the room's
callbacks refer to each other).
Objects are freed the usual way, by their reference counts, the moment nothing
refers to them. What the server holds when it starts (modules, functions: it
never becomes garbage) is set aside from every collection (`gc.freeze`).

    heap = Heap()
    heap.start()     # on the server's loop
    heap.stop()      # the automatic collector back as it was, nothing set aside
"""

from __future__ import annotations

import asyncio
import gc

COLLECT_EVERY = 600.0  # seconds between collections of the whole heap


class Heap:
    def __init__(self, collect_every: float = COLLECT_EVERY) -> None:
        self.collect_every = collect_every
        self._was_enabled = gc.isenabled()
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()
        gc.collect()
        gc.freeze()  # the server as it starts: never garbage, never walked again
        self._schedule()

    def _schedule(self) -> None:
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.collect_every, self._collect)

    def _collect(self) -> None:
        gc.collect()
        self._schedule()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()
