"""The log file and the crash handler: a trail on disk, a box naming it, the save untouched."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import __version__, app
from game.__main__ import main
from game.engine import RuleSet
from game.files import paths
from game.files.log import LOG_NAME, start_logging, stop_logging
from game.files.storage import Store
from game.table import GameSetup, SeatKind, SeatSetup, new_match, saved_game, settled


@pytest.fixture(autouse=True)
def _close_log_files() -> Iterator[None]:
    yield
    stop_logging()


def test_the_log_file_gets_start_up_facts_and_later_problems(tmp_path: Path) -> None:
    path = start_logging(tmp_path / "log")
    assert path == tmp_path / "log" / LOG_NAME
    logging.getLogger("game.table.controllers").error("bot at seat 2: boom")
    stop_logging()
    text = path.read_text(encoding="utf-8")
    assert f"uno-table {__version__} starting" in text
    assert "assets" in text
    assert "bot at seat 2: boom" in text


def test_an_unwritable_log_folder_does_not_stop_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert start_logging(blocker / "log") is None


def _saved_match(folder: Path) -> bytes:
    setup = settled(
        GameSetup(
            "classic",
            RuleSet.preset("classic"),
            (SeatSetup("Ana", SeatKind.HUMAN), SeatSetup("Bea", SeatKind.BOT, "easy")),
            target=200,
            seed=4,
            speed="1x",
        )
    )
    store = Store(folder)
    assert saved_game.save(store, setup, new_match(setup), 0)
    return (folder / saved_game.FILE).read_bytes()


def test_a_crash_is_logged_shown_in_a_box_and_leaves_the_save_intact(
    user_folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = _saved_match(user_folders["data"])
    boxes: list[tuple[str, str, str]] = []

    def box(title: str, message: str, message_type: str = "info", **_: object) -> int:
        boxes.append((title, message, message_type))
        return 0

    def explode(self: app.App) -> int:
        raise RuntimeError("the table fell over")

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "message_box", box)
    monkeypatch.setattr(app.App, "run", explode)
    assert main(["--start", "menu"]) == 1
    stop_logging()

    log_path = paths.user_log_folder() / LOG_NAME
    text = log_path.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: the table fell over" in text
    assert len(boxes) == 1
    title, message, kind = boxes[0]
    assert kind == "error" and str(log_path) in message
    assert (user_folders["data"] / saved_game.FILE).read_bytes() == saved
    assert saved_game.load(Store(user_folders["data"])) is not None


def test_a_link_in_place_of_the_log_file_is_set_aside_never_written_through(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "log"
    folder.mkdir()
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file")
    (folder / LOG_NAME).symlink_to(target)
    path = start_logging(folder)
    logging.getLogger("uno-table").warning("a line")
    stop_logging()
    assert path is not None and path.is_file() and not path.is_symlink()
    assert target.read_text() == "someone else's file"
    (backup,) = folder.glob(f"{LOG_NAME}.bad-*")
    assert backup.is_symlink()
    assert "a link was in place of the log file" in path.read_text(encoding="utf-8")
