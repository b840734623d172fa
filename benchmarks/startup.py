"""Time from launch to the first menu frame, from source and frozen; the bundle's size.

    python benchmarks/startup.py [--runs 7] [--dist dist]

Each run starts a fresh process headless (SDL dummy drivers) with
`--frames 1 --startup-report`: the app prints `first-frame <epoch seconds>`
once its first frame is flipped, and that minus the moment we started the
process is one sample. Figures are medians. The frozen apps are the ones
`python build/release.py` (and `--onefile`) leave in dist/; a missing one is
reported, not built. Target for the one-folder app: under 0.6 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

from release import app_executable, app_root, size_mb  # noqa: E402  (build/ is no package)

TARGET_SECONDS = 0.6


def first_frame_seconds(command: list[str], runs: int) -> list[float]:
    """Process start to the first frame on screen, one sample per run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    samples = []
    for _ in range(runs):
        started = time.time()  # the app stamps with time.time() too: one clock
        out = subprocess.run(
            [*command, "--frames", "1", "--startup-report"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        stamp = next(ln for ln in out.splitlines() if ln.startswith("first-frame "))
        samples.append(float(stamp.split()[1]) - started)
    return samples


def report(label: str, samples: list[float]) -> None:
    print(
        f"{label:<22} median {statistics.median(samples):.3f} s"
        f"   (min {min(samples):.3f}, max {max(samples):.3f}, {len(samples)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    report("source", first_frame_seconds([sys.executable, "-m", "game"], args.runs))
    for label, onefile in (("frozen (one folder)", False), ("frozen (one file)", True)):
        exe = app_executable(args.dist, onefile)
        if not exe.is_file():
            print(f"{label:<22} not built: python build/release.py{' --onefile' * onefile}")
            continue
        samples = first_frame_seconds([str(exe)], args.runs)
        report(label, samples)
        verdict = (
            ""
            if onefile
            else (
                "  within target"
                if statistics.median(samples) < TARGET_SECONDS
                else f"  OVER the {TARGET_SECONDS} s target"
            )
        )
        print(f"{'':<22} size {size_mb(app_root(args.dist, onefile)):.1f} MB{verdict}")


if __name__ == "__main__":
    main()
