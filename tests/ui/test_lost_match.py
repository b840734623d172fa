"""The lost match (issue 38): a new match begun from the match-end screen, a few
moves, then the game is killed. The game is killed at each point of that path, by
SIGTERM (SDL turns it into a quit: the game closes as from its window) and by
SIGKILL (no goodbye at all); started again, Continue finds the new match as soon
as one has begun, and none before (the finished one is not offered)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app import App, Options
from game.table import saved_game
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import FRAME

SESSION = Path(__file__).with_name("lost_match_session.py")
ROOT = Path(__file__).resolve().parents[2]
POINTS = ("end", "setup", "table", "0", "3")
BEGUN = ("table", "0", "3")  # a new match is on the table: Continue must find it


def _killed_at(stop: str, how: signal.Signals) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, str(SESSION), stop],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    said = []
    for line in child.stdout:
        said.append(line)
        if line.startswith("READY"):
            break
    time.sleep(0.3)  # a few frames of the game as it runs
    child.send_signal(how)
    out = child.communicate(timeout=120)[0]
    return "".join(said) + out


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["term", "kill"])
@pytest.mark.parametrize("stop", POINTS)
def test_continue_finds_the_match_begun_whatever_the_moment_of_the_kill(
    stop: str, how: signal.Signals
) -> None:
    if sys.platform == "win32":
        pytest.skip("signals as on Linux and macOS")
    said = _killed_at(stop, how)
    assert "READY" in said, said
    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    try:
        menu = MenuScene(app)
        app.start(menu)
        app.step(FRAME)
        can_continue = menu.menu.buttons[1].enabled
        assert can_continue == (stop in BEGUN), (stop, said[-2000:])
        if stop in BEGUN:
            saved = saved_game.load(app.data)
            assert saved is not None and saved.setup.theme == "monster_high"
    finally:
        app.close()
