"""The dedicated server's collection schedule: survivors are set aside from the
collector, and handed back (the whole heap collected) on the thaw."""

from __future__ import annotations

import asyncio
import gc
import weakref

from game.net.heap import Heap
from tests.net.helpers import run


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_cycle_set_aside_waits_for_the_thaw_then_is_collected() -> None:
    async def go() -> None:
        heap = Heap(freeze_every=0.05, thaw_every=0.4)
        cycle = _Cycle()
        gone = weakref.ref(cycle)
        heap.start()  # the cycle has lived a while: set aside
        try:
            assert gc.get_freeze_count() > 0
            del cycle
            gc.collect()
            assert gone() is not None  # the collector does not walk what was set aside
            for _ in range(100):
                await asyncio.sleep(0.05)
                if gone() is None:
                    break
            assert gone() is None  # the thaw collected the whole heap
        finally:
            heap.stop()
        assert gc.get_freeze_count() == 0

    run(go(), 30)


def test_garbage_made_between_freezes_is_collected_as_usual() -> None:
    async def go() -> None:
        heap = Heap(freeze_every=0.05, thaw_every=3600)
        heap.start()
        try:
            cycle = _Cycle()
            gone = weakref.ref(cycle)
            del cycle
            await asyncio.sleep(0.2)  # freezes pass: a young collection comes first
            assert gone() is None
        finally:
            heap.stop()

    run(go(), 30)
