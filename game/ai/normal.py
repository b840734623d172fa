"""The `normal` level: sound heuristics on the visible table, no memory, no odds."""

from __future__ import annotations

import random

from .heuristic import HeuristicBot
from .scoring import Style
from .situation import Situation

# Plays what matches, names its strongest colour, likes skips and draws, keeps
# a wild while a coloured card will do. Unlike hard it does not watch who is
# about to go out (no attack or shedding by threat) and counts no cards.
NORMAL_STYLE = Style(keep_wild=1.5, attack=0.0, shed_close=0.02)
MANY_CARDS = 5  # a wild-draw4 from a hand this big probably hid the old colour


class NormalBot(HeuristicBot):
    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, NORMAL_STYLE, memory=False, challenge_above=0.5)

    def bluff_chance(self, sit: Situation) -> float:
        """A rule of thumb instead of odds: a big hand is likely guilty."""
        return 1.0 if sit.count(sit.view.draw4_by) >= MANY_CARDS else 0.0
