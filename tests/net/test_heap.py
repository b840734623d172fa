"""The dedicated server's collection schedule: no automatic collections while it
runs (they walked the young objects and found nothing), the whole heap
collected on a schedule, and the collector as it was once the server stops."""

from __future__ import annotations

import asyncio
import gc
import weakref

from game.online.server.heap import Heap
from tests.net.helpers import run


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def _garbage_cycle() -> weakref.ref[_Cycle]:
    cycle = _Cycle()
    return weakref.ref(cycle)


def test_a_cycle_waits_for_the_scheduled_collection_then_is_collected() -> None:
    async def go() -> None:
        heap = Heap(collect_every=0.3)
        heap.start()
        try:
            assert not gc.isenabled()
            gone = _garbage_cycle()
            for _ in range(1000):  # allocations that would start an automatic collection
                _garbage_cycle()
            assert gone() is not None  # nothing collected it yet
            for _ in range(100):
                await asyncio.sleep(0.05)
                if gone() is None:
                    break
            assert gone() is None  # the scheduled collection found it
        finally:
            heap.stop()
        assert gc.isenabled() and gc.get_freeze_count() == 0

    run(go(), 30)


def test_what_refcounting_frees_goes_at_once() -> None:
    async def go() -> None:
        heap = Heap(collect_every=3600)
        heap.start()
        try:
            plain = type("Plain", (), {})()
            gone = weakref.ref(plain)
            del plain
            assert gone() is None
        finally:
            heap.stop()

    run(go(), 30)


def test_stop_leaves_a_disabled_collector_disabled() -> None:
    async def go() -> None:
        gc.disable()
        try:
            heap = Heap(collect_every=3600)
            heap.start()
            heap.stop()
            assert not gc.isenabled()
        finally:
            gc.enable()

    run(go(), 30)
