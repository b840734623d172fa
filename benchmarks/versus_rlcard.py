"""Our engine against RLCard's UNO game, the reference the engine issue names,
with the same policy, in one process, taking turns in short slices.

The wall clock of a shared machine drifts by a factor of two within minutes, so
a rounds/s figure alone says little; two engines measured in alternating slices
see the same machine, and their ratio holds still. RLCard is not a dependency:

    python -m pip install rlcard==1.2.0
    python benchmarks/versus_rlcard.py [--pairs 20] [--slice 0.25]

Policy (as the issue defines it): a random playable card when there is one,
otherwise a random other legal action, never a challenge. RLCard's UNO has no
challenge and no stacking, and lists "draw" only when it is the one legal
action, so for RLCard the policy is a uniform pick from its legal actions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import play_round  # noqa: E402

from game.engine import RuleSet  # noqa: E402


def rlcard_round(game: object, rng: random.Random) -> int:
    game.init_game()  # type: ignore[attr-defined]
    actions = 0
    while not game.is_over():  # type: ignore[attr-defined]
        legal = game.get_legal_actions()  # type: ignore[attr-defined]
        game.step(legal[int(rng.random() * len(legal))])  # type: ignore[attr-defined]
        actions += 1
    return actions


def rounds_per_cpu_second(play: Callable[[int], int], seconds: float) -> float:
    rounds, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(10):
            play(rounds)
            rounds += 1
    return rounds / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--slice", type=float, default=0.25, help="seconds per turn")
    args = parser.parse_args()
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        sys.exit("RLCard is not installed: python -m pip install rlcard==1.2.0")
    game, rl_rng = UnoGame(num_players=4), random.Random(1)
    game.np_random.seed(1)
    engines: dict[str, Callable[[int], int]] = {"rlcard": lambda _: rlcard_round(game, rl_rng)}
    for preset in RuleSet.preset_names():
        rules, rng = RuleSet.preset(preset), random.Random(1)
        engines[preset] = lambda i, rules=rules, rng=rng: play_round(rules, 4, rng, i)
    speeds: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.pairs):
        for name, play in engines.items():
            speeds[name].append(rounds_per_cpu_second(play, args.slice))
    print(f"{'engine':<14}{'rounds/cpu-s':>14}{'vs rlcard':>11}{'slowest slice ratio':>21}")
    base = speeds["rlcard"]
    for name, runs in speeds.items():
        ratios = [ours / theirs for ours, theirs in zip(runs, base, strict=True)]
        print(
            f"{name:<14}{statistics.median(runs):>14.0f}{statistics.median(ratios):>10.2f}x"
            f"{min(ratios):>20.2f}x"
        )


if __name__ == "__main__":
    main()
