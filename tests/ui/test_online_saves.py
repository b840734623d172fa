"""The hosted tables saved in the player's online/ folder are read as every user file
is (bounded size and depth, regular files only): a deep or broken one is set aside and
Play online -> Host opens; a real snapshot there offers Resume with the host's seat."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from game.app import App
from game.ui.scenes.online import HostScene, online_folder, saved_online
from tests.net.test_restart import _table_file
from tests.ui.conftest import FRAME


def _online(app: App) -> Path:
    folder = online_folder(app)
    assert folder is not None
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_deep_online_save_is_set_aside_and_host_opens(app: App) -> None:
    folder = _online(app)
    (folder / "AAAAAA.json").write_text("[" * 100_000)
    (folder / "BBBBBB.json").write_bytes(b"\xff\xfe garbage")
    (folder / "CCCCCC.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "DDDDDD.json")
    (folder / "EEEEEE.json").write_text(json.dumps({"format": "uno-table", "data": 1}))
    assert saved_online(app) is None
    scene = HostScene(app)
    app.start(scene)
    for _ in range(3):
        app.step(FRAME)
    assert "resume" not in [b.key for b in scene.menu.buttons]
    left = sorted(p.name for p in folder.iterdir())
    assert "AAAAAA.json" not in left and any(n.startswith("AAAAAA.json.bad-") for n in left)


def test_a_real_snapshot_offers_resume_with_the_hosts_seat(app: App, tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    snapshot = _table_file(served)
    code = snapshot["data"]["code"]
    folder = _online(app)
    (folder / "AAAAAA.json").write_text("[" * 100_000)  # a broken one first
    shutil.copy(served / f"{code}.json", folder / f"{code}.json")
    host = snapshot["data"]["host"]
    assert saved_online(app) == (code, snapshot["data"]["slots"][host][3])
    scene = HostScene(app)
    app.start(scene)
    app.step(FRAME)
    assert "resume" in [b.key for b in scene.menu.buttons]
