"""Frame time over a whole autoplay match, and start-up time to the first menu frame.

    python benchmarks/frame_time.py [--speed 2x] [--target 500] [--seed 1] [--players 4]
                                    [--size 1280x720]

A frame's time is its work (events, update, draw, flip) with the frame cap
off; game time advances 1/60 s per frame, so the match looks as it would on
screen, deal and showpieces included. Bots think on their worker thread as in
real play. Targets: p99 < 8 ms, start-up < 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_FRAMES = 200_000


def match_frames(
    speed: str, target: int, seed: int, players: int, size: tuple[int, int] = (1280, 720)
) -> tuple[list[float], int]:
    """Frame work times (seconds) over one match, and the rounds it took."""
    from game.app import App, Options
    from game.ui.autoplay import play_match
    from game.ui.launch import opening_scene

    options = Options(
        players=players,
        seed=seed,
        autoplay=True,
        start="table",
        speed=speed,
        target=target,
        fixed_dt=1 / 60,
        fps_cap=0,
        size=size,
        threaded_bots=True,
    )
    app = App(options)
    try:
        rounds = play_match(app, opening_scene(app, options), MAX_FRAMES) or 0
        return list(app.frame_times), rounds
    finally:
        app.close()


def startup_seconds(runs: int = 3) -> float:
    """Process start to the first menu frame on screen, median of `runs`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(runs):
        started = time.time()
        out = subprocess.run(
            [sys.executable, "-m", "game", "--frames", "1", "--startup-report"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
        line = next(ln for ln in out.splitlines() if ln.startswith("first-frame "))
        times.append(float(line.split()[1]) - started)
    return statistics.median(times)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", default="2x", choices=("1x", "2x", "4x", "instant"))
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--size", default="1280x720", help="window, e.g. 1920x1080")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    startup = startup_seconds()
    began = time.perf_counter()
    frames, rounds = match_frames(args.speed, args.target, args.seed, args.players, size)  # type: ignore[arg-type]
    wall = time.perf_counter() - began
    ms = [f * 1000 for f in frames]
    print(
        f"match: {args.players} players, {args.size}, speed {args.speed}, target {args.target}, "
        f"{rounds} rounds, {len(frames)} frames in {wall:.1f} s"
    )
    print(f"fps (cap off): {len(frames) / sum(frames):.0f}")
    print(
        f"frame time ms: p50 {percentile(ms, 50):.2f}  p95 {percentile(ms, 95):.2f}  "
        f"p99 {percentile(ms, 99):.2f}  max {max(ms):.2f}   (target p99 < 8)"
    )
    print(f"start-up to first menu frame: {startup:.3f} s   (target < 0.5)")


if __name__ == "__main__":
    main()
