"""A dedicated server's garbage collection, on a schedule that keeps its pauses short.

Python's cyclic collector now and then walks every object the process holds
(its oldest generation). A server of 1,000 tables holds ~400,000 of them (the
connections' asyncio machinery, the tables' histories), and each such walk stopped
the loop for 150-700 ms on a loaded 2-core machine: every move in flight waited.

So the objects that have lived a while are set aside from the collector
(`gc.freeze`) every `FREEZE_EVERY` seconds (5), after a young collection: the
collector's walks then cover only what was made since, a few milliseconds.
Objects set aside are still freed the usual way when nothing refers to them;
only a cycle among them would wait. Every `THAW_EVERY` seconds they are handed
back and the whole heap is collected once (one long pause an hour), so no cycle
of garbage is kept longer than that.

    heap = Heap()
    heap.start()     # on the server's loop
    heap.stop()      # everything handed back to the collector
"""

from __future__ import annotations

import asyncio
import gc
import time

# Seconds between setting the survivors aside (a young collection and a freeze: a few
# ms). Often, so that what a burst of new tables leaves is soon out of the walks.
FREEZE_EVERY = 5.0
THAW_EVERY = 3600.0  # seconds between collections of the whole heap


class Heap:
    def __init__(self, freeze_every: float = FREEZE_EVERY, thaw_every: float = THAW_EVERY) -> None:
        self.freeze_every, self.thaw_every = freeze_every, thaw_every
        self.thawed_at = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._tick()

    def _tick(self) -> None:
        if time.monotonic() - self.thawed_at >= self.thaw_every:
            gc.unfreeze()
            gc.collect()
            self.thawed_at = time.monotonic()
        else:
            gc.collect(1)  # young garbage goes first: only survivors are set aside
        gc.freeze()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.freeze_every, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.unfreeze()
