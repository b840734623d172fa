"""Settings round-trip through the user file; bad values keep their defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import settings
from game.settings import Settings
from game.storage import Store


def test_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    chosen = Settings(language="es", effects_volume=0.0, music_volume=0.5, speed="4x",
                      fullscreen=True, window=(1024, 640), colour_symbols=True,
                      theme="minecraft", player_name="Ana",
                      last_setup={"theme": "minecraft"})
    assert settings.save(store, chosen)
    assert settings.load(store) == chosen


def test_defaults_when_missing_and_the_system_language(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "es_ES:es")
    assert settings.load(Store(tmp_path)).language == "es"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert settings.load(Store(tmp_path)).language == "en"


def test_wrong_values_keep_their_defaults() -> None:
    loaded = Settings.from_data({"language": "fr", "effects_volume": 7, "music_volume": "x",
                                 "speed": "9x", "window": [10, "a"], "fullscreen": 1,
                                 "player_name": "   ", "unknown": 3})
    default = Settings()
    assert loaded.language == default.language and loaded.effects_volume == 1.0
    assert (loaded.music_volume, loaded.speed, loaded.window) == (0.3, "1x", (1280, 720))
    assert (loaded.fullscreen, loaded.player_name) == (False, "You")


def test_a_damaged_settings_file_gives_defaults_and_a_backup(tmp_path: Path) -> None:
    (tmp_path / settings.FILE).write_text('{"format": "uno-table", "kind": "sett')
    store = Store(tmp_path)
    assert settings.load(store) == Settings()
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1
    assert len(store.notices) == 1
