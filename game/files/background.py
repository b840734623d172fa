"""One piece of work on a worker thread, its result asked for from the frame loop.

Checking a user file can take a second (a long match is played through from its
seed); the window keeps drawing meanwhile and asks `done` once a frame."""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class _Collector:
    """No cyclic garbage collection while any check runs. A check holds a large file's
    data (hundreds of thousands of objects, none in a cycle); each full collection
    walks them all in one call that holds the interpreter lock, and the frame waits.
    Counted, so two checks at once (the replays, the saved match) share one pause."""

    lock = threading.Lock()
    running = 0
    was_enabled = True

    @classmethod
    @contextlib.contextmanager
    def paused(cls) -> Iterator[None]:
        with cls.lock:
            cls.running += 1
            if cls.running == 1:
                cls.was_enabled = gc.isenabled()
                gc.disable()
        try:
            yield
        finally:
            with cls.lock:
                cls.running -= 1
                if cls.running == 0 and cls.was_enabled:
                    gc.enable()


class Background(Generic[T]):
    """`work` on a worker thread. `keep`: its result lives long (a match to play), so
    its objects are kept out of the collector's passes once it is done."""

    def __init__(self, work: Callable[[], T], name: str = "check", keep: bool = False) -> None:
        self._work = work
        self._keep = keep
        self._result: T | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with _Collector.paused():
                if self._keep and gc.get_freeze_count():
                    # Garbage still uncollected now (a table closed before, a match
                    # Continued in it: its scene's callbacks make cycles) would be kept
                    # for good by the freeze below. What an earlier freeze kept is not
                    # walked; before any (the replays read at start-up) there is no
                    # such table, and the walk of the whole start-up heap is skipped.
                    gc.collect()
                self._result = self._work()
                if self._keep:
                    # The result is left out of the collector's passes from now on (it is
                    # still freed when nothing refers to it): a long match Continued is
                    # ~500,000 objects, which the first collections after the check would
                    # walk in one frame (100-350 ms), and every full collection while
                    # the match is played again.
                    gc.freeze()
        except BaseException as error:  # handed to the frame loop, which raises it there
            self._error = error

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> T | None:
        """The work's result, waiting for it if need be; its error raised here."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._result
