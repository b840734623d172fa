"""AI strength: the tournament table behind the levels' targets, in every preset.

    python benchmarks/ai_strength.py                  # 20,000 rounds or 2,200 matches a line
    python benchmarks/ai_strength.py --rounds 2000 --matches 400 --presets classic
    python benchmarks/ai_strength.py --lines 3,4,5     # only some lines (numbered from 1)

Each line is what `python -m game.ai.tournament` prints for the same arguments:
the first level's round (or 500-point match) win rate with a 95% interval,
points conceded per round and decision times (wall and CPU: the CPU time holds
still when the machine is shared). Seats rotate; results are seeded. The
expert's lines play `--expert-rounds` (it thinks a few hundred times longer),
and each preset ends with the expert's playout speed and the coach's latency.
"""

from __future__ import annotations

import argparse
import random
import time

from game.ai import make_bot
from game.ai.coach import advise
from game.ai.expert import ExpertBot
from game.ai.tournament import describe, percentile, rules_for, run
from game.engine import Round, RuleSet

# (seats, target): the level under test sits first; target 0 means single rounds.
TABLE = (
    ("hard,random,random,random", "hard vs 3 random: >= 35% of rounds", 0),
    ("hard,random,random,random", "hard vs 3 random: >= 50% of 500-point matches", 500),
    ("hard,normal,normal,normal", "hard vs 3 normal: >= 29% of rounds", 0),
    ("normal,easy,easy,easy", "normal vs 3 easy: >= 28% of rounds", 0),
    ("easy,random,random,random", "easy vs 3 random: 24-28% of rounds", 0),
    ("expert,hard,hard,hard", "expert vs 3 hard: >= 30% of rounds", 0),
    ("expert,hard", "expert vs hard, 2 players: >= 56% of rounds", 0),
)


def search_speed(rules: RuleSet, rounds: int = 12) -> str:
    """The expert's playouts per CPU-second over its searched decisions in rounds
    of hard bots, and the coach's hint latency (its default time budget) there."""
    expert = ExpertBot(random.Random(1))
    playouts, cpu, hints, hints_cpu = 0, 0.0, [], []
    for number in range(rounds):
        rnd = Round.start(rules, 4, number % 4, seed=number)
        bots = [make_bot("hard", random.Random(number * 4 + seat)) for seat in range(4)]
        while not rnd.over:
            seat, legal = rnd.current, rnd.legal_actions()
            view = rnd.view(seat)
            if seat == 0 and len(legal) > 1:
                start = time.process_time()
                playouts += expert.think(view, legal).playouts
                cpu += time.process_time() - start
                wall, start = time.perf_counter(), time.process_time()
                advise(view, legal)
                hints.append(time.perf_counter() - wall)
                hints_cpu.append(time.process_time() - start)
            rnd.apply(bots[seat].choose(view, legal), seat)
    ms = [1000 * t for t in hints]
    return (
        f"expert playouts {playouts / max(cpu, 1e-9):,.0f}/s CPU ({playouts} in {cpu:.1f} s); "
        f"hint wall p50 {percentile(ms, 0.5):.0f} max {max(ms):.0f} ms, "
        f"CPU max {1000 * max(hints_cpu):.0f} ms ({len(ms)} hints)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--matches", type=int, default=2200)  # 9 to 11 rounds a match
    parser.add_argument("--expert-rounds", type=int, default=1000)
    parser.add_argument("--presets", default=",".join(RuleSet.preset_names()))
    parser.add_argument("--house", default="", help="house options, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--lines",
        default="",
        help="only these lines of the table, numbered from 1, comma-separated",
    )
    args = parser.parse_args()
    wanted = {int(k) for k in args.lines.split(",") if k} or set(range(1, len(TABLE) + 1))
    for preset in args.presets.split(","):
        rules = rules_for(preset, args.house)
        print(f"## {preset} {args.house}".rstrip(), flush=True)
        for number, (seats, target_text, target) in enumerate(TABLE, 1):
            if number not in wanted:
                continue
            games = args.matches if target else args.rounds
            if "expert" in seats:
                games = args.expert_rounds
            start = time.perf_counter()
            totals = run(rules, seats.split(","), games, args.seed, target, args.processes)
            level = seats.split(",")[0]
            unit = (
                f"{games} matches ({totals[level].rounds} rounds)" if target else f"{games} rounds"
            )
            print(f"{target_text}  [{unit}, {time.perf_counter() - start:.0f} s]")
            print("  " + describe(level, totals[level]), flush=True)
        if "expert" in ",".join(TABLE[k - 1][0] for k in wanted):
            print(search_speed(rules), flush=True)


if __name__ == "__main__":
    main()
