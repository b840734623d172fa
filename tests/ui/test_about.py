"""The licences are viewable in the game: the About section of the Rules screen."""

from __future__ import annotations

from game import __version__
from game.i18n import Translator
from game.ui.about import about_text


def test_the_about_section_names_the_version_licence_and_third_parties() -> None:
    text = about_text()
    assert text[0] == f"About UNO Table {__version__}"
    assert "MIT licence" in text[1]
    joined = "\n".join(text)
    for notice in (
        "pygame-ce",
        "GNU Lesser General Public License v2.1",
        "SDL2",
        "zlib",
        "Python Software Foundation",
        "Open Font License",
        "pytmx",
        "platformdirs",
    ):
        assert notice in joined


def test_the_about_heading_speaks_spanish() -> None:
    text = about_text(Translator("es").gettext)
    assert text[0] == f"Acerca de UNO Table {__version__}"
    assert "licencia MIT" in text[1]
