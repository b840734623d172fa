"""The Rules screen shows each kind of card the theme deals, drawn by the theme's
own renderer beside its rule."""

from __future__ import annotations

import pytest

from game.engine import RuleSet
from game.ui.card_rules import card_rules
from game.ui.style import Style
from tests.ui.conftest import FRAME, recorded


@pytest.mark.parametrize(
    ("preset", "special"), [("classic", None), ("minecraft", "creeper"), ("monster_high", "urrrh")]
)
def test_every_kind_dealt_has_a_row_and_the_special_card_comes_last(preset, special) -> None:  # noqa: ANN001
    rows = card_rules(RuleSet.preset(preset))
    kinds = [r.kind for r in rows]
    assert kinds[:6] == ["number", "skip", "reverse", "draw2", "wild", "wild-draw4"]
    assert kinds[6:] == ([special] if special else [])
    assert all(r.text for r in rows)


@pytest.mark.parametrize("theme", ["classic", "minecraft", "monster_high"])
def test_the_rules_screen_draws_each_kinds_face_with_the_theme(app, theme, monkeypatch) -> None:  # noqa: ANN001
    faces = recorded(
        monkeypatch, "card", Style, keep=lambda args, result: (args[0].manifest, args[1])
    )
    scene = app.scene("rules", theme)
    app.start(scene)
    for _ in range(40):  # scroll to the end, so every row has been on screen
        scene.scroll += 40
        app.step(FRAME)
    wanted = {r.face for r in card_rules(scene.rules)}
    manifest = app.catalog.choose(theme).manifest
    assert wanted <= {face for drawn_by, face in faces if drawn_by is manifest}
