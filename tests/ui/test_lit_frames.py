"""In a twenty-card hand with every card playable, each lit frame stays its own:
where the frames overlap, each one's dark edge cuts the one before (Monster High's
pink frames ran into one band)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app import App, Options
from game.ui.table.renderer import FRAME_EDGE
from tests.themes.test_card_legibility import contrast
from tests.ui.conftest import FRAME, settle_on_my_turn, table_for

THEMES = ("classic", "minecraft", "monster_high")


@pytest.mark.parametrize("theme", THEMES)
def test_twenty_lit_cards_show_twenty_frames(theme: str, monkeypatch) -> None:  # noqa: ANN001
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(800, 600), theme=theme))
    try:
        app.complete_catalog()
        table = table_for(app, seed=4, players=3, theme=theme)
        assert settle_on_my_turn(app, table)
        round_ = table.table.match.round
        while len(round_.hands[0]) < 20:
            round_.hands[0].append(round_._draw.pop())
        round_._legal = None
        table.seat.latest = table.table.update(0)
        table.picture.sync(table.seat.latest.view)
        look = table._hand_look
        everything = frozenset(round_.hands[0])
        monkeypatch.setattr(table, "_hand_look", lambda: replace(look(), playable=everything))
        for _ in range(60):
            app.step(FRAME)
        fan, accent = table.picture.fan, table.style.accent_rgb
        assert len(fan.cards) == 20
        pad = table.style.px(10) // 2
        # (At 800x600 the UNO button covers the hand's right end: not ours to judge.)
        buttons = [b.rect for b in table.buttons()]
        edges = []
        for i in range(1, 20):
            rect = fan.rect_of(i)
            at = (rect.left - pad, rect.centery)
            if not any(b.collidepoint(at) for b in buttons):
                edges.append(contrast(app.screen.get_at(at)[:3], accent))
        assert len(edges) >= 15
        assert min(edges) >= 3.0, edges
        assert contrast(FRAME_EDGE, accent) >= 3.0
    finally:
        app.close()
