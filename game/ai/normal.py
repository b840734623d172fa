"""The `normal` level: sound heuristics on the visible table, no memory."""

from __future__ import annotations

import random

from .heuristic import HeuristicBot
from .scoring import Style

NORMAL_STYLE = Style()


class NormalBot(HeuristicBot):
    """Keeps wilds while a coloured card will do, names its strongest colour,
    hits a next player who is close to going out, challenges only a likely bluff."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, NORMAL_STYLE, memory=False, challenge_above=0.5)
