"""What the log says a Wild Draw Four's target may do is what the rules let it do:
under strict_draw4 it is never told to challenge (nor offered the button), without
stack_draw4 never told to answer. Played from a stacked deck."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.test_table_prompts import OTHER, _deal, _keys, _press, _ready, stacked

# Seat 0 holds no red (the flipped colour): its Wild Draw Four is honest, so strict_draw4
# lets it be played.
HONEST = ["wild-draw4", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
TOLD = {  # (strict_draw4, stack_draw4): what seat 1 is told it must do
    (False, False): "must challenge it or take 4 cards.",
    (True, False): "must take 4 cards.",
    (False, True): "must answer it, challenge it or take 4 cards.",
    (True, True): "must answer it or take 4 cards.",
}


@pytest.mark.parametrize(("strict", "stack"), sorted(TOLD))
def test_the_target_of_a_wild_draw_four_is_told_what_the_rules_allow(
    app,
    strict: bool,
    stack: bool,  # noqa: ANN001
) -> None:
    deck = _deal(HONEST, OTHER) + ["red-5"]
    table = stacked(app, deck, humans=(0, 1), strict_draw4=strict, stack_draw4=stack)
    _ready(app, table, 0)
    table.card_chosen(table.table.match.round.hand(0)[0])  # the Wild Draw Four
    _press(app, pygame.K_4)  # blue
    _ready(app, table, 1)
    said = [line for line in table.log.lines if "4 cards" in line]
    assert said and said[-1].endswith(TOLD[strict, stack]), table.log.lines
    assert ("challenge" in _keys(table)) == (not strict)  # the buttons agree
    assert "take" in _keys(table)
