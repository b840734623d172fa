"""Command line entry point: parse and check arguments, then hand over to the app.

Every bad argument ends in one line on stderr and exit code 2, before a window
opens. Subcommands (`uno-table <command> ...`) are listed in `COMMANDS`; with no
command the game starts. pygame is imported only after parsing, so `--help`,
`--version` and errors are quick and print no pygame banner.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from game import __version__
from game.files import paths
from game.limits import DEFAULT_TARGET, MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SPEEDS

if TYPE_CHECKING:
    from game.app import Options

WIDTH = (640, 7680)  # pixels; below the minimum the table does not fit
HEIGHT = (480, 4320)
MAX_FRAMES = 1_000_000
SCREENSHOT_FRAMES = 60  # a screenshot without --frames: one second of virtual time
IMAGE_SUFFIXES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")  # what pygame.image.save writes


@dataclass(frozen=True)
class Command:
    """A subcommand: `add` declares its arguments, `run` gets them and returns the exit code."""

    help: str
    add: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMMANDS: dict[str, Command] = {}


def _register_headless() -> None:
    from game.online.protocol import fairness
    from game.online.server import serve

    COMMANDS["serve"] = Command(serve.HELP, serve.add_arguments, serve.run)
    COMMANDS["verify"] = Command(fairness.HELP, fairness.add_arguments, fairness.run)


_register_headless()
HEADLESS = {"serve": "game.online.server.serve", "verify": "game.online.protocol.fairness"}


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake told in one line (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _bounded(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value

    return parse


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.strip().isdigit() or not height.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720")
    w, h = int(width), int(height)
    if not (WIDTH[0] <= w <= WIDTH[1] and HEIGHT[0] <= h <= HEIGHT[1]):
        raise argparse.ArgumentTypeError(
            f"{text} is outside {WIDTH[0]}x{HEIGHT[0]} to {WIDTH[1]}x{HEIGHT[1]}"
        )
    return w, h


def _screenshot(text: str) -> Path:
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; name an image file in it")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {path.parent} does not exist")
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise argparse.ArgumentTypeError(f"{text} should end in .png (or .bmp, .tga, .jpg)")
    if not os.access(path.parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {path.parent} cannot be written")
    return path


def _theme_id(text: str) -> str:
    if not paths.is_pack_id(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a theme id (a pack's folder name, like classic); "
            f"available: {', '.join(theme_ids())}"
        )
    return text


def theme_ids() -> list[str]:
    """Ids of the shipped packs, then the player's own: folder names with a manifest."""
    found: list[str] = []
    for root in (paths.themes_root(), paths.user_themes_root()):
        if root.is_dir():
            found += sorted(
                p.name
                for p in root.iterdir()
                if (p / "theme.toml").is_file() and p.name not in found
            )
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="uno-table", description="UNO at a card table.")
    parser.add_argument("--version", action="version", version=f"uno-table {__version__}")
    add_play_arguments(parser)
    if COMMANDS:
        commands = parser.add_subparsers(dest="command", metavar="COMMAND")
        for name, command in COMMANDS.items():
            command.add(commands.add_parser(name, help=command.help, description=command.help))
    return parser


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    from game.app import START_SCENES
    from game.i18n import LANGUAGES

    add = parser.add_argument
    add("--theme", type=_theme_id, default=None, help="theme id: classic, minecraft, ...")
    players = f"{MIN_PLAYERS}-{MAX_PLAYERS}"
    add("--players", type=_bounded(MIN_PLAYERS, MAX_PLAYERS), default=4, metavar=players)
    add("--seed", type=_bounded(0, 2**63 - 1), default=None, help="replay a deal")
    add("--autoplay", action="store_true", help="every seat is a computer")
    add("--screenshot", type=_screenshot, help="render --frames frames, save an image, quit")
    add(
        "--frames",
        type=_bounded(1, MAX_FRAMES),
        default=None,
        help=f"stop after this many frames ({SCREENSHOT_FRAMES} with --screenshot)",
    )
    add("--selftest", action="store_true", help="headless: play a short match in every theme")
    add("--size", type=_size, default=None, help="window, e.g. 800x600")
    add("--start", choices=START_SCENES, default=None, help="first screen (default: the menu)")
    add("--speed", choices=[str(s) for s in SPEEDS], default=None)
    add("--lang", choices=tuple(LANGUAGES), default=None, help="language (default: the settings')")
    add("--target", type=_bounded(1, MAX_TARGET), default=DEFAULT_TARGET, help="points to win")
    add("--startup-report", action="store_true", help=argparse.SUPPRESS)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The checked arguments; a bad one exits 2 with one line on stderr."""
    parser = build_parser()
    args = parser.parse_args(argv)
    playing = getattr(args, "command", None) is None
    if playing and args.theme is not None and args.theme not in theme_ids():
        parser.error(f"unknown theme '{args.theme}'; available: {', '.join(theme_ids())}")
    return args


def parse(argv: list[str] | None) -> Options:
    return options_from(parse_args(argv))


def options_from(args: argparse.Namespace) -> Options:
    from game.app import Options

    start = args.start or ("table" if args.screenshot or args.autoplay else "menu")
    frames = args.frames or (SCREENSHOT_FRAMES if args.screenshot else 0)
    # Options the command line leaves open come from the player's settings.
    open_ = frozenset(k for k in ("theme", "size", "speed") if getattr(args, k) is None)
    return Options(
        theme=args.theme or "classic",
        players=args.players,
        seed=args.seed,
        autoplay=args.autoplay,
        screenshot=args.screenshot,
        frames=frames,
        selftest=args.selftest,
        size=args.size or (1280, 720),
        start=start,
        speed=args.speed or "1x",
        target=args.target,
        startup_report=args.startup_report,
        fixed_dt=1 / 60 if args.screenshot else None,
        fps_cap=0 if args.screenshot else 60,
        language=args.lang,
        from_settings=open_,
    )


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    # In the frozen app, a worker process of `uno-table serve` (the computers) starts
    # the app again: this runs the worker and never returns there.
    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in HEADLESS:  # the game's own arguments would import pygame
        import importlib

        headless: Callable[[list[str]], int] = importlib.import_module(HEADLESS[argv[0]]).main
        return headless(argv[1:])
    if argv[:1] == ["check-packs"]:  # the app's own worker (game/themes/scan.py), no window
        from game.themes.scan import worker_main

        return worker_main()
    if argv[:1] == ["check-file"] and len(argv) == 2:  # game/files/file_worker.py's child
        from game.files import file_worker

        return file_worker.worker_main(argv[1])
    args = parse_args(argv)
    command = COMMANDS.get(getattr(args, "command", None) or "")
    if command is not None:
        return command.run(args)
    return play(options_from(args))


def play(options: Options) -> int:
    """The game, logging to the user's log file; a crash is logged and shown in a box.
    A self-test or a screenshot writes no user file and reports to the terminal."""
    from game.app import main_loop
    from game.files.log import crashed, start_logging

    if options.selftest or options.screenshot is not None:
        return main_loop(options)
    log_path = start_logging()
    try:
        return main_loop(options)
    except Exception as error:  # noqa: BLE001 - every crash is logged and shown
        return crashed(error, log_path)


if __name__ == "__main__":
    sys.exit(main())
