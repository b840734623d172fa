"""Engine cost in CPU instructions per round, which, unlike the clock, does not
drift with a shared machine's load: the same rounds as engine_speed.py, counted
under valgrind's callgrind (apt-get install valgrind).

    python benchmarks/engine_instructions.py [--rounds 500] [--preset classic ...]

Two runs, of 20 rounds and of --rounds, are counted whole; their difference
divided by the rounds between leaves out start-up and imports.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def play(preset: str, rounds: int) -> int:
    """Play `rounds` rounds as engine_speed.py does; the actions taken."""
    sys.path.insert(0, str(HERE))
    from engine_speed import play_round

    from game.engine import RuleSet

    rules, rng = RuleSet.preset(preset), random.Random(1)
    return sum(play_round(rules, 4, rng, i) for i in range(rounds))


def counted(preset: str, rounds: int) -> tuple[int, int]:
    """Instructions of a whole run of `rounds` rounds, and its actions."""
    python = os.path.realpath(sys.executable)  # valgrind must see the interpreter, not a shim
    # The real interpreter is outside any virtual environment, so it finds the game
    # (an editable install there) from the checkout itself.
    paths = [str(HERE.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                python,
                __file__,
                "--play",
                preset,
                str(rounds),
            ],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
    instructions = int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]
    return instructions, int(run.stdout.split()[-1])


def main() -> None:
    if sys.argv[1:2] == ["--play"]:
        print(play(sys.argv[2], int(sys.argv[3])))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--preset", nargs="*", default=["classic", "minecraft", "monster_high"])
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install valgrind")
    print(f"{'preset':<14}{'instructions/round':>20}{'per action':>12}{'actions/round':>15}")
    for preset in args.preset:
        few, few_actions = counted(preset, 20)
        many, many_actions = counted(preset, args.rounds)
        rounds, actions = args.rounds - 20, many_actions - few_actions
        print(
            f"{preset:<14}{(many - few) / rounds:>20,.0f}{(many - few) / actions:>12,.0f}"
            f"{actions / rounds:>15.1f}"
        )


if __name__ == "__main__":
    main()
