"""Cards sit on the table: a soft shadow under each one, further off and wider while
it is lifted or flying, drawn once per size and reused."""

from __future__ import annotations

import pygame

import game.ui.table.renderer as renderer
from game.ui.widgets.card_shadow import shadow
from tests.ui.conftest import FRAME, recorded, settle_on_my_turn, table_for


def test_a_lifted_card_casts_a_wider_softer_shadow_further_off() -> None:
    pygame.init()
    resting, (rx, ry) = shadow((100, 150))
    lifted, (lx, ly) = shadow((100, 150), lifted=True)
    assert lifted.get_width() > resting.get_width()
    assert lx + lifted.get_width() > rx + resting.get_width() and ly + lifted.get_height() > (
        ry + resting.get_height()
    )
    # Soft: the alpha fades out towards the edge instead of stopping at the card's.
    row = [resting.get_at((x, resting.get_height() // 2))[3] for x in range(resting.get_width())]
    assert row[0] == 0 and max(row) > 40 and len(set(row)) > 5
    assert shadow((100, 150)) is shadow((100, 150))  # drawn once


def test_every_card_in_the_hand_has_its_shadow(app, monkeypatch) -> None:  # noqa: ANN001
    table = table_for(app, seed=4, players=3)
    assert settle_on_my_turn(app, table)
    calls = recorded(monkeypatch, "draw_shadow", renderer)
    table.picture.focus = 2  # a new look of the hand: drawn again
    for _ in range(3):
        app.step(FRAME)
    visible = sum(1 for entry in table.picture.fan.cards if entry.visible)
    assert visible >= 7 and len(calls) >= visible
