"""AI strength: the tournament table behind issue 10's targets, in every preset.

    python benchmarks/ai_strength.py                  # 20,000 rounds or 2,200 matches a line
    python benchmarks/ai_strength.py --rounds 2000 --matches 400 --presets classic
    python benchmarks/ai_strength.py --lines 3,4,5     # only some lines (numbered from 1)

Each line is what `python -m game.ai.tournament` prints for the same arguments:
the first level's round (or 500-point match) win rate with a 95% interval,
points conceded per round and decision times. Seats rotate; results are seeded.
"""

from __future__ import annotations

import argparse
import time

from game.ai.tournament import describe, rules_for, run
from game.engine import RuleSet

# (seats, target): the level under test sits first; target 0 means single rounds.
TABLE = (
    ("hard,random,random,random", "hard vs 3 random: >= 35% of rounds", 0),
    ("hard,random,random,random", "hard vs 3 random: >= 50% of 500-point matches", 500),
    ("hard,normal,normal,normal", "hard vs 3 normal: >= 27% of rounds", 0),
    ("normal,easy,easy,easy", "normal vs 3 easy: >= 28% of rounds", 0),
    ("easy,random,random,random", "easy vs 3 random: 24-28% of rounds", 0),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--matches", type=int, default=2200)  # 9 to 11 rounds a match
    parser.add_argument("--presets", default=",".join(RuleSet.preset_names()))
    parser.add_argument("--house", default="", help="house options, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--lines", default="",
                        help="only these lines of the table, numbered from 1, comma-separated")
    args = parser.parse_args()
    wanted = {int(k) for k in args.lines.split(",") if k} or set(range(1, len(TABLE) + 1))
    for preset in args.presets.split(","):
        rules = rules_for(preset, args.house)
        print(f"## {preset} {args.house}".rstrip(), flush=True)
        for number, (seats, target_text, target) in enumerate(TABLE, 1):
            if number not in wanted:
                continue
            games = args.matches if target else args.rounds
            start = time.perf_counter()
            totals = run(rules, seats.split(","), games, args.seed, target, args.processes)
            level = seats.split(",")[0]
            unit = f"{games} matches ({totals[level].rounds} rounds)" if target \
                else f"{games} rounds"
            print(f"{target_text}  [{unit}, {time.perf_counter() - start:.0f} s]")
            print("  " + describe(level, totals[level]), flush=True)


if __name__ == "__main__":
    main()
