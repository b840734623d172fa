"""Frame strips of a round's end and a match's end, to look at, and what those
frames cost.

    python benchmarks/ending_strip.py [--out DIR] [--size 1280x720] [--speed 1x]
                                      [--players 4] [--every 8] [--themes classic ...]

A one-point match of computers is played in virtual time (1/60 s a frame) to its
end in each theme. From the first frame of the round's end (the hands turning
face up, flying into the winner's count) to the scoreboard, and from the match's
end (the celebration, the podium rising) for three seconds, every `--every`-th
frame is kept as a thumbnail; each run of them is saved as one image, in rows,
left to right: DIR/round-end-THEME.png and DIR/match-end-THEME.png. Open them.

Each frame's work (events, update, draw, flip; the frame cap off) is timed too,
on the clock and in the main thread's CPU time (which a machine busy with other
work disturbs far less), and the percentiles of the frames of both endings are
printed per theme, with the first frame of each ending (fonts, faces and panels
made for it) apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 60
THUMB_W = 320  # px: a thumbnail's width in a strip
COLUMNS = 6
MATCH_END = 3.0  # seconds of the match's end kept
MOST_FRAMES = 200_000


def strip(thumbs: list, path: Path) -> None:
    """The thumbnails in rows of COLUMNS, left to right, saved as one image."""
    import pygame

    w, h = thumbs[0].get_size()
    rows = -(-len(thumbs) // COLUMNS)
    sheet = pygame.Surface((COLUMNS * (w + 4), rows * (h + 4)))
    sheet.fill((0, 0, 0))
    for i, thumb in enumerate(thumbs):
        sheet.blit(thumb, ((i % COLUMNS) * (w + 4), (i // COLUMNS) * (h + 4)))
    pygame.image.save(sheet, str(path))


def endings(theme: str, args: argparse.Namespace) -> dict[str, list[tuple[float, float]]]:
    """Plays the match, saves the two strips; each ending's frames' work (s, on the
    clock and in CPU), in order."""
    import pygame

    from game.app import App, Options
    from game.table import default_setup
    from game.ui.scenes.round_tally import RoundTallyScene
    from game.ui.scenes.scoreboard import ScoreboardScene
    from game.ui.scenes.table import TableScene

    size = tuple(int(v) for v in args.size.split("x"))
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, language="en"))
    try:
        app.complete_catalog()
        pack = app.catalog.choose(theme)
        setup = default_setup(pack.id, pack.manifest.preset, args.players, True, 4, 1, args.speed)
        app.start(TableScene(app, setup, threaded=False))
        thumb = (THUMB_W, round(THUMB_W * size[1] / size[0]))
        kept: dict[str, list] = {"round-end": [], "match-end": []}
        work: dict[str, list[tuple[float, float]]] = {"round-end": [], "match-end": []}
        shown = 0  # frames of the match's end
        for frame in range(MOST_FRAMES):
            top = app.stack.top
            part = (
                "round-end"
                if isinstance(top, RoundTallyScene)
                else "match-end"
                if isinstance(top, ScoreboardScene)
                else None
            )
            if part == "match-end":
                shown += 1
                if shown > MATCH_END / FRAME:
                    break
            if part is not None and frame % args.every == 0:
                kept[part].append(pygame.transform.smoothscale(app.screen, thumb))
            start, cpu = time.perf_counter(), time.thread_time()
            app.step(FRAME)
            if part is not None:
                work[part].append((time.perf_counter() - start, time.thread_time() - cpu))
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for part, thumbs in kept.items():
            if thumbs:
                strip(thumbs, out / f"{part}-{theme}.png")
                print(f"{theme}: {out / f'{part}-{theme}.png'} ({len(thumbs)} frames)")
        return work
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="ending_strips")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--speed", default="1x")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--themes", nargs="+", default=["classic", "minecraft", "monster_high"])
    args = parser.parse_args()
    for theme in args.themes:
        for part, frames in endings(theme, args).items():
            if len(frames) > 1:
                first, rest = frames[0], frames[1:]
                print(f"{theme} {part}: first frame {first[0] * 1000:.1f} ms, then", end=" ")
                print(", ".join(_figures([f[k] for f in rest], k) for k in (0, 1)))


def _figures(times: list[float], cpu: int) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    kind = "CPU" if cpu else "clock"
    return (
        f"{kind} p50 {statistics.median(times) * 1000:.2f} ms p99 {p99 * 1000:.2f} ms "
        f"longest {times[-1] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
