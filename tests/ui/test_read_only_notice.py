"""A second copy of the game (read-only: another window has the files) says so at
the table and at the set-up, for as long as it lasts, in the player's language;
the copy that saves says nothing of the kind."""

from __future__ import annotations

import pytest

from game.app import App
from game.i18n import Translator
from game.table import default_setup
from game.ui import layout_record
from tests.ui.conftest import FRAME, table_for


def _said(app: App) -> list[str]:
    """The words drawn in a whole frame of the stack."""
    app.stack.drawn_over()
    with layout_record.recording(app.size) as record:
        app.stack.draw(app.screen)
    return [item.name for item in record.items]


def _second_copy(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.data, "owner", False)
    monkeypatch.setattr(app, "_claim_files", lambda dt: None)  # the owner is still there


@pytest.mark.parametrize("theme", ["classic", "minecraft", "monster_high"])
def test_the_table_of_a_read_only_copy_says_nothing_is_saved(
    app: App, monkeypatch: pytest.MonkeyPatch, theme: str
) -> None:
    table_for(app, theme=theme)
    for _ in range(30):
        app.step(FRAME)
    assert not [w for w in _said(app) if w.startswith("Read-only")]  # the owner: no note
    _second_copy(app, monkeypatch)
    app.step(FRAME)
    assert "Read-only: nothing is saved" in _said(app)
    app.i18n = Translator("es")
    assert "Solo lectura: no se guarda nada" in _said(app)


def test_the_set_up_of_a_read_only_copy_says_nothing_is_saved(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = app.catalog.choose("classic")
    setup = default_setup(pack.id, pack.manifest.preset, 4, False, 4, 500, "1x")
    app.start(app.scene("setup", setup))
    app.step(FRAME)
    assert "Read-only: nothing is saved" not in _said(app)
    _second_copy(app, monkeypatch)
    app.step(FRAME)
    assert "Read-only: nothing is saved" in _said(app)


def test_a_replay_never_says_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_for(app)
    _second_copy(app, monkeypatch)
    table.replaying = True  # nobody plays a replay: nothing of it is saved anyway
    app.step(FRAME)
    assert not [w for w in _said(app) if w.startswith("Read-only")]
