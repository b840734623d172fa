"""Tables waiting for a bot worker, served by the worker time each has had: each
table gets a fixed share, whatever its computers cost (fair queueing by
virtual finish time).

    queue = FairQueue()
    queue.add("K7QX2M", heavy=True)       # the table has a decision waiting (a search)
    table, tag = queue.pop(heavy=False)   # the next to be served (no search may start)
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

Entry = tuple[float, int, str, float]  # finish tag, number, table, start tag


class FairQueue:
    """Two heaps, one for tables whose decision is a search: when no search may
    start, the quick decisions are served without a look at the searches."""

    def __init__(self) -> None:
        self._heaps: tuple[list[Entry], list[Entry]] = ([], [])  # quick, searches
        self._waiting: dict[str, int] = {}  # table -> its entry's number (others are stale)
        self._finish: dict[str, float] = {}  # table -> the worker time it has been given
        self._cost: dict[str, float] = {}  # table -> what its last decision took
        self._numbers = itertools.count()
        self.now = 0.0  # virtual time: the tag of the last table served

    def __contains__(self, table: str) -> bool:
        return table in self._waiting

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, table: str, heavy: bool = False) -> None:
        """`table` has a decision waiting (`heavy`: a search)."""
        if table in self._waiting:
            return
        number = next(self._numbers)
        self._waiting[table] = number
        start = max(self.now, self._finish.get(table, 0.0))
        entry = (start + self._cost.get(table, 0.0), number, table, start)
        heapq.heappush(self._heaps[heavy], entry)

    def pop(self, heavy: bool = True) -> tuple[str, float] | None:
        """The waiting table that finishes first (with its start tag, for `served`),
        of the quick ones only unless `heavy`; None if none."""
        heads = [(head, heap) for heap in self._heaps[: 1 + heavy] if (head := self._head(heap))]
        if not heads:
            return None
        (_, _, table, start), heap = min(heads, key=lambda pair: pair[0])
        heapq.heappop(heap)
        del self._waiting[table]
        self.now = max(self.now, start)
        return table, start

    def _head(self, heap: list[Entry]) -> Entry | None:
        """The heap's first entry still waiting (stale ones dropped)."""
        while heap and self._waiting.get(heap[0][2]) != heap[0][1]:
            heapq.heappop(heap)  # removed, or added again since
        return heap[0] if heap else None

    def served(self, table: str, tag: float, seconds: float) -> None:
        """`table`'s decision, started at `tag`, took `seconds` of a worker."""
        self._finish[table] = max(self._finish.get(table, 0.0), tag + seconds)
        self._cost[table] = seconds

    def remove(self, table: str) -> None:
        """The table closed: it waits no more, and its account goes."""
        self._waiting.pop(table, None)
        self._finish.pop(table, None)
        self._cost.pop(table, None)
