"""Loudness of every sound the shipped themes play (ITU-R BS.1770 integrated, LUFS),
decoded by the game's own mixer, with the spread across all effects.

    python benchmarks/loudness.py [--each] [--root assets/themes]

The effects are levelled by build/themes/make_sounds.py; tests/ui/test_theme_sounds.py
holds them within 3 LU of each other. `--each` prints every take.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from array import array
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.themes.loader import discover  # noqa: E402

RATE = 44100


def _loudness():
    spec = importlib.util.spec_from_file_location(
        "build_loudness", REPO / "build" / "themes" / "loudness.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def left_channel(path: Path) -> list[float]:
    raw = array("h", pygame.mixer.Sound(str(path)).get_raw())
    return [s / 32768 for s in raw[::2]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=REPO / "assets" / "themes")
    parser.add_argument("--each", action="store_true", help="print every take")
    args = parser.parse_args(argv)
    loudness = _loudness()
    pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    effects: dict[str, float] = {}
    for pack_id, pack in sorted(discover([(args.root, True)]).packs.items()):
        if pack.manifest is None:
            continue
        for name, takes in pack.manifest.sounds.items():
            figures = [loudness.integrated(left_channel(p), RATE) for p in takes]
            for path, lufs in zip(takes, figures, strict=True):
                if name != "music":
                    effects[f"{pack_id}/{path.name}"] = lufs
                if args.each or name == "music":
                    print(f"{pack_id:13} {path.name:24} {lufs:6.1f} LUFS")
            if not args.each and name != "music":
                low, high = min(figures), max(figures)
                print(f"{pack_id:13} {name:24} {low:6.1f} .. {high:5.1f} LUFS ({len(takes)})")
    if effects:
        quiet, loud = min(effects, key=effects.__getitem__), max(effects, key=effects.__getitem__)
        print(f"effects: {len(effects)}, spread {effects[loud] - effects[quiet]:.1f} LU")
        print(f"  quietest {quiet} {effects[quiet]:.1f} LUFS, loudest {loud} {effects[loud]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
