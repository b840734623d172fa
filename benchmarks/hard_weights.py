"""Hard's weights on trial: each variant plays the same seeded rounds in Hard's seat.

    python benchmarks/hard_weights.py --preset classic --rounds 20000 attack=3 keep_wild=8,shed=0.05
    python benchmarks/hard_weights.py --against hard --players 2 close=1

Each argument is a variant: fields of game.ai.scoring.Weights changed from Hard's
(`close=` sets how much likelier it holds a bluff when it is close to out,
game.ai.bluffing.Doubt). The first line is Hard
itself. Seats rotate; every variant meets the same deals, so the differences
between lines are less noisy than the intervals printed for each.
"""

from __future__ import annotations

import argparse
import dataclasses
import random

from game.ai import make_bot
from game.ai.bot import Bot
from game.ai.hard import HARD_WEIGHTS, HardBot
from game.ai.tournament import rules_for, trials

PREFIX = "hard:"


def variant_bot(level: str, rng: random.Random) -> Bot:
    """A bot for a seat: `hard:field=value,...` is Hard with those weights changed."""
    if not level.startswith(PREFIX):
        return make_bot(level, rng)
    bot = HardBot(rng)
    changes: dict[str, float] = {}
    for part in filter(None, level[len(PREFIX) :].split(",")):
        name, _, value = part.partition("=")
        if name == "close":
            bot.doubt = dataclasses.replace(bot.doubt, close=float(value))
        else:
            changes[name] = float(value)
    bot.weights = dataclasses.replace(HARD_WEIGHTS, **changes)
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="field=value[,field=value...]")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--house", default="", help="house options, comma-separated")
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--against", default="normal", help="the level in the other seats")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    rules = rules_for(args.preset, args.house)
    others = [args.against] * (args.players - 1)
    trials(
        rules, PREFIX, args.variants, others, args.rounds, args.seed, args.processes, variant_bot
    )


if __name__ == "__main__":
    main()
