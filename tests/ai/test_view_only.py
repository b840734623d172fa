"""Bots see views only: the hidden cards never change a choice, and a seed repeats it."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.engine import RuleSet, round_from_view

from .conftest import positions, quick_bot

AI = Path(__file__).resolve().parents[2] / "game" / "ai"
PRESETS = RuleSet.preset_names()
ROUND_ONLY = {"hands", "_draw", "draw_pile", "legal_actions", "apply", "copy"}
# The expert's search plays rounds that sampler.guessed_round builds from a view
# and a guess (round_from_view): reading those hands reads the guess. The test
# above, with the hidden cards scrambled, shows the real ones never count.
SIMULATION = {"expert.py", "playout.py"}
SIMULATED = {"hands", "legal_actions", "apply", "copy"}


def _scrambled(rnd, seat: int, seed: int):
    """The same round as `seat` sees it, the hidden cards dealt out differently."""
    view = rnd.view(seat)
    unseen = view.unseen()
    random.Random(seed).shuffle(unseen)
    hands = {}
    for other in range(view.players):
        if other != seat:
            count = view.hand_counts[other]
            hands[other], unseen = unseen[:count], unseen[count:]
    return round_from_view(view, hands, unseen, seed=seed)


@pytest.mark.parametrize("preset", PRESETS)
def test_hidden_cards_do_not_change_a_choice(preset: str) -> None:
    rules = RuleSet.preset(preset).replace(jump_in=True, seven_zero=True)
    compared = 0
    for rnd, seat in positions(rules, rounds=4, seed=11):
        if seat != rnd.current or rnd.phase == "drawn":
            continue  # a guessed round cannot know which card was just drawn
        other = _scrambled(rnd, seat, compared)
        for level in LEVELS:
            mine = quick_bot(level, random.Random(compared)).choose(
                rnd.view(seat), rnd.legal_actions(seat)
            )
            theirs = quick_bot(level, random.Random(compared)).choose(
                other.view(seat), other.legal_actions(seat)
            )
            assert mine == theirs, (level, mine, theirs)
        compared += 1
    assert compared > 50


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_same_view_same_choice(preset: str) -> None:
    rules = RuleSet.preset(preset).replace(jump_in=True, stack_draw4=True)
    for n, (rnd, seat) in enumerate(positions(rules, rounds=4, seed=5)):
        view, legal = rnd.view(seat), rnd.legal_actions(seat)
        for level in LEVELS:
            first, second = (quick_bot(level, random.Random(n)) for _ in range(2))
            if seat == rnd.current:
                assert first.choose(view, legal) == second.choose(view, legal)
            else:
                assert first.react(view, legal) == second.react(view, legal)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_ai_never_imports_pygame() -> None:
    for path in AI.glob("*.py"):
        assert not any(name.split(".")[0] == "pygame" for name in _imports(path)), path


def test_only_the_harness_reads_a_round() -> None:
    """The bots take views; the real Round (its hands, its pile) is for the table loop."""
    table_side = {"harness.py", "tournament.py"}
    for path in AI.glob("*.py"):
        if path.name in table_side:
            continue
        allowed = SIMULATED if path.name in SIMULATION else set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                assert node.attr not in ROUND_ONLY - allowed, (path.name, node.attr)
            if isinstance(node, ast.Name | ast.alias):
                assert getattr(node, "id", getattr(node, "name", "")) != "Round", path.name
