"""Where the game finds its shipped assets and keeps the user's own files.

The shipped assets live in one of three places:
- a checkout or editable install: ``assets/`` beside the ``game`` package;
- an installed wheel: ``game/assets/`` (the build maps ``assets/`` there);
- the standalone app: ``assets/`` at the top of PyInstaller's ``sys._MEIPASS``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir, user_log_dir

APP_NAME = "uno-table"
# A theme pack's id is its folder's name: never a path, so --theme and the settings
# can only name a pack inside the theme folders.
PACK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
PACKAGE = Path(__file__).resolve().parent


def asset_root() -> Path:
    """The folder holding ``themes/``, ``locale/``, ``legal/`` and the icon."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and frozen_root:
        return Path(frozen_root) / "assets"
    installed = PACKAGE / "assets"
    return installed if installed.is_dir() else PACKAGE.parent / "assets"


def themes_root() -> Path:
    """The theme packs that ship with the game."""
    return asset_root() / "themes"


def user_data_folder() -> Path:
    """Per-user data (saves, user theme packs); not created here."""
    return Path(user_data_dir(APP_NAME))


def user_config_folder() -> Path:
    """Per-user settings; not created here."""
    return Path(user_config_dir(APP_NAME))


def user_themes_root() -> Path:
    """Where a player drops extra theme packs, one folder per pack."""
    return user_data_folder() / "themes"


def user_log_folder() -> Path:
    """Where the log file goes; not created here."""
    return Path(user_log_dir(APP_NAME))


def is_pack_id(value: object) -> bool:
    """True for a name a pack can have (`monster_high`); False for paths and the rest,
    whatever a file held."""
    return isinstance(value, str) and PACK_ID.fullmatch(value) is not None
