"""The catalogs: Spanish covers every message, fields match, the committed .mo is fresh."""

from __future__ import annotations

import importlib.util
import string
from pathlib import Path
from types import ModuleType

import pytest

from game.i18n import Translator

ROOT = Path(__file__).resolve().parents[1]


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("locale_build", ROOT / "build" / "locale.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _builder()


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_spanish_covers_every_message_with_the_same_fields() -> None:
    found = BUILD.messages()
    spanish = BUILD.read_po(BUILD.po_path("es"))
    assert len(found) > 150
    missing = sorted(m for m in found if not spanish.get(m))
    assert missing == []
    wrong = [m for m in found if _fields(m) != _fields(spanish[m])]
    assert wrong == []


def test_the_committed_mo_matches_its_po() -> None:
    po = BUILD.po_path("es")
    assert po.with_suffix(".mo").read_bytes() == BUILD.mo_bytes(BUILD.read_po(po))


def test_the_po_lists_no_message_the_code_no_longer_uses() -> None:
    found = BUILD.messages()
    spanish = BUILD.read_po(BUILD.po_path("es"))
    assert sorted(set(spanish) - set(found) - {""}) == []


@pytest.mark.parametrize(("language", "expected"), [("es", "Comodín Roba cuatro"),
                                                    ("en", "Wild Draw Four"),
                                                    ("fr", "Wild Draw Four")])
def test_the_translator_reads_the_built_catalog(language: str, expected: str) -> None:
    assert Translator(language).gettext("Wild Draw Four") == expected


def test_spanish_card_names_follow_the_rule_sheet() -> None:
    from game.engine import Card
    from game.ui.narration import bare_card_name, card_name

    _ = Translator("es").gettext
    names = {"blue": "azul", "pink": "rosa", "red": "rojo", "yellow": "amarillo"}
    assert card_name(Card.parse("blue-skip"), names, _) == "un Salta azul"
    assert card_name(Card.parse("red-draw2"), names, _) == "un Roba dos rojo"
    assert card_name(Card.parse("red-7"), names, _) == "un 7 rojo"
    # Reversa is feminine: its own phrase keeps article and colour in agreement.
    assert card_name(Card.parse("yellow-reverse"), names, _) == "una Reversa de color amarillo"
    assert card_name(Card.parse("wild-draw4"), names, _) == "un Comodín Roba cuatro"
    assert bare_card_name(Card.parse("pink-reverse"), names, _) == "Reversa de color rosa"
    assert bare_card_name(Card.parse("wild"), names, _) == "Comodín"


def test_english_card_names_take_their_article() -> None:
    from game.engine import Card
    from game.ui.narration import bare_card_name, card_name

    names = {"green": "Green"}
    assert card_name(Card.parse("green-0"), names) == "a green 0"
    assert card_name(Card.parse("green-draw2"), names) == "a green Draw Two"
    assert card_name(Card.parse("urrrh")) == "an Urrrh"
    assert bare_card_name(Card.parse("green-skip"), names) == "green Skip"


def test_a_give_away_of_one_card_is_singular() -> None:
    from game.engine import Card, events
    from game.ui.narration import Narrator

    red = Card.parse("red-3")
    for language, one, two in [
            ("en", "Bea gives away 1 red card.", "Bea gives away 2 red cards."),
            ("es", "Bea regala 1 carta de color rojo.", "Bea regala 2 cartas de color rojo.")]:
        narrator = Narrator(["Ana", "Bea"], 0, {"red": "Red" if language == "en" else "Rojo"},
                            Translator(language).gettext)
        assert narrator.tell([events.CardsGiven(1, "red", ((0, red),))]) == [one]
        assert narrator.tell([events.CardsGiven(1, "red", ((0, red), (0, red)))]) == [two]
