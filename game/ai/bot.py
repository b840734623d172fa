"""The bot protocol and the one factory the game and the tournament use."""

from __future__ import annotations

import random
from typing import Protocol

from game.engine import View
from game.engine.actions import Action

LEVELS = ("random", "easy", "normal", "hard", "expert")
THINK_SECONDS = 0.1  # the expert's time cap in the app (its search stops after a whole guess)


class Bot(Protocol):
    def choose(self, view: View, legal: list[Action]) -> Action:
        """The bot's own decision: `legal` is `rnd.legal_actions(view.seat)`, non-empty."""

    def react(self, view: View, legal: list[Action]) -> Action | None:
        """An out-of-turn chance (a catch, a jump-in), or None to let it pass."""


def make_bot(
    level: str, rng: random.Random, *, seconds: float | None = None, worlds: int | None = None
) -> Bot:
    """A bot of `level` (one of LEVELS) drawing on `rng`. The expert thinks over
    `worlds` guesses of the hidden cards (a default; repeatable from a seed), or
    for `seconds` at most (the app: each guess it completes counts)."""
    # Imported here so each level's module loads only when asked for.
    if level == "random":
        from .baseline import RandomBot

        return RandomBot(rng)
    if level == "easy":
        from .easy import EasyBot

        return EasyBot(rng)
    if level == "normal":
        from .normal import NormalBot

        return NormalBot(rng)
    if level == "hard":
        from .hard import HardBot

        return HardBot(rng)
    if level == "expert":
        from .expert import WORLDS, ExpertBot

        return ExpertBot(rng, worlds=worlds or WORLDS, seconds=seconds)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
