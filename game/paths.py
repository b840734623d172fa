"""Where the game finds its shipped assets and keeps the user's own files.

The asset root moves when the game is frozen by PyInstaller: the bundle is
unpacked to ``sys._MEIPASS`` and ``assets/`` sits at its top.
"""

from __future__ import annotations

import sys
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "uno-table"


def asset_root() -> Path:
    """The folder holding ``themes/`` and ``locale/``, frozen or not."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and frozen_root:
        return Path(frozen_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


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
