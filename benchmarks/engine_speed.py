"""Engine speed: 4-player rounds for a fixed time per preset.

Policy (as the issue defines it): a random playable card when there is one,
otherwise a random other legal action, never a challenge.

    python benchmarks/engine_speed.py [--seconds 3] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

from game.engine import Round, RuleSet


def play_round(rules: RuleSet, players: int, rng: random.Random, seed: int) -> int:
    # One generator for the whole run, as a match has: seeding a new one per round
    # would cost more than the shuffle.
    rnd = Round.start(rules, players, dealer=seed % players, rng=rng)
    legal_actions, apply, random = rnd.legal_actions, rnd.apply, rng.random
    while legal := legal_actions():  # empty once the round is over
        plays = []  # a loop: on Python 3.11 a comprehension is a function call
        for action in legal:
            if action[0] == "play":
                plays.append(action)
        if not plays:
            plays = [a for a in legal if a[0] != "challenge"]
        apply(plays[int(random() * len(plays))])  # a uniform pick, cheaper than rng.choice
    return len(rnd.log)  # the actions taken


def measure(preset: str, players: int, seconds: float) -> tuple[float, float, float, float]:
    """rounds/s and actions/s by the wall clock, actions per round, and rounds per
    CPU-second (steadier than the wall clock on a shared machine)."""
    rules = RuleSet.preset(preset)
    rng = random.Random(1)
    rounds = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            actions += play_round(rules, players, rng, rounds)
            rounds += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return rounds / elapsed, actions / elapsed, actions / rounds, rounds / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(
        f"{'preset':<14}{'rounds/s':>10}{'actions/s':>12}{'actions/round':>15}{'rounds/cpu-s':>14}"
    )
    for preset in RuleSet.preset_names():
        rps, aps, apr, rpc = measure(preset, args.players, args.seconds)
        print(f"{preset:<14}{rps:>10.0f}{aps:>12.0f}{apr:>15.1f}{rpc:>14.0f}")


if __name__ == "__main__":
    main()
