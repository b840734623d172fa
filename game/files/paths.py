"""Where the game finds its shipped assets and keeps the user's own files.

The shipped assets live in one of three places:
- a checkout or editable install: ``assets/`` beside the ``game`` package;
- an installed wheel: ``game/assets/`` (the build maps ``assets/`` there);
- the standalone app: ``assets/`` at the top of PyInstaller's ``sys._MEIPASS``.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir, user_log_dir

APP_NAME = "uno-table"
# A theme pack's id is its folder's name: never a path, so --theme and the settings
# can only name a pack inside the theme folders.
PACK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
PACKAGE = Path(__file__).resolve().parent.parent  # game/


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


def shown_path(path: Path | str) -> str:
    """A path (or text holding one) as the screen and the log can show it.

    A folder unzipped from a Latin-1 archive has a name that is not UTF-8: Python
    keeps its bytes as lone surrogates, which a font, a log file or JSON cannot
    take. Here they are decoded with replacement ("caf\ufffd"), and control
    characters (a newline, a NUL) become the same mark, so the text always draws."""
    text = os.fspath(path)
    try:
        text = os.fsencode(text).decode("utf-8", "replace")
    except UnicodeError:  # a lone surrogate no file system encoding gave
        text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return "".join("\ufffd" if unicodedata.category(c) in ("Cc", "Cs") else c for c in text)
