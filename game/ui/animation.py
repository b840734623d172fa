"""Eased tweens and a clock that plays them; speed scales every duration."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from game.limits import Speed

# Each speed's factor, by name, for the screens that look one up (game.limits.Speed).
SPEEDS: dict[str, float] = {speed: speed.factor for speed in Speed}


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def settle(t: float, overshoot: float = 0.08) -> float:
    """A landing's scale at `t` (0 to 1) of its settle: a little large as it touches
    down, a damped dip under, then still at 1 (never a straight line)."""
    t = min(1.0, max(0.0, t))
    return 1 + overshoot * math.cos(1.5 * math.pi * t) * (1 - t) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """A value from 0 to 1 over `duration` seconds after `delay`, eased."""

    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    finished: bool = False

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        t = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, t)))

    def advance(self, dt: float) -> None:
        if self.finished:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finished = True
            if self.on_done is not None:
                self.on_done()


@dataclass
class Animator:
    """Runs tweens; `busy` while any is unfinished. Callbacks fire in order of ending."""

    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.advance(dt)
        self.tweens = [t for t in self.tweens if not t.finished]

    def finish_all(self) -> None:
        while self.tweens:
            self.update(1e9)

    def clear(self) -> None:
        self.tweens.clear()
