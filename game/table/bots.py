"""Computer players' decisions, off the caller's thread.

Bots see only a seat's view and the legal actions (game.ai). They run on one
worker thread so a slow decision never stalls a frame or a server's loop.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from game.ai import Bot, make_bot
from game.engine.actions import Action

__all__ = ["Bot", "BotRunner", "make_bot"]


class BotRunner:
    """Runs bot decisions on a worker thread. `threaded=False` decides at once
    (virtual time: tests, screenshots, the self-test), which keeps a seeded game
    exactly repeatable."""

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self._pool = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") if threaded else None
        )

    def ask(self, decide: Callable[[], Action | None]) -> Future[Action | None]:
        if self._pool is not None:
            return self._pool.submit(decide)
        future: Future[Action | None] = Future()
        try:
            future.set_result(decide())
        except Exception as error:  # the table reports a failing decision instead of crashing
            future.set_exception(error)
        return future

    def close(self) -> None:
        """Idempotent: every bot seat of a table shares one runner."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
