"""The `normal` level: sound heuristics on the visible table, no memory."""

from __future__ import annotations

import random

from .heuristic import HeuristicBot
from .scoring import Weights
from .situation import CHALLENGE_ABOVE

# Plays what matches, names its strongest colour, likes skips and draws, keeps
# a wild while a coloured card will do, challenges on the odds it can see.
# Unlike hard it does not watch who is about to go out (no attack or shedding
# by threat) and remembers nothing of the round.
NORMAL_WEIGHTS = Weights(keep_wild=1.5, attack=0.0, shed_close=0.02)


class NormalBot(HeuristicBot):
    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, NORMAL_WEIGHTS, memory=False, challenge_above=CHALLENGE_ABOVE)
