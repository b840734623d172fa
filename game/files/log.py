"""The log file, and what happens when the game crashes.

Standard `logging` goes to a rotating file in platformdirs' user log folder
(Linux `~/.local/state/uno-table/log/`, Windows `%LOCALAPPDATA%\\uno-table\\uno-table\\Logs\\`,
macOS `~/Library/Logs/uno-table/`). The frozen app has no console on Windows and
macOS, so an unhandled exception is written there with its traceback and the
player is shown a message box naming the file. The match in progress is saved
after every move, atomically, so a crash never touches it.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

from game import __version__
from game.files import paths

LOG_NAME = "uno-table.log"
MAX_BYTES = 512_000  # per file; three old files are kept
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger("uno-table")


def log_file() -> Path:
    return paths.user_log_folder() / LOG_NAME


def start_logging(folder: Path | None = None) -> Path | None:
    """Log to the rotating file (None: it cannot be written; the game plays on)."""
    path = (folder or paths.user_log_folder()) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        moved = _link_aside(path)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as error:
        print(f"uno-table: no log file ({error})", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    threading.excepthook = _thread_crashed
    _start_up_facts()
    if moved is not None:
        log.warning("a link was in place of the log file; it was kept as %s", moved.name)
    return path


def _link_aside(path: Path) -> Path | None:
    """A link in the log file's place is moved aside (the link, not what it names), so
    the log is never appended to a file elsewhere; where it went. OSError if it cannot
    be moved: then there is no log file."""
    if not path.is_symlink():
        return None
    backup = path.with_name(f"{path.name}.bad-{int(time.time())}")
    os.replace(path, backup)
    return backup


def stop_logging() -> None:
    """Close the file handlers (tests start and stop logging more than once)."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, RotatingFileHandler)]:
        root.removeHandler(handler)
        handler.close()


def _start_up_facts() -> None:
    import pygame

    frozen = "frozen" if getattr(sys, "frozen", False) else "from source"
    log.info(
        "uno-table %s starting (%s), Python %s, pygame-ce %s, SDL %s",
        __version__,
        frozen,
        platform.python_version(),
        pygame.version.ver,
        ".".join(map(str, pygame.get_sdl_version())),
    )
    log.info("%s %s; assets %s", platform.system(), platform.release(), paths.asset_root())
    log.info("video driver %s", os.environ.get("SDL_VIDEODRIVER", "default"))


def _thread_crashed(args: threading.ExceptHookArgs) -> None:
    log.error(
        "unhandled exception in thread %s",
        args.thread.name if args.thread else "?",
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),  # type: ignore[arg-type]
    )


def crashed(error: BaseException, path: Path | None, show_box: bool = True) -> int:
    """Record an unhandled exception, tell the player where the details are; exit code 1."""
    trace = "".join(traceback.format_exception(error))
    log.critical("unhandled exception\n%s", trace.rstrip())
    print(trace, file=sys.stderr, end="")
    where = str(path) if path else "(no log file could be written)"
    message = (
        "UNO Table stopped because of an error.\n\n"
        f"{type(error).__name__}: {error}\n\n"
        f"The details are in the log file:\n{where}\n\n"
        "Your match in progress is saved; Continue picks it up."
    )
    if show_box:
        _message_box("UNO Table: error", message)
    return 1


def _message_box(title: str, message: str, show: Callable[..., object] | None = None) -> None:
    """pygame's own box (SDL's, native on every OS); a failure here must not hide the crash."""
    import pygame

    try:
        (show or pygame.display.message_box)(title, message, message_type="error")
    except Exception as error:  # noqa: BLE001 - no display, or SDL refused: the log has it
        log.warning("could not show the error box: %s", error)
