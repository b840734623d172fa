"""The player's settings <-> `settings.json` in the user config folder."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.files import user_fields as f
from game.files.paths import is_pack_id
from game.files.storage import Store
from game.limits import SPEEDS, Speed

FILE = "settings.json"
KIND = "settings"
VERSION = 1
LANGUAGES = ("en", "es")
VOLUMES = tuple(step / 10 for step in range(11))
WINDOW_SIZES = ((800, 600), (1024, 640), (1280, 720), (1600, 900), (1920, 1080))
MAX_WINDOW = 8192  # a bigger window is a damaged file, not a screen
NAME_LENGTH = 16  # the settings scene lets a player type this many characters


def system_language() -> str:
    """Spanish if the system prefers it, English otherwise (see game.i18n)."""
    from game.i18n import system_language as preferred

    return preferred()


@dataclass
class Settings:
    language: str = field(default_factory=system_language)
    effects_volume: float = 0.7
    music_volume: float = 0.3
    speed: str = Speed.NORMAL
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 720)
    colour_symbols: bool = False  # a colour's symbol beside it, for colour-blind players
    teach: bool = False  # the coach says so after a move the Expert would not have made
    theme: str = "classic"
    player_name: str = "You"
    lesson_offered: bool = False  # the guided first game was offered at a first start
    last_setup: dict[str, Any] | None = None

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window"] = list(self.window)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Every field checked; FieldError names the first that fails (the caller then
        sets the whole file aside). Fields the file lacks keep their defaults."""
        settings = cls()
        data = f.table(data, "settings")
        f.known_keys(data, "", [field.name for field in dataclasses.fields(cls)])
        for name, value in data.items():
            setattr(settings, name, _checked(name, value, getattr(settings, name)))
        return settings


def _checked(name: str, value: Any, default: Any) -> Any:  # noqa: C901 - per field
    if name == "language":
        return f.choice(value, name, LANGUAGES)
    if name == "speed":
        return f.choice(value, name, SPEEDS)
    if name in ("effects_volume", "music_volume"):
        return f.number(value, name, 0.0, 1.0)
    if name == "window":
        if not isinstance(value, list) or len(value) != 2:
            raise f.FieldError(name, "must be [width, height]")
        return (f.whole(value[0], name, 640, MAX_WINDOW), f.whole(value[1], name, 480, MAX_WINDOW))
    if name == "theme":
        if not is_pack_id(value):
            raise f.FieldError(name, "must be a theme pack's id")
        return value
    if name == "last_setup":
        from game.files.setup_check import (
            check_setup,
        )  # the engine loads only when a set-up is read

        return None if value is None else check_setup(value, name)
    if name == "player_name":
        return f.name(value, name, NAME_LENGTH)
    if type(value) is not type(default):
        raise f.FieldError(name, f"must be a {type(default).__name__}")
    return value


def load(store: Store) -> Settings:
    return store.load_checked(FILE, KIND, VERSION, Settings.from_data) or Settings()


def save(store: Store, settings: Settings) -> bool:
    return store.save(FILE, KIND, VERSION, settings.to_data())
