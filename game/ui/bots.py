"""Computer players: the bots of game.ai when present, a plain stand-in otherwise.

Bots see only a seat's view and the legal actions, and they run on a worker
thread so a slow decision never stalls the frame loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from game.engine.actions import Action


class Bot(Protocol):
    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...

    def react(self, view: Any, legal: Sequence[Action]) -> Action | None: ...


class StandInBot:
    """Plays a random legal card, else a random other action; never challenges.
    Used only until game.ai is available."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a[0] == "play"]
        if plays:
            return self.rng.choice(plays)
        others = [a for a in legal if a[0] not in ("challenge", "catch")]
        return self.rng.choice(others or list(legal))

    def react(self, view: Any, legal: Sequence[Action]) -> Action | None:
        catches = [a for a in legal if a[0] == "catch"]
        return catches[0] if catches and self.rng.random() < 0.6 else None


def make_bot(level: str, rng: random.Random) -> Bot:
    try:
        from game.ai import make_bot as make_ai_bot
    except ImportError:
        return StandInBot(rng)
    return make_ai_bot(level, rng)


class BotRunner:
    """Runs bot decisions off the frame loop. `threaded=False` decides at once
    (self-test, benchmarks), which keeps a seeded game exactly repeatable."""

    def __init__(self, threaded: bool = True) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot") \
            if threaded else None

    def ask(self, decide: Callable[[], Action | None]) -> Future[Action | None]:
        if self._pool is not None:
            return self._pool.submit(decide)
        future: Future[Action | None] = Future()
        try:
            future.set_result(decide())
        except Exception as error:  # the table reports a failing bot instead of crashing
            future.set_exception(error)
        return future

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
