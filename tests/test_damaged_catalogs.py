"""A damaged catalog never crashes a screen (game/i18n.py): one that cannot be read
(truncated, empty, garbage, a FIFO, a folder, too large) leaves the game in English, a
line whose placeholders differ from English (renamed, added, a lost brace) is shown in
English, each with a log line; the other lines keep their translation."""

from __future__ import annotations

import logging
import os
import shutil
import threading
from pathlib import Path

import pytest

from game import i18n
from game.i18n import Translator
from tests.build_scripts import load

BUILD = load("catalogs")
REAL = i18n.locale_root() / "es" / "LC_MESSAGES" / "game.mo"


@pytest.fixture
def spanish_mo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the Spanish catalog is read from, in a copy of the locale folder."""
    root = tmp_path / "locale"
    shutil.copytree(i18n.locale_root(), root)
    monkeypatch.setattr(i18n, "locale_root", lambda: root)
    return root / "es" / "LC_MESSAGES" / "game.mo"


def _english_with_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        spanish = Translator("es")
        assert spanish.gettext("Settings") == "Settings"
        assert spanish.ngettext("{n} card", "{n} cards", 3) == "{n} cards"
    assert any("catalog cannot be read" in r.getMessage() for r in caplog.records)


def test_the_real_catalog_translates(spanish_mo: Path) -> None:
    assert Translator("es").gettext("Settings") != "Settings"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:30],  # the header cut
        lambda data: b"",
        lambda data: b"\xde\x12\x04\x95" + b"\xff" * 24,  # the magic, offsets far past the end
        lambda data: os.urandom(2000),
    ],
)
def test_a_catalog_that_cannot_be_read_leaves_english(
    spanish_mo: Path, caplog: pytest.LogCaptureFixture, damage
) -> None:  # noqa: ANN001
    spanish_mo.write_bytes(damage(REAL.read_bytes()))
    _english_with_a_log_line(caplog)


def test_a_folder_or_a_huge_file_in_its_place_leaves_english(
    spanish_mo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spanish_mo.unlink()
    spanish_mo.mkdir()
    _english_with_a_log_line(caplog)
    spanish_mo.rmdir()
    with spanish_mo.open("wb") as handle:
        handle.truncate(i18n.MAX_CATALOG + 1)  # sparse: nothing written
    _english_with_a_log_line(caplog)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_its_place_leaves_english_without_waiting(
    spanish_mo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spanish_mo.unlink()
    os.mkfifo(spanish_mo)
    done = threading.Thread(target=_english_with_a_log_line, args=(caplog,))
    done.start()
    done.join(10)
    assert not done.is_alive(), "the catalog's reader waited on the FIFO"


def _catalog_with(spanish_mo: Path, lines: dict[str, str]) -> None:
    """The real Spanish catalog with `lines` (English -> Spanish) put in."""
    po = BUILD.po_path("es", i18n.locale_root())
    text = po.read_text(encoding="utf-8")
    for english, spanish in lines.items():
        quoted = english.replace('"', '\\"')
        start = text.index(f'msgid "{quoted}"\nmsgstr "')
        end = text.index("\n", text.index("msgstr", start))
        text = text[:start] + f'msgid "{quoted}"\nmsgstr "{spanish}"' + text[end:]
    po.write_text(text, encoding="utf-8")
    spanish_mo.write_bytes(BUILD.mo_bytes(BUILD.read(po, "es")))


@pytest.mark.parametrize(
    "line",
    [
        "Tema {tema}",
        "Tema {theme} {extra}",
        "Tema {theme",
        "Tema {0}",
        "Tema {}",
        "Tema {theme}}",
        "Tema {theme!x}",
        "Tema {theme:>{w}}",
        "Tema {theme.__class__}",
    ],
)
def test_a_line_whose_placeholders_differ_is_shown_in_english(
    spanish_mo: Path, caplog: pytest.LogCaptureFixture, line: str
) -> None:
    _catalog_with(spanish_mo, {"{theme} theme": line})
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        spanish = Translator("es")
        shown = spanish.gettext("{theme} theme")
        assert shown.format(theme="Classic") == "Classic theme"
        assert spanish.gettext("{theme} theme") == "{theme} theme"  # and each time after
        assert spanish.gettext("Settings") != "Settings"  # the other lines stay Spanish
    said = [r.getMessage() for r in caplog.records if "other placeholders" in r.getMessage()]
    assert len(said) == 1 and "{theme} theme" in said[0]


def test_a_plural_form_that_adds_a_field_is_shown_in_english(
    spanish_mo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    po = BUILD.po_path("es", i18n.locale_root())
    text = po.read_text(encoding="utf-8")
    start = text.index('msgid "{n} card"\nmsgid_plural "{n} cards"\n')
    end = text.index("\n\n", start)
    forms = (
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carta"\nmsgstr[1] "{m} cartas"'
    )
    po.write_text(text[:start] + forms + text[end:], encoding="utf-8")
    spanish_mo.write_bytes(BUILD.mo_bytes(BUILD.read(po, "es")))
    spanish = Translator("es")
    assert spanish.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carta"
    assert spanish.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 cards"


def test_the_menu_in_spanish_draws_with_a_renamed_placeholder(spanish_mo: Path) -> None:
    from game.app import App, Options
    from tests.ui.conftest import FRAME

    _catalog_with(spanish_mo, {"{theme} theme": "Tema {tema}"})
    app = App(Options(fixed_dt=FRAME, fps_cap=0, language="es"))
    try:
        app.start(app.scene("menu"))
        for _ in range(5):
            app.step(FRAME)
        assert app.i18n.gettext("Settings") != "Settings"
    finally:
        app.close()
