"""Every process the game starts runs only the game's code (game/children.py): started
from a folder that holds a hostile `game/` package, `multiprocessing/`, `runpy.py` and an
`uno-table` command, with PYTHONPATH and PYTHONSTARTUP pointing there too, none of that
folder's code runs, in the file checker, the pack checker, the bot workers or the game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.files import file_worker, replay
from game.files.paths import APP_NAME, themes_root
from game.files.storage import Store
from game.online.server.bot_pool import _follow
from game.online.server.bot_workers import Workers
from game.themes.scan import PackScan
from tests.test_file_worker import _replays_file


def _hostile_folder(root: Path) -> Path:
    """A folder whose every piece of code, if run, leaves a mark in `root/ran`."""
    folder, marks = root / "downloaded", root / "ran"
    marks.mkdir()

    def mark(name: str) -> str:
        return f"import pathlib; pathlib.Path({str(marks / name)!r}).touch()\n"

    for package in ("game", "game/files", "game/themes", "multiprocessing"):
        (folder / package).mkdir(parents=True)
        (folder / package / "__init__.py").write_text(mark(package.replace("/", ".")))
    (folder / "game" / "files" / "file_worker.py").write_text(mark("file_worker"))
    (folder / "game" / "themes" / "scan.py").write_text(mark("scan"))
    (folder / "runpy.py").write_text(mark("runpy"))
    (folder / "startup.py").write_text(mark("startup"))
    command = folder / "uno-table"
    command.write_text("#!/bin/sh\ntouch " + str(marks / "uno-table") + "\n")
    command.chmod(0o755)
    return folder


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = _hostile_folder(tmp_path)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PYTHONPATH", str(folder))
    monkeypatch.setenv("PYTHONSTARTUP", str(folder / "startup.py"))
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return tmp_path / "ran"


def test_the_file_checker_runs_the_games_own_code(
    hostile: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_here(*args: object) -> None:
        raise AssertionError("checked in the app's process: the child did not run")

    monkeypatch.setattr(file_worker, "_here", not_here)
    data = tmp_path / "data"
    data.mkdir()
    _replays_file(data)
    assert [r.setup["seed"] for r in replay.load(Store(data))] == [3, 4]
    assert list(hostile.iterdir()) == []


def test_the_pack_checker_runs_the_games_own_code(hostile: Path) -> None:
    packs = PackScan([(themes_root() / "classic", True)]).start().take(wait=True)
    assert [(p.id, p.available) for p in packs] == [("classic", True)]
    assert list(hostile.iterdir()) == []


def test_the_bot_workers_run_the_games_own_code(hostile: Path) -> None:
    workers = Workers(1, _follow, depth=1)
    try:
        assert workers.submit(pow, 3, 4).result(timeout=60) == 81
    finally:
        workers.shutdown()
    assert list(hostile.iterdir()) == []
    assert os.environ["PYTHONPATH"].endswith("downloaded")  # the server's own is kept


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell command in the folder")
def test_the_game_started_from_the_folder_runs_none_of_its_code(
    hostile: Path, tmp_path: Path
) -> None:
    """The installed command, from the folder: the statistics (their replays are checked
    in the file checker) and the packs scanned at start. (PYTHONPATH, which the player
    sets, is obeyed by this first interpreter, as by any Python program.)"""
    data = tmp_path / "home"
    for kind in ("data", "config", "state", "cache"):
        (data / kind / APP_NAME).mkdir(parents=True)
    _replays_file(data / "data" / APP_NAME)
    environment = {
        **os.environ,
        "XDG_DATA_HOME": str(data / "data"),
        "XDG_CONFIG_HOME": str(data / "config"),
        "XDG_STATE_HOME": str(data / "state"),
        "XDG_CACHE_HOME": str(data / "cache"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    del environment["PYTHONPATH"]
    command = Path(sys.executable).parent / "uno-table"
    if not command.exists():
        pytest.skip("the game is not installed as a command here")
    done = subprocess.run(
        [str(command), "--start", "statistics", "--frames", "90", "--size", "640x480"],
        env=environment,
        capture_output=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert list(hostile.iterdir()) == []
