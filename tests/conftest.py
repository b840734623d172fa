"""Every test gets its own empty user folders: the player's real ones are never touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.files import paths


@pytest.fixture(autouse=True)
def user_folders(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("user")
    folders = {"config": root / "config", "data": root / "data", "log": root / "state"}
    monkeypatch.setattr(paths, "user_config_dir", lambda name: str(folders["config"] / name))
    monkeypatch.setattr(paths, "user_data_dir", lambda name: str(folders["data"] / name))
    monkeypatch.setattr(paths, "user_log_dir", lambda name: str(folders["log"] / name / "log"))
    # Child processes (the command line, the frozen app) find them through XDG too.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folders["config"]))
    monkeypatch.setenv("XDG_DATA_HOME", str(folders["data"]))
    monkeypatch.setenv("XDG_STATE_HOME", str(folders["log"]))
    monkeypatch.setenv("LANGUAGE", "en")  # the system language, whatever the machine's
    return {k: v / paths.APP_NAME for k, v in folders.items()}
