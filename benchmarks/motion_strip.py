"""A strip of frames of the table's motions, saved as one PNG each, to look at.

    python benchmarks/motion_strip.py [--out DIR] [--players 4] [--theme classic]
                                      [--speed 1x] [--every 3] [--seed 7]

An autoplay match at 1280x720 (the dummy video driver); game time advances 1/60 s
a frame. Saved: `deal.png`, the round's first frames, every `--every`th of them
until the first card is turned up; `reverse.png`, the centre of the table from a
Reverse landing until its arrows are still (every frame); `land.png`, the first
cards landing on the pile as they settle (every frame). Each frame is labelled
with its time from the strip's first.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import App, Options  # noqa: E402
from game.table import default_setup  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402

FRAME = 1 / 60
COLUMNS = 6


def sheet(frames: list[tuple[float, pygame.Surface]], width: int) -> pygame.Surface:
    """The frames in rows of COLUMNS, each `width` wide, its time written on it."""
    w0, h0 = frames[0][1].get_size()
    h = round(h0 * width / w0)
    rows = (len(frames) + COLUMNS - 1) // COLUMNS
    out = pygame.Surface((width * COLUMNS, h * rows))
    font = pygame.font.Font(None, 22)
    for i, (t, frame) in enumerate(frames):
        at = ((i % COLUMNS) * width, (i // COLUMNS) * h)
        out.blit(pygame.transform.smoothscale(frame, (width, h)), at)
        out.blit(font.render(f"{t * 1000:.0f} ms", True, (255, 255, 0), (0, 0, 0)), at)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path("motion_strips"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--speed", default="1x")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(1280, 720)))
    app.complete_catalog()
    pack = app.catalog.choose(args.theme)
    setup = default_setup(
        pack.id, pack.manifest.preset, args.players, True, args.seed, 500, args.speed
    )
    table = TableScene(app, setup, threaded=False)
    app.start(table)
    shown = table.picture.shown
    deal: list[tuple[float, pygame.Surface]] = []
    reverse: list[tuple[float, pygame.Surface]] = []
    land: list[tuple[float, pygame.Surface]] = []
    settling = False
    turned = 0  # the frame the arrows began to turn
    centre = table.geometry.place("direction").inflate(60, 60)
    for n in range(20_000):
        app.step(FRAME)
        shown = table.picture.shown
        if not shown.discard and n % args.every == 0:
            deal.append((n * FRAME, app.screen.copy()))
        if len(land) < 24 and (shown.settle is not None or settling):  # and the frame after
            land.append((n * FRAME, app.screen.subsurface(centre).copy()))
        settling = shown.settle is not None
        if shown.spin > 0 or (reverse and n - turned < 4):  # and a few still frames after
            turned = n if not reverse else turned
            reverse.append(((n - turned) * FRAME, app.screen.subsurface(centre).copy()))
        elif reverse:
            break
    if deal:
        pygame.image.save(sheet(deal, 320), str(args.out / "deal.png"))
    if reverse:
        pygame.image.save(sheet(reverse, 200), str(args.out / "reverse.png"))
    if land:
        pygame.image.save(sheet(land, 200), str(args.out / "land.png"))
    print(f"deal: {len(deal)} frames, reverse: {len(reverse)} frames, in {args.out}")
    app.close()


if __name__ == "__main__":
    main()
