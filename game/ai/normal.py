"""The `normal` level: sound heuristics on the visible table, no memory."""

from __future__ import annotations

import random

from .bluffing import Doubt
from .heuristic import HeuristicBot
from .scoring import Weights

# Plays what matches, names its strongest colour, likes skips and draws, keeps
# a wild while a coloured card will do (if not for long: it spends them early),
# never bluffs. Unlike hard it does not watch who is about to go out (no attack
# or shedding by threat) and remembers nothing of the round's draws; it
# challenges a player the match has shown bluffing (twice, from its prior).
NORMAL_WEIGHTS = Weights(keep_wild=1.5, attack=0.0, shed_close=0.02, bluff=100.0)
NORMAL_DOUBT = Doubt()


class NormalBot(HeuristicBot):
    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, NORMAL_WEIGHTS, memory=False, doubt=NORMAL_DOUBT)
