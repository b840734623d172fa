"""Every level only ever returns a legal action, in every preset and house option."""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, make_bot

from .conftest import positions, quick_bot, rule_sets

RULES = rule_sets()


@pytest.mark.parametrize("rules", RULES, ids=[f"{r.name}-{i}" for i, r in enumerate(RULES)])
def test_every_level_answers_legally(rules) -> None:
    bots = {level: quick_bot(level, random.Random(3)) for level in LEVELS}
    checked = 0
    for rnd, seat in positions(rules, rounds=6, seed=len(rules.name)):
        view, legal = rnd.view(seat), rnd.legal_actions(seat)
        for level, bot in bots.items():
            if seat == rnd.current:
                act = bot.choose(view, legal)
                assert act in legal, (level, act, legal)
            else:
                act = bot.react(view, legal)
                assert act is None or act in legal, (level, act, legal)
        checked += 1
    assert checked > 100


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", random.Random(0))
