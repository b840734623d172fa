"""English and Spanish through gettext catalogs built ahead of time.

There is no global translator: the app holds a `Translator` and scenes ask the
app for text while drawing, so a language switch shows on the next frame.
The `.mo` files are built from the `.po` sources by `build/locale.py` and
committed; nothing is compiled at run time.
"""

from __future__ import annotations

import gettext as _gettext

from game import paths

DOMAIN = "game"
LANGUAGES = {"en": "English", "es": "Español"}


class Translator:
    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"
        self._catalog: _gettext.NullTranslations = _gettext.translation(
            DOMAIN, str(paths.asset_root() / "locale"), [self.language], fallback=True)

    def gettext(self, text: str) -> str:
        return self._catalog.gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, text: str) -> str:
        return self._catalog.pgettext(context, text)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Marks a message for the catalog where it is defined; it is translated when shown."""
    return text
