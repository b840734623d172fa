"""What a complete install holds, checked before the self-test plays.

The self-test must fail on an install that lost its files, not pass for lack of
anything to test: every shipped theme, every compiled catalog and every font a
pack names (or pygame's default font) must be present and readable.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pygame

from game.files import paths
from game.i18n import DOMAIN, LANGUAGES
from game.themes.file_limits import pack_file
from game.themes.loader import ThemeCatalog

SHIPPED_THEMES = ("classic", "minecraft", "monster_high")
SOURCE_LANGUAGE = "en"  # the messages in the code: no catalog


def missing_parts(catalog: ThemeCatalog) -> list[str]:
    """One line per missing or unreadable part; empty for a complete install."""
    problems = [f"assets folder not found: {paths.asset_root()}"]
    if paths.asset_root().is_dir():
        problems = []
    for theme in SHIPPED_THEMES:
        if theme not in catalog.packs:
            problems.append(f"shipped theme '{theme}' is missing from {paths.themes_root()}")
    problems += [_catalog_problem(lang) for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
    for pack in catalog.available():
        fonts = pack.manifest.fonts.values() if pack.manifest else ()
        problems += [_font_problem(pack.id, font.file) for font in fonts]
    return [p for p in problems if p]


def _catalog_problem(lang: str) -> str:
    path = paths.asset_root() / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            translations = gettext.GNUTranslations(handle)
    except (OSError, ValueError) as error:
        return f"catalog for '{lang}' missing or unreadable: {path} ({error})"
    if not translations._catalog:  # type: ignore[attr-defined]
        return f"catalog for '{lang}' holds no messages: {path}"
    return ""


def _font_problem(theme: str, file: Path | None) -> str:
    pygame.font.init()
    try:
        pygame.font.Font(pack_file(file) if file else None, 16).render("Ag", True, (0, 0, 0))
    except (OSError, pygame.error, FileNotFoundError) as error:
        return f"theme '{theme}': font {file or 'pygame default'} cannot be read ({error})"
    return ""
