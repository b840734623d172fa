"""The `random` level: the baseline every other level is measured against."""

from __future__ import annotations

import random

from game.engine import ActionKind, View
from game.engine.actions import Action

from .choices import plays, with_uno


class RandomBot:
    """A random play when there is one (each wild colour counts as a play),
    otherwise a random other action. Never challenges; always declares UNO."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View, legal: list[Action]) -> Action:
        options: list[Action] = list(with_uno(plays(legal)))
        if not options:
            options = [a for a in legal if a[0] != ActionKind.CHALLENGE] or legal
        return self.rng.choice(options)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        if not legal:
            return None
        return self.rng.choice(
            [*with_uno(plays(legal)), *[a for a in legal if a[0] == ActionKind.CATCH], None]
        )
