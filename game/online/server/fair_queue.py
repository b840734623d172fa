"""Tables waiting for a bot worker, served by the worker time each has had: each
table gets a fixed share, whatever its computers cost (fair queueing by
virtual finish time).

    queue = FairQueue()
    queue.add("K7QX2M")                   # the table has a decision waiting
    table, tag = queue.pop()              # the next to be served
    queue.served(table, tag, 0.08)        # its decision took 0.08 worker seconds

Each table waiting has a start tag: the worker time it has been given (its
last finish), never less than the queue's virtual time (the start tag of the
last table served), so time spent idle is no credit. It is served in the order
of its finish tag: the start tag and what its last decision cost. A table of
experts moves its tags on by tens of milliseconds a decision; a table of easy
computers by a fraction of one: when its decision comes it goes before every
expert table waiting, however many, instead of after one decision of each
(turn by turn, 80 expert tables made an easy computer wait seconds).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable


class FairQueue:
    def __init__(self) -> None:
        self._heap: list[tuple[float, int, str, float]] = []  # finish, number, table, start
        self._waiting: dict[str, int] = {}  # table -> its entry's number (others are stale)
        self._finish: dict[str, float] = {}  # table -> the worker time it has been given
        self._cost: dict[str, float] = {}  # table -> what its last decision took
        self._numbers = itertools.count()
        self.now = 0.0  # virtual time: the tag of the last table served

    def __contains__(self, table: str) -> bool:
        return table in self._waiting

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, table: str) -> None:
        if table in self._waiting:
            return
        number = next(self._numbers)
        self._waiting[table] = number
        start = max(self.now, self._finish.get(table, 0.0))
        heapq.heappush(self._heap, (start + self._cost.get(table, 0.0), number, table, start))

    def pop(self, eligible: Callable[[str], bool] = lambda table: True) -> tuple[str, float] | None:
        """The waiting table that finishes first of those `eligible` (with its start
        tag, for `served`), or None; the others keep their places."""
        passed, found = [], None
        while self._heap:
            entry = heapq.heappop(self._heap)
            _, number, table, start = entry
            if self._waiting.get(table) != number:
                continue  # removed, or added again since
            if eligible(table):
                del self._waiting[table]
                found = (table, start)
                self.now = max(self.now, start)
                break
            passed.append(entry)
        for entry in passed:
            heapq.heappush(self._heap, entry)
        return found

    def served(self, table: str, tag: float, seconds: float) -> None:
        """`table`'s decision, started at `tag`, took `seconds` of a worker."""
        self._finish[table] = max(self._finish.get(table, 0.0), tag + seconds)
        self._cost[table] = seconds

    def remove(self, table: str) -> None:
        """The table closed: it waits no more, and its account goes."""
        self._waiting.pop(table, None)
        self._finish.pop(table, None)
        self._cost.pop(table, None)
