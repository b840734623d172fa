"""The lost match (issue 38): a new match begun from the match-end screen, a few
moves, then the game is killed. At each point of that path the files hold what a
kill there leaves once the last save handed over is written: Continue finds the new
match as soon as one has begun, and none before (the finished one is not offered);
closing (what SDL makes of SIGTERM) writes the latest. The game is then really
killed after a few moves, by SIGTERM and by SIGKILL (no goodbye at all), and
started again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app import App, Options
from game.files import paths
from game.table import default_setup, saved_game
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME
from tests.ui.lost_match_session import BEGUN, POINTS, walk

SESSION = Path(__file__).with_name("lost_match_session.py")
ROOT = Path(__file__).resolve().parents[2]


def _continue_offered() -> bool:
    """The game started again: is Continue offered, and is it the new match?"""
    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    try:
        menu = MenuScene(app)
        app.start(menu)
        app.step(FRAME)
        if not menu.menu.buttons[1].enabled:
            return False
        return _moves_saved(app) >= 3
    finally:
        app.close()


def _moves_saved(app: App) -> int:
    """The moves of the saved match (of every round: a game killed a while after
    three moves may have dealt another round)."""
    saved = saved_game.load(app.data)
    assert saved is not None and saved.setup.theme == "monster_high"
    match = saved.match
    return sum(map(len, match.round_logs)) + len(match.round.log)


def test_at_each_point_of_the_path_the_files_hold_the_match_begun() -> None:
    app = App(Options(fixed_dt=FRAME, fps_cap=0, speed="instant"))
    try:
        for point in walk(app, lambda: app.step(FRAME), "1x"):
            tables = [s for s in app.stack.scenes if isinstance(s, TableScene)]
            for table in tables:
                table.table.recorder.writer.wait()  # type: ignore[attr-defined]
            assert saved_game.exists(app.data) == (point in BEGUN), point
            if point in BEGUN:
                assert _moves_saved(app) >= (0 if point == "table" else int(point)), point
        match = tables[0].table.match
        played = sum(map(len, match.round_logs)) + len(match.round.log)
        assert played >= 3
    finally:
        app.close()  # what SDL makes of SIGTERM: a quit
    assert _moves_saved(app) == played
    assert list(POINTS) == ["end", "setup", "table", "0", "3"]


def _started(stop: str, home: Path) -> subprocess.Popen[str]:
    """The game on the path to `stop`, with its own files under `home`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    for name in ("CONFIG", "DATA", "STATE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    return subprocess.Popen(
        [sys.executable, str(SESSION), stop],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _ready(child: subprocess.Popen[str]) -> str:
    assert child.stdout is not None
    said = []
    for line in child.stdout:
        said.append(line)
        if line.startswith("READY"):
            break
    return "".join(said)


@pytest.mark.skipif(sys.platform == "win32", reason="signals as on Linux and macOS")
def test_continue_finds_the_match_after_the_game_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games side by side, each with its own files: one gets SIGTERM (which SDL
    turns into a quit), the other SIGKILL, a moment after three moves."""
    kills = {"term": signal.SIGTERM, "kill": signal.SIGKILL}
    children = {name: _started("3", tmp_path / name) for name in kills}
    said = {name: _ready(child) for name, child in children.items()}
    time.sleep(0.3)  # a few frames of the game as it runs
    for name, child in children.items():
        child.send_signal(kills[name])
        said[name] += child.communicate(timeout=120)[0]
    for name in kills:
        assert "READY" in said[name], said[name]
        data = tmp_path / name / "data"  # the game started again on those files
        monkeypatch.setattr(paths, "user_data_dir", lambda app, data=data: str(data / app))
        import subprocess as sp

        print(
            name,
            sp.run(["find", str(tmp_path / name), "-ls"], capture_output=True, text=True).stdout,
        )
        assert _continue_offered(), (name, said[name][-2000:])


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
