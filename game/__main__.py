"""Command line entry point: parse arguments, then hand over to the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.app import START_SCENES, Options, main_loop
from game.i18n import LANGUAGES
from game.ui.animation import SPEEDS


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        return max(640, int(width)), max(480, int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None


def parse(argv: list[str] | None) -> Options:
    parser = argparse.ArgumentParser(prog="uno-table", description="UNO at a card table.")
    parser.add_argument("--theme", default=None, help="classic, minecraft, monster_high")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 11), metavar="2-10")
    parser.add_argument("--seed", type=int, default=None, help="replay the same deal")
    parser.add_argument("--autoplay", action="store_true", help="every seat is a computer")
    parser.add_argument("--screenshot", type=Path, help="render --frames frames, save a PNG")
    parser.add_argument("--frames", type=int, default=0, help="stop after this many frames")
    parser.add_argument("--selftest", action="store_true",
                        help="headless: play a short match in every theme")
    parser.add_argument("--size", type=_size, default=None, help="window, e.g. 800x600")
    parser.add_argument("--start", choices=START_SCENES, default=None,
                        help="first screen (default: the menu; the table for a screenshot)")
    parser.add_argument("--speed", choices=tuple(SPEEDS), default=None)
    parser.add_argument("--lang", choices=tuple(LANGUAGES), default=None,
                        help="language (default: the one in the settings)")
    parser.add_argument("--target", type=int, default=500, help="points that win the match")
    parser.add_argument("--startup-report", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    start = args.start or ("table" if args.screenshot or args.autoplay else "menu")
    # Options the command line leaves open come from the player's settings.
    open_ = frozenset(k for k in ("theme", "size", "speed") if getattr(args, k) is None)
    return Options(
        theme=args.theme or "classic", players=args.players, seed=args.seed,
        autoplay=args.autoplay, screenshot=args.screenshot, frames=args.frames,
        selftest=args.selftest, size=args.size or (1280, 720), start=start,
        speed=args.speed or "1x", target=args.target, startup_report=args.startup_report,
        fixed_dt=1 / 60 if args.screenshot else None, fps_cap=0 if args.screenshot else 60,
        language=args.lang, from_settings=open_,
    )


def main(argv: list[str] | None = None) -> int:
    return main_loop(parse(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
