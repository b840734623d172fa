"""Saves survive upgrades: files the previous release wrote (tests/fixtures/saves_v1,
written by the game at commit 6d8b8aa from real play) load as they are; a file from
a newer version is left untouched, and the game plays on defaults and says so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.files import replay, settings, stats
from game.files.storage import Store
from game.table import saved_game

OLD = Path(__file__).parent / "fixtures" / "saves_v1"
LOADERS: dict[str, Any] = {
    settings.FILE: (settings.load, settings.VERSION),
    stats.FILE: (stats.load, stats.VERSION),
    replay.FILE: (replay.load, replay.VERSION),
    saved_game.FILE: (saved_game.load, saved_game.VERSION),
}


@pytest.fixture
def old_files(tmp_path: Path) -> Path:
    shutil.copytree(OLD, tmp_path, dirs_exist_ok=True)
    return tmp_path


def test_the_previous_release_s_files_load_as_they_are(old_files: Path) -> None:
    store = Store(old_files)
    mine = settings.load(store)
    assert (mine.language, mine.player_name, mine.window) == ("es", "Ana", (1024, 640))
    assert mine.last_setup is not None and mine.last_setup["theme"] == "minecraft"
    assert stats.load(store).theme("minecraft").rounds_won == 1
    [kept] = replay.load(store)
    assert kept.theme == "classic" and kept.winners
    resumed = saved_game.load(store)
    assert resumed is not None and resumed.setup.theme == "minecraft"
    resumed.match.apply(resumed.match.round.legal_actions()[0])  # and play goes on
    assert store.notices == [] and not list(old_files.glob("*.bad-*"))


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_newer_version_s_file_is_left_untouched_for_the_session(
    old_files: Path, name: str
) -> None:
    load, version = LOADERS[name]
    path = old_files / name
    wrapper = json.loads(path.read_text(encoding="utf-8"))
    wrapper["version"] = version + 1
    wrapper["data"] = {"from": "a newer game", "fields": ["we", "cannot", "read"]}
    text = json.dumps(wrapper)
    path.write_text(text, encoding="utf-8")
    store = Store(old_files)
    load(store)  # defaults
    assert len(store.notices) == 1
    assert "newer version" in store.notices[0].render() and name in store.notices[0].render()
    assert not store.save(name, wrapper["kind"], version, {"would": "overwrite"})
    store.delete(name)
    assert path.read_text(encoding="utf-8") == text and not list(old_files.glob("*.bad-*"))
