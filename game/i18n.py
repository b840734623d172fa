"""English and Spanish through gettext catalogs built ahead of time.

There is no global translator: the app holds a `Translator` and scenes ask the
app for text while drawing, so a language switch shows on the next frame.
The `.mo` files are built from the `.po` sources by `build/catalogs.py` and
committed; nothing is compiled at run time.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import locale
import os
from collections.abc import Iterable

from game.files import paths

DOMAIN = "game"
LANGUAGES = {"en": "English", "es": "Español"}


class Translator:
    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"
        self._catalog: _gettext.NullTranslations = _gettext.translation(
            DOMAIN, str(paths.asset_root() / "locale"), [self.language], fallback=True
        )

    def gettext(self, text: str) -> str:
        return self._catalog.gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, text: str) -> str:
        return self._catalog.pgettext(context, text)


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
