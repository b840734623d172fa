"""Settings round-trip through the user file; bad values keep their defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.files import settings
from game.files.settings import Settings
from game.files.storage import Store
from game.table.seats import default_setup, setup_to_data


def test_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    chosen = Settings(
        language="es",
        effects_volume=0.0,
        music_volume=0.5,
        speed="4x",
        fullscreen=True,
        window=(1024, 640),
        colour_symbols=True,
        theme="minecraft",
        player_name="Ana",
        last_setup=json.loads(
            json.dumps(setup_to_data(default_setup("minecraft", "minecraft", 3)))
        ),
    )
    assert settings.save(store, chosen)
    assert settings.load(store) == chosen


def test_defaults_when_missing_and_the_system_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "es_ES:es")
    assert settings.load(Store(tmp_path)).language == "es"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert settings.load(Store(tmp_path)).language == "en"


WRONG_VALUES = {
    "language": "fr",
    "effects_volume": 7,
    "music_volume": "x",
    "speed": "warp",
    "window": [10, "a"],
    "fullscreen": 1,
    "player_name": "   ",
    "theme": "../../etc",
    "colour_symbols": "yes",
    "last_setup": {"theme": "classic"},
    "unknown": 3,
}


@pytest.mark.parametrize("field", sorted(WRONG_VALUES))
def test_a_wrong_value_sets_the_whole_file_aside_naming_its_field(
    tmp_path: Path, field: str
) -> None:
    store = Store(tmp_path)
    assert settings.save(store, Settings(language="es", speed="4x"))
    path = tmp_path / settings.FILE
    wrapper = json.loads(path.read_text())
    wrapper["data"][field] = WRONG_VALUES[field]
    path.write_text(json.dumps(wrapper))
    assert settings.load(store) == Settings()
    assert len(store.notices) == 1 and field in store.notices[0].render()
    [kept] = tmp_path.glob("settings.json.bad-*")
    assert json.loads(kept.read_text()) == wrapper  # the player's file, byte for byte


def test_a_name_with_control_characters_is_refused() -> None:
    with pytest.raises(ValueError, match="player_name"):
        Settings.from_data({"player_name": "Ana\x00"})


def test_a_damaged_settings_file_gives_defaults_and_a_backup(tmp_path: Path) -> None:
    (tmp_path / settings.FILE).write_text('{"format": "uno-table", "kind": "sett')
    store = Store(tmp_path)
    assert settings.load(store) == Settings()
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1
    assert len(store.notices) == 1
