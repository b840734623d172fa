"""Bots at a table: the loop that asks each seat for its decisions and applies them.

Only this harness touches the real Round; bots get views and legal actions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import Round

from .bot import Bot


@dataclass
class Clock:
    """Decision times (seconds) per seat: wall time, and the deciding thread's CPU
    time, which holds still when other work shares the machine."""

    times: list[list[float]] = field(default_factory=list)
    cpu: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cpu = self.cpu or [[] for _ in self.times]

    def add(self, seat: int, seconds: float, cpu: float = 0.0) -> None:
        self.times[seat].append(seconds)
        self.cpu[seat].append(cpu)


def play_out(
    rnd: Round, bots: Sequence[Bot], clock: Clock | None = None, action_limit: int = 5000
) -> None:
    """Play `rnd` to its end. After each action every other seat (in seat order
    after the actor, the seat to move excepted) may react: catch or jump in."""
    for _ in range(action_limit):
        if rnd.over:
            return
        seat = rnd.current
        legal = rnd.legal_actions()
        view = rnd.view(seat)
        act = _timed(clock, seat, bots[seat].choose, view, legal)
        rnd.apply(act, seat)
        _reactions(rnd, bots, seat, clock)
    raise RuntimeError(f"round did not end within {action_limit} actions: {rnd!r}")


def _reactions(rnd: Round, bots: Sequence[Bot], actor: int, clock: Clock | None) -> None:
    n = rnd.players
    k = 1
    while k < n and not rnd.over:
        seat = (actor + k) % n
        k += 1
        if seat == rnd.current:
            continue
        legal = rnd.legal_actions(seat)
        if not legal:
            continue
        view = rnd.view(seat)
        act = _timed(clock, seat, bots[seat].react, view, legal)
        if act is not None:
            rnd.apply(act, seat)
            actor, k = seat, 1  # a reaction is an action: the others may answer it


def _timed(clock: Clock | None, seat: int, decide: Callable[..., Any], *args: Any) -> Any:
    """Run one bot decision, timing the bot alone (the view is built before)."""
    if clock is None:
        return decide(*args)
    start, start_cpu = time.perf_counter(), time.thread_time()
    act = decide(*args)
    clock.add(seat, time.perf_counter() - start, time.thread_time() - start_cpu)
    return act
