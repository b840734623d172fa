"""The lost match (issue 38): a new match begun from the match-end screen, a few
moves, then the game is killed. At each point of that path the files hold what a
kill there leaves once the last save handed over is written: Continue finds the new
match as soon as one has begun, and none before (the finished one is not offered);
closing (what SDL makes of SIGTERM) writes the latest. The game is then really
killed at each point, by SIGTERM and by SIGKILL (no goodbye at all), and started
again.

The cause of the loss: a copy of the game opened while another window held the
files (or was still closing) is read-only, and it took the files over only while
its menu was on top. The path from a match-end screen to a new match never lets
the menu run, so that copy's new match was never saved, however long ago the other
window had gone. A read-only copy now takes the files over on any screen, and a
table's match is then saved at once."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.app import CLAIM_EVERY, App, Options
from game.files import paths
from game.files.file_lock import FolderLock
from game.table import default_setup, saved_game
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME
from tests.ui.lost_match_session import BEGUN, POINTS, walk, written

SESSION = Path(__file__).with_name("lost_match_session.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = {"term": signal.SIGTERM, "kill": signal.SIGKILL}
SAID_WITHIN = 240  # seconds for a child to reach its point (2 busy cores, many children)


def _moves_saved(app: App) -> int:
    """The moves of the saved match (of every round: a game killed a while after
    three moves may have dealt another round)."""
    saved = saved_game.load(app.data)
    assert saved is not None and saved.setup.theme == "monster_high"
    match = saved.match
    return sum(map(len, match.round_logs)) + len(match.round.log)


def _played(app: App) -> int:
    match = next(s for s in app.stack.scenes if isinstance(s, TableScene)).table.match
    return sum(map(len, match.round_logs)) + len(match.round.log)


def test_at_each_point_of_the_path_the_files_hold_the_match_begun() -> None:
    app = App(Options(fixed_dt=FRAME, fps_cap=0, speed="instant"))
    try:
        for point in walk(app, lambda: app.step(FRAME), "1x"):
            written(app)
            assert saved_game.exists(app.data) == (point in BEGUN), point
            if point in BEGUN:
                assert _moves_saved(app) >= (0 if point == "table" else int(point)), point
        played = _played(app)
        assert played >= 3
    finally:
        app.close()  # what SDL makes of SIGTERM: a quit
    assert _moves_saved(app) == played
    assert list(POINTS) == ["end", "setup", "table", "0", "3"]


def test_a_read_only_copy_saves_its_new_match_once_the_other_window_has_gone() -> None:
    """The other window holds the files while this one plays a match to its end; it
    closes at this one's match-end screen. The new match begun from there is saved
    (before: never, since the menu, the only screen that took the files over, does
    not run on that path)."""
    other = FolderLock(paths.user_data_folder())
    assert other.acquire()
    app = App(Options(fixed_dt=FRAME, fps_cap=0, speed="instant"))
    try:
        assert not app.data.owner
        for point in walk(app, lambda: app.step(FRAME), "1x"):
            if point == "end":
                other.release()  # the other window is closed
            if point in ("0", "3"):
                for _ in range(round(CLAIM_EVERY / FRAME) + 2):
                    app.step(FRAME)
                written(app)
                assert app.data.owner, point
                assert _moves_saved(app) >= int(point), point
        played = _played(app)
    finally:
        other.release()
        app.close()
    assert _moves_saved(app) == played


class _Game:
    """The game as a child process on its own files (under `home`), stopped at
    `stop` on the path; what it says is read as it comes."""

    def __init__(self, stop: str, home: Path) -> None:
        self.home = home
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env["PYTHONPATH"] = str(ROOT)
        for name in ("CONFIG", "DATA", "STATE"):
            env[f"XDG_{name}_HOME"] = str(home / name.lower())
        self.child = subprocess.Popen(
            [sys.executable, str(SESSION), stop],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.child.stdout is not None
        for line in self.child.stdout:
            self.lines.put(line)
        self.lines.put("")  # the end

    def wait_for(self, word: str, within: float = SAID_WITHIN) -> bool:
        ends = time.monotonic() + within
        while time.monotonic() < ends:
            try:
                line = self.lines.get(timeout=max(0.01, ends - time.monotonic()))
            except queue.Empty:
                return False
            self.said.append(line)
            if line.startswith(word):
                return True
            if line == "":
                return False
        return False

    def end(self, kill: signal.Signals) -> str:
        """Killed; what it said (its last words)."""
        self.child.send_signal(kill)
        self.child.wait(timeout=120)
        while self.wait_for("\0", 5):
            pass
        return "".join(self.said)[-2000:]

    def continue_offered(self, monkeypatch: pytest.MonkeyPatch) -> int | None:
        """The game started again on these files: the moves of the match Continue
        offers (its whole check passed), or None when Continue is greyed."""
        data = self.home / "data"
        monkeypatch.setattr(paths, "user_data_dir", lambda app: str(data / app))
        app = App(Options(fixed_dt=FRAME, fps_cap=0))
        try:
            menu = MenuScene(app)
            app.start(menu)
            app.step(FRAME)
            return _moves_saved(app) if menu.menu.buttons[1].enabled else None
        finally:
            app.close()


@pytest.mark.skipif(sys.platform == "win32", reason="signals as on Linux and macOS")
def test_continue_finds_the_match_after_the_game_is_killed_at_each_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten games side by side, each on its own files, each killed at one point of the
    path by SIGTERM (which SDL turns into a quit) or SIGKILL, a moment after it is
    there and its last save is written."""
    games = {
        (point, kill): _Game(point, tmp_path / f"{point}-{kill}")
        for point in POINTS
        for kill in KILLS
    }
    said = {}
    for (point, kill), game in games.items():
        assert game.wait_for("READY"), (point, kill, "".join(game.said)[-2000:])
        time.sleep(0.2)  # a few frames of the game as it runs
        said[point, kill] = game.end(KILLS[kill])
    for (point, kill), game in games.items():
        moves = game.continue_offered(monkeypatch)
        if point in BEGUN:  # the new match, with the moves made before the kill
            assert moves is not None and moves >= (0 if point == "table" else int(point)), (
                point,
                kill,
                said[point, kill],
            )
        else:  # no match begun yet: the finished one is not offered
            assert moves is None, (point, kill)


@pytest.mark.skipif(sys.platform == "win32", reason="signals as on Linux and macOS")
@pytest.mark.parametrize("kill", sorted(KILLS))
def test_a_second_window_keeps_its_new_match_after_the_first_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill: str
) -> None:
    """What the tester met, in real processes: the first window sits at its match-end
    screen holding the files; a second, read-only, plays a match to its end, begins a
    new one from its match-end screen and makes three moves; the first is closed
    (SIGTERM); the second is killed a moment after it has taken the files over."""
    first = _Game("end", tmp_path)
    assert first.wait_for("READY"), "".join(first.said)
    second = _Game("3", tmp_path)
    assert second.wait_for("READ-ONLY") and second.wait_for("READY"), "".join(second.said)
    first.end(signal.SIGTERM)
    took_over = second.wait_for("OWNER", 60)
    said = second.end(KILLS[kill])
    assert took_over, said
    moves = second.continue_offered(monkeypatch)
    assert moves is not None and moves >= 3, said


class _Failing(Scene):
    """A scene over the table that fails as it is left."""

    def exit(self) -> None:
        raise RuntimeError("a scene that failed to leave")


def test_closing_writes_the_tables_last_save_even_when_a_scene_over_it_fails() -> None:
    app = App(Options(fixed_dt=FRAME, fps_cap=0, speed="instant"))
    setup = default_setup("monster_high", "monster_high", 2, False, 5, 500)
    table = app.scene("table", setup)
    app.start(table)
    app.step(FRAME)
    recorder = table.table.recorder  # type: ignore[attr-defined]
    recorder.changed()  # a move not yet saved: the close writes it
    app.stack.push(_Failing(app))
    with pytest.raises(RuntimeError, match="failed to leave"):
        app.close()
    assert not recorder.dirty and saved_game.exists(app.data)
