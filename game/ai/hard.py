"""The `hard` level: the shared heuristics plus memory of the public history."""

from __future__ import annotations

import random

from .bluffing import Bluffing, Doubt
from .heuristic import HeuristicBot
from .scoring import Weights

# An urrrh gives away its biggest colour (give above follow) but is kept while a
# coloured card will do (give well below 2.5, where it was spent too soon): +1.2
# points of rounds against three normal bots in monster_high (paired, 10,000 rounds).
# Wilds are kept while a coloured card will do, even when an opponent is down to
# two cards (keep_wild 11, was 6; wild_threat 1.0, was 0.4): paired over 10,000
# rounds vs 3 normal, +0.9 (±0.5) points in classic, +4.0 (±0.7) in monster_high;
# keep_wild 8 gave +2.0 (±0.6) in minecraft.
# It no longer turns play to a colour the next player has shown it lacks (weight 3
# before): the next player draws one card, and the colour we hold most is given up
# for it. Without it, vs 3 normal over 20,000 rounds on the same seeds: classic
# 26.9 -> 28.4%, minecraft 31.3 -> 32.9%, monster_high 30.9 -> 31.9%; weight 1 was
# between, and counting it only when the next player holds one card gave nothing.
HARD_WEIGHTS = Weights(
    keep_wild=11.0,
    wild_threat=1.0,
    bluff=20.0,
    bluff_bonus=3.0,
    shed=0.02,
    shed_close=0.1,
    attack=7.0,
    scarce=0.5,
    give=1.5,
)


# It bluffs a Wild Draw Four from a hand of five cards or more on a next player
# holding one or two, one such chance in two: if caught it draws four more to a
# hand that was far from out anyway; if not, the player about to win draws four.
# The bonus makes that bluff beat a plain card there, not a Skip or a Draw Two.
HARD_BLUFFING = Bluffing(hand_from=5, next_within=2, chance=0.5)
# It doubts a Wild Draw Four played on it when it is close to out itself (odds
# three times its prior's), until the player has shown honest Wild Draw Fours.
HARD_DOUBT = Doubt(close=3.0)


class HardBot(HeuristicBot):
    def __init__(self, rng: random.Random, bluffing: Bluffing = HARD_BLUFFING) -> None:
        super().__init__(rng, HARD_WEIGHTS, memory=True, doubt=HARD_DOUBT, bluffing=bluffing)
