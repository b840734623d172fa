"""Memory with the largest pack the game accepts and a 10-player autoplay match.

    python benchmarks/memory.py [--target 500] [--seed 1] [--size 1920x1080]

Builds a user pack at the limits of game/themes/file_limits.py (every card face,
the back and the table as 4096x4096 PNGs: the largest side allowed, each 64 MB
once decoded), validates it, then plays a whole 10-player autoplay match with it
through the app at instant speed (headless). Prints the resident set size (RSS)
after start-up, after the pack is validated, and the peak over the match.
Bound stated by the issue's check: the peak stays under 1 GB.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_FRAMES = 400_000
BOUND_MB = 1024


def rss_mb() -> float:
    """The current resident set (Linux /proc), or the peak where /proc is missing."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # bytes vs KiB


def build_big_pack(themes: Path) -> str:
    """Classic's pack with every image at the largest size the checks allow."""
    import pygame

    from game.files import paths
    from game.themes.faces import preset_faces
    from game.themes.file_limits import MAX_SIDE

    folder = themes / "biggest"
    shutil.copytree(paths.themes_root() / "classic", folder)
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8").replace('id = "classic"', 'id = "biggest"')
    text = text.replace('pattern = "cards/{card}.svg"', 'pattern = "cards/{card}.png"')
    text = text.replace('back = "cards/back.svg"', 'back = "cards/back.png"')
    text = text.replace('background = "table/background.svg"', 'background = "table/big.png"')
    manifest.write_text(text, encoding="utf-8")
    image = pygame.Surface((MAX_SIDE, MAX_SIDE))
    for i in range(0, MAX_SIDE, 64):  # stripes, so the PNG is not a trivial run
        image.fill(((i * 7) % 256, (i * 3) % 256, 90), (i, 0, 32, MAX_SIDE))
    names = [f"cards/{f}.png" for f in preset_faces("classic")] + ["cards/back.png"]
    pygame.image.save(image, str(folder / "table" / "big.png"))
    for name in names:  # one encode, then copies: the decoder does the same work for each
        shutil.copyfile(folder / "table" / "big.png", folder / name)
    return "biggest"


def one_match(theme: str, target: int, seed: int, size: tuple[int, int]) -> tuple[int, int]:
    from game.app import App, Options
    from game.ui.autoplay import play_match
    from game.ui.launch import opening_scene

    options = Options(
        theme=theme,
        players=10,
        seed=seed,
        autoplay=True,
        start="table",
        speed="instant",
        target=target,
        fixed_dt=1 / 60,
        fps_cap=0,
        size=size,
    )
    app = App(options)
    try:
        app.complete_catalog()
        assert app.catalog.choose(theme).id == theme, app.catalog.packs[theme].reason
        rounds = play_match(app, opening_scene(app, options), MAX_FRAMES) or 0
        return rounds, app.frame
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(home) / "config")
        from game.files import paths
        from game.themes.loader import load_pack

        print(f"RSS after start-up: {rss_mb():.0f} MB")
        theme = build_big_pack(paths.user_themes_root())
        began = time.perf_counter()
        pack = load_pack(paths.user_themes_root() / theme)
        print(
            f"pack '{theme}': {'available' if pack.available else pack.reason}, "
            f"validated in {time.perf_counter() - began:.2f} s; RSS {rss_mb():.0f} MB"
        )
        began = time.perf_counter()
        rounds, frames = one_match(theme, args.target, args.seed, size)  # type: ignore[arg-type]
        wall = time.perf_counter() - began
    print(
        f"10-player autoplay match at {args.size}, target {args.target}: {rounds} rounds, "
        f"{frames} frames in {wall:.0f} s; RSS at the end {rss_mb():.0f} MB"
    )
    print(f"peak RSS: {peak_mb():.0f} MB   (bound {BOUND_MB} MB)")


if __name__ == "__main__":
    main()
