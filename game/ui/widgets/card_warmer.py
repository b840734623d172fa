"""Card images rendered ahead of need, a few a frame.

A face rendered from its SVG takes 2-5 ms; a table's whole deck and its backs at
every angle in flight, all in the frame that opened the table, took ~250 ms. The
queue is lazy: a job list written as a generator reads what it needs (the hand
just dealt) when it gets to it, and whatever is drawn before its turn comes is
rendered then by the same caches, so the look never depends on the queue.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

# A frame starts no job past this; one job more is ~2-5 ms. With the table's own
# ~3 ms a frame stays under 33 ms, and the deck (~250 ms at 1080p) is done in the
# first ~15 frames of the deal: a smaller share spreads the same work over more
# frames of play, each of them among a match's slowest.
FRAME_SHARE_S = 0.02


class CardWarmer:
    def __init__(self) -> None:
        self._jobs: Iterator[Callable[[], object]] = iter(())

    def start(self, jobs: Iterable[Callable[[], object]]) -> None:
        """Replaces what is queued (a new window size wants new sizes)."""
        self._jobs = iter(jobs)

    def run(self, share: float = FRAME_SHARE_S) -> int:
        """Runs queued jobs until `share` seconds have gone; returns how many ran."""
        began, ran = time.perf_counter(), 0
        for job in self._jobs:
            job()
            ran += 1
            if time.perf_counter() - began >= share:
                break
        return ran
