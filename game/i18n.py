"""English and Spanish through gettext catalogs built ahead of time.

There is no global translator: the app holds a `Translator` and scenes ask the
app for text while drawing, so a language switch shows on the next frame.
The `.mo` files are built from the `.po` sources by `build/catalogs.py` and
committed; nothing is compiled at run time.

A catalog is a file that can be damaged (a truncated copy, an edited one): one that
cannot be read leaves the game in English, and a line whose placeholders differ
from the English message's (a `{theme}` renamed, a brace lost) is shown in English,
each with a log line, where either would have crashed the screen that shows it.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import locale
import logging
import os
import string
import struct
from collections.abc import Iterable
from pathlib import Path

from game.files import paths
from game.files.safe_read import read_limited

log = logging.getLogger(__name__)
DOMAIN = "game"
LANGUAGES = {"en": "English", "es": "Español"}
MAX_CATALOG = 4 << 20  # bytes; the Spanish catalog is under 100 KiB


class Translator:
    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"
        self._catalog = load_catalog(self.language)
        self._kept: dict[tuple[str, ...], bool] = {}  # a line -> its fields are English's

    def gettext(self, text: str) -> str:
        return self._checked(self._catalog.gettext(text), text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        return self._checked(self._catalog.ngettext(singular, plural, n), english, plural)

    def pgettext(self, context: str, text: str) -> str:
        return self._checked(self._catalog.pgettext(context, text), text)

    def _checked(self, line: str, english: str, *forms: str) -> str:
        """`line`, or `english` where the line's placeholders are not the English
        message's (for plurals: not among its forms'), said once in the log."""
        if line is english:
            return line
        key = (line, english, *forms)
        kept = self._kept.get(key)
        if kept is None:
            found = _fields(line)
            if forms:  # a plural form may leave the count out, never add a field
                wanted = (_fields(english) or set()) | (_fields(forms[0]) or set())
                kept = found is not None and found <= wanted
            else:
                kept = found is not None and found == _fields(english)
            self._kept[key] = kept
            if not kept:
                log.warning(
                    "the %s catalog's line for %r has other placeholders: shown in English",
                    self.language,
                    english[:60],
                )
        return line if kept else english


def _fields(text: str) -> set[tuple[str, str | None, str]] | None:
    """A message's placeholders (name, conversion, format spec): a line that keeps the
    names but changes how one is shown (`{theme!x}`) fails when formatted too. None if
    its braces do not parse."""
    try:
        return {
            (name, conversion, spec or "")
            for _, name, spec, conversion in string.Formatter().parse(text)
            if name is not None
        }
    except ValueError:
        return None


def locale_root() -> Path:
    return paths.asset_root() / "locale"


def load_catalog(language: str) -> _gettext.NullTranslations:
    """The language's catalog, read as any file from outside the game (a regular file,
    bounded); English (no catalog) where there is none or it cannot be read."""
    found = _gettext.find(DOMAIN, str(locale_root()), [language])
    if language == "en" or found is None:
        return _gettext.NullTranslations()
    try:
        return _gettext.GNUTranslations(io.BytesIO(read_limited(Path(found), MAX_CATALOG)))
    except (OSError, ValueError, LookupError, IndexError, struct.error, MemoryError) as error:
        log.warning("the %s catalog cannot be read (%s): shown in English", language, error)
        return _gettext.NullTranslations()


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Marks a message for the catalog where it is defined; it is translated when shown."""
    return text


def NN_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as N_, with plurals
    """Marks a message with plural forms for the catalog; `ngettext` picks the form
    for a count when it is shown (each language has its own rule and forms)."""
    return singular, plural


def preferred_language(codes: Iterable[str]) -> str:
    """The first of the player's languages (codes like 'es_MX', 'es-419', 'fr') that the
    game speaks; English if none."""
    for code in codes:
        language = code.replace("-", "_").split("_")[0].split(".")[0].lower()
        if language in LANGUAGES:
            return language
    return "en"


def system_language() -> str:
    """The system's language: the OS's own list of preferred languages first (Windows
    and a Finder-started macOS app do not put it in LANG), then the environment."""
    return preferred_language([*_os_preferred_languages(), *_environment_languages()])


def _os_preferred_languages() -> list[str]:
    # SDL is the one portable reader of that list, so this asks pygame (imported only
    # here, when the settings need a default); without it the environment decides.
    try:
        import pygame

        return [entry["language"] for entry in pygame.system.get_pref_locales()]
    except (ImportError, AttributeError, RuntimeError, KeyError):
        return []


def _environment_languages() -> list[str]:
    found = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        found += [part for part in os.environ.get(name, "").split(":") if part]
    with contextlib.suppress(ValueError):
        found.append(locale.getlocale()[0] or "")
    return found
