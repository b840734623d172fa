"""The player's settings <-> `settings.json` in the user config folder."""

from __future__ import annotations

import dataclasses
import locale
import os
from dataclasses import dataclass, field
from typing import Any

from game.storage import Store

FILE = "settings.json"
KIND = "settings"
VERSION = 1
LANGUAGES = ("en", "es")
SPEEDS = ("1x", "2x", "4x", "instant")
VOLUMES = tuple(step / 10 for step in range(11))
WINDOW_SIZES = ((800, 600), (1024, 640), (1280, 720), (1600, 900), (1920, 1080))


def system_language() -> str:
    """Spanish if the system speaks it, English otherwise."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "es" if code.lower().startswith("es") else "en"


@dataclass
class Settings:
    language: str = field(default_factory=system_language)
    effects_volume: float = 0.7
    music_volume: float = 0.3
    speed: str = "1x"
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 720)
    colour_symbols: bool = False  # a colour's symbol beside it, for colour-blind players
    theme: str = "classic"
    player_name: str = "You"
    last_setup: dict[str, Any] | None = None

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window"] = list(self.window)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Known fields of the right type; anything else keeps its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in dataclasses.fields(cls):
            if f.name in data:
                value = _checked(f.name, data[f.name], getattr(settings, f.name))
                if value is not None:
                    setattr(settings, f.name, value)
        return settings


def _checked(name: str, value: Any, default: Any) -> Any | None:  # noqa: C901 - per field
    if name == "language":
        return value if value in LANGUAGES else None
    if name == "speed":
        return value if value in SPEEDS else None
    if name in ("effects_volume", "music_volume"):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return min(1.0, max(0.0, float(value))) if ok else None
    if name == "window":
        ok = isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and 320 <= v <= 10000 for v in value)
        return (max(640, value[0]), max(480, value[1])) if ok else None
    if name == "last_setup":
        return value if isinstance(value, dict) else None
    if name == "player_name":
        return value[:16] if isinstance(value, str) and value.strip() else None
    return value if type(value) is type(default) else None


def load(store: Store) -> Settings:
    return Settings.from_data(store.load(FILE, KIND, VERSION))


def save(store: Store, settings: Settings) -> bool:
    return store.save(FILE, KIND, VERSION, settings.to_data())
