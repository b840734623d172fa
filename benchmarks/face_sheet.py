"""A contact sheet per theme: every seat's portrait (rows) in every mood
(columns), framed as the table frames them, saved as PNG to look at.

    python benchmarks/face_sheet.py [--size 96] [--out /tmp/faces]

Also prints how long the first portrait of each theme took to paint, and the
slowest single portrait (the frame that first shows a face pays for it)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

THEMES = ("classic", "minecraft", "monster_high")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=96)
    parser.add_argument("--seats", type=int, default=12)
    parser.add_argument("--out", default="/tmp/faces")
    args = parser.parse_args()
    import pygame

    from game.ui.widgets.avatar import MOODS, framed_avatar

    pygame.init()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for theme in THEMES:
        slowest = 0.0
        tiles = []
        for seat in range(args.seats):
            row = []
            for mood in MOODS:
                start = time.perf_counter()
                row.append(framed_avatar(theme, seat, mood, args.size))
                slowest = max(slowest, time.perf_counter() - start)
            tiles.append(row)
        cell = tiles[0][0].get_width() + 8
        sheet = pygame.Surface((cell * len(MOODS) + 8, cell * args.seats + 8))
        sheet.fill((60, 64, 72))
        for r, row in enumerate(tiles):
            for c, tile in enumerate(row):
                sheet.blit(tile, (8 + c * cell, 8 + r * cell))
        path = out / f"faces_{theme}.png"
        pygame.image.save(sheet, path)
        print(f"{theme}: {path}  slowest portrait {slowest * 1000:.1f} ms at {args.size} px")


if __name__ == "__main__":
    main()
