"""The licences are viewable in the game: the About section of the Rules screen."""

from __future__ import annotations

from pathlib import Path

from game import __version__
from game.i18n import Translator
from game.ui.about import about_text
from tests.build_scripts import load


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
        "websockets",
        "zeroconf",
        "defusedxml",
        "redis",
    ):
        assert notice in joined


def test_the_about_heading_speaks_spanish() -> None:
    text = about_text(Translator("es").gettext)
    assert text[0] == f"Acerca de UNO Table {__version__}"
    assert "licencia MIT" in text[1]


def test_a_plain_paragraph_reads_as_one_sentence_and_an_entry_keeps_its_title() -> None:
    text = about_text()
    prose = next(p for p in text if p.startswith("uno-table itself"))
    assert "or the standalone app also carries" in prose
    assert ": " not in prose.split(".")[1]  # no "the: standalone app"
    assert any(p.startswith("pygame-ce (Pygame Community Edition): GNU Lesser") for p in text)


def test_the_about_section_is_spanish_under_spanish() -> None:
    english = about_text()
    text = about_text(Translator("es").gettext, "es")
    assert len(text) == len(english)  # the same entries, each in Spanish
    joined = "\n".join(text)
    for words in ("biblioteca estándar", "Lee los mapas", "Fuentes", "Sonidos y música"):
        assert words in joined
    for english_only in ("The standalone app", "Reads the Tiled", "Made for this game"):
        assert english_only not in joined
    assert "THIRD_PARTY_NOTICES.txt" in joined  # the English file holds: named


ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "assets/legal"


def runtime_packages() -> set[str]:
    """What installing the game installs: pyproject's dependencies and, in turn, what
    they require on any Python the game supports (their optional extras left out)."""
    scope = load("bundle_scope")  # build/bundle_scope.py: what the standalone app may carry
    return scope.dependency_closure(scope.runtime_requirements())


def test_every_runtime_package_is_named_with_its_licence_text() -> None:
    """Each package the game installs with it is named in the notices, in English and
    in Spanish, and its licence text ships in assets/legal/licenses/ (in the wheel's
    licence files and the standalone app's assets)."""
    packages = runtime_packages()
    assert {"websockets", "zeroconf", "ifaddr", "defusedxml", "redis"} <= packages
    for notices in ("THIRD_PARTY_NOTICES.txt", "THIRD_PARTY_NOTICES.es.txt"):
        entries = {p.split(":")[0] for p in (LEGAL / notices).read_text("utf-8").split("\n")}
        for package in packages:
            assert any(e.startswith(package) for e in entries), (notices, package)
    for package in packages:
        assert (LEGAL / "licenses" / f"{package}.txt").is_file(), package


def test_the_lgpl_library_zeroconf_says_how_to_replace_it() -> None:
    text = " ".join((LEGAL / "THIRD_PARTY_NOTICES.txt").read_text("utf-8").split())
    entry = text.split("zeroconf (python-zeroconf)", 1)[1]
    assert "Lesser General Public License v2.1 or later" in entry
    assert "pip install zeroconf" in entry and "build/release.py" in entry
