"""The catalogs: Spanish covers every message, fields match, the committed .mo is fresh."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from game.i18n import Translator
from tests.build_scripts import load

BUILD = load("catalogs")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_committed_catalogs_match_the_code_and_their_mo() -> None:
    """The freshness check: every message translated, none fuzzy, none unused, .mo fresh."""
    code = BUILD.template()
    assert len(code) > 150
    for lang in BUILD.LANGUAGES:
        assert BUILD.problems(lang, code) == []


def test_translations_keep_the_fields_of_their_message() -> None:
    for lang in BUILD.LANGUAGES:
        for message in BUILD.read(BUILD.po_path(lang), lang):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                assert _fields(text) == _fields(ids[-1]), (lang, message.id)


def _write(folder: Path, name: str, source: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(source, encoding="utf-8")


def test_extraction_finds_plurals_contexts_and_both_branches(tmp_path: Path) -> None:
    _write(
        tmp_path / "game",
        "demo.py",
        "t.gettext('a' if x else 'b')\n"
        "ngettext('{n} card', '{n} cards', n)\n"
        "host.pgettext('menu', 'Open')\n"
        "N_('Later')\n"
        "_(name)\n",
    )
    found = {(m.context, m.id) for m in BUILD.template(tmp_path / "game") if m.id}
    assert found == {
        (None, "a"),
        (None, "b"),
        (None, ("{n} card", "{n} cards")),
        ("menu", "Open"),
        (None, "Later"),
    }


def test_a_fuzzy_or_missing_translation_fails_the_check_and_is_not_compiled(
    tmp_path: Path,
) -> None:
    _write(tmp_path / "game", "demo.py", "_('Hello')\nngettext('{n} cat', '{n} cats', n)\n")
    code = BUILD.template(tmp_path / "game")
    locale = tmp_path / "locale"
    po = BUILD.po_path("es", locale)
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        '#, fuzzy\nmsgid "Hello"\nmsgstr "Hola"\n\n'
        'msgid "{n} cat"\nmsgid_plural "{n} cats"\nmsgstr[0] "{n} gato"\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    catalog = BUILD.read(po, "es")
    po.with_suffix(".mo").write_bytes(BUILD.mo_bytes(catalog))
    problems = BUILD.problems("es", code, locale)
    assert any("fuzzy" in p and "Hello" in p for p in problems)
    assert any("untranslated" in p and "{n} cat" in p for p in problems)
    assert "Hello" not in BUILD.compiled(catalog)


def test_a_stale_mo_or_an_unused_message_fails_the_check(tmp_path: Path) -> None:
    _write(tmp_path / "game", "demo.py", "_('Hello')\n")
    locale = tmp_path / "locale"
    po = BUILD.po_path("es", locale)
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n\n'
        'msgid "Hello"\nmsgstr "Hola"\n\nmsgid "Gone"\nmsgstr "Ido"\n',
        encoding="utf-8",
    )
    po.with_suffix(".mo").write_bytes(b"")
    problems = BUILD.problems("es", BUILD.template(tmp_path / "game"), locale)
    assert any("no longer used" in p and "Gone" in p for p in problems)
    assert any("does not match its .po" in p for p in problems)


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [("en", "1 card", "3 cards"), ("es", "1 carta", "3 cartas")],
)
def test_plural_forms_come_from_the_catalog(language: str, one: str, three: str) -> None:
    translate = Translator(language).ngettext
    assert translate("{n} card", "{n} cards", 1).format(n=1) == one
    assert translate("{n} card", "{n} cards", 3).format(n=3) == three


def test_the_narrator_counts_drawn_cards_with_plural_forms() -> None:
    from game.engine import events
    from game.ui.table.narration import Narrator

    spanish = Translator("es")
    narrator = Narrator(["Ana", "Bea"], 0, {}, spanish.gettext, spanish.ngettext)
    one = narrator.tell([events.CardsDrawn(1, 1, (), "penalty")])
    three = narrator.tell([events.CardsDrawn(1, 3, (), "penalty")])
    assert "1 carta " in one[0] and "3 cartas " in three[0]


@pytest.mark.parametrize(
    ("language", "expected"),
    [("es", "Comodín Roba cuatro"), ("en", "Wild Draw Four"), ("fr", "Wild Draw Four")],
)
def test_the_translator_reads_the_built_catalog(language: str, expected: str) -> None:
    assert Translator(language).gettext("Wild Draw Four") == expected


def test_spanish_card_names_follow_the_rule_sheet() -> None:
    from game.engine import Card
    from game.ui.table.narration import bare_card_name, card_name

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
    from game.ui.table.narration import bare_card_name, card_name

    names = {"green": "Green"}
    assert card_name(Card.parse("green-0"), names) == "a green 0"
    assert card_name(Card.parse("green-draw2"), names) == "a green Draw Two"
    assert card_name(Card.parse("urrrh")) == "an Urrrh"
    assert bare_card_name(Card.parse("green-skip"), names) == "green Skip"


def test_counted_sentences_take_each_languages_plural_form() -> None:
    from game.engine import Card, events
    from game.ui.table.narration import Narrator

    red = Card.parse("red-3")
    for language, gave_one, gave_two, won_one, won_many in [
        (
            "en",
            "Bea gave away 1 red card.",
            "Bea gave away 2 red cards.",
            "You won the round for 1 point!",
            "Bea won the round for 30 points!",
        ),
        (
            "es",
            "Bea ha regalado 1 carta de color rojo.",
            "Bea ha regalado 2 cartas de color rojo.",
            "¡Has ganado la ronda y has sumado 1 punto!",
            "¡Bea ha ganado la ronda y ha sumado 30 puntos!",
        ),
    ]:
        translator = Translator(language)
        narrator = Narrator(
            ["Ana", "Bea"],
            0,
            {"red": "Red" if language == "en" else "Rojo"},
            translator.gettext,
            translator.ngettext,
        )
        assert narrator.tell([events.CardsGiven(1, "red", ((0, red),))]) == [gave_one]
        assert narrator.tell([events.CardsGiven(1, "red", ((0, red), (0, red)))]) == [gave_two]
        assert narrator.tell([events.RoundWon(0, 1, ())]) == [won_one]
        assert narrator.tell([events.RoundWon(1, 30, ())]) == [won_many]


def test_the_os_preferred_languages_come_before_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pygame

    from game import i18n

    monkeypatch.setenv("LANGUAGE", "en_GB")
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": "es", "country": "MX"}]
    )
    assert i18n.system_language() == "es"
    # A language the game does not speak is passed over for the next one.
    monkeypatch.setattr(
        pygame.system,
        "get_pref_locales",
        lambda: [{"language": "fr", "country": None}, {"language": "es", "country": None}],
    )
    assert i18n.system_language() == "es"


def test_without_an_os_list_the_environment_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game import i18n

    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "fr:es_AR")
    assert i18n.system_language() == "es"
    monkeypatch.setenv("LANGUAGE", "de")
    assert i18n.system_language() == "en"
    assert i18n.preferred_language(["es-419", "en"]) == "es"
    assert i18n.preferred_language(["C", "POSIX"]) == "en"


def test_spanish_says_ordenador_for_every_computer() -> None:
    """One word for a computer player (and the computer one plays at, as English says
    "computer" for both): "ordenador", never "máquina" beside it."""
    for message in BUILD.read(BUILD.po_path("es"), "es"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any("máquina" in s.lower() for s in strings), message.id
        if any("computer" in i.lower() for i in ids):
            assert all("ordenador" in s.lower() for s in strings), message.id
