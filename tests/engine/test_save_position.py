"""A saved match is checked as a whole position: impossible or cheating saves are
refused with SaveError, and nothing else escapes Match.from_json."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet, SaveError


def saved(seed: int = 3, preset: str = "classic", moves: int = 12) -> dict[str, Any]:
    match = Match(RuleSet.preset(preset), players=4, seed=seed, target=300)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.round.over:
            break
        match.apply(rng.choice(match.round.legal_actions()))
    return json.loads(match.to_json())


def _hand(data: dict[str, Any], seat: int = 0) -> list[str]:
    return data["round"]["hands"][seat]


CHEATS: dict[str, Callable[[dict[str, Any]], None]] = {
    "an extra wild in a hand": lambda d: _hand(d).append("wild"),
    "a pink card in Classic": lambda d: _hand(d).__setitem__(0, "pink-3"),
    "a card that vanished": lambda d: _hand(d).pop(),
    "a 10,000-card hand": lambda d: _hand(d).extend(["red-1"] * 10_000),
    "a winner mid-round": lambda d: d["round"].__setitem__("winner", 0),
    "current seat 7": lambda d: d["round"].__setitem__("current", 7),
    "current seat -1": lambda d: d["round"].__setitem__("current", -1),
    "colour purple": lambda d: d["round"].__setitem__("color", "purple"),
    "phase bogus": lambda d: d["round"].__setitem__("phase", "bogus"),
    "direction 2": lambda d: d["round"].__setitem__("direction", 2),
    "huge RNG ints": lambda d: d["rng"][1].__setitem__(0, 10**40),
    "huge round RNG": lambda d: d["round"]["rng"][1].__setitem__(5, -(10**40)),
    "a pending penalty out of phase": lambda d: d["round"].__setitem__("penalty", 4),
    "Monster High colours in Classic": lambda d: d["rules"].__setitem__(
        "colors", ["pink", "yellow", "green", "blue"]
    ),
    "a creeper in Classic": lambda d: d["rules"].__setitem__("special", "creeper"),
    "scores past the target": lambda d: d.__setitem__("banked", [400, 0, 0, 0]),
    "players as text": lambda d: d.__setitem__("players", "4"),
    "a logged seat 99": lambda d: d["round"]["log"].append([99, "draw"]),
    "a catch open on a 6-card hand": lambda d: d["round"].__setitem__("uno_open", 1),
}


@pytest.mark.parametrize("cheat", sorted(CHEATS))
def test_an_impossible_save_is_refused_with_a_save_error(cheat: str) -> None:
    data = saved()
    CHEATS[cheat](data)
    with pytest.raises(SaveError):
        Match.from_json(json.dumps(data))


def test_every_position_of_real_play_loads() -> None:
    for preset in ("classic", "minecraft", "monster_high"):
        for moves in (0, 5, 30, 80):
            data = saved(seed=moves + 1, preset=preset, moves=moves)
            assert json.loads(Match.from_json(json.dumps(data)).to_json()) == data


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000, "nul\x00", "", "1e999999"])
def test_broken_json_is_a_save_error(text: str) -> None:
    with pytest.raises(SaveError):
        Match.from_json(text)


def _paths(data: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*here, key))
    elif isinstance(data, list) and len(data) < 50:  # the RNG's 625 words: a few suffice
        for i, value in enumerate(data):
            found += _paths(value, (*here, i))
    return found


BASE = saved()
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["wild", "pink-1", "over", "draw2", "play red-1", "catch 9", "stack"]),
    st.lists(st.integers(-2, 12), max_size=3),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from([p for p in _paths(BASE) if p]), value=ODD)
def test_any_field_changed_loads_a_playable_match_or_raises_save_error(
    path: tuple, value: Any
) -> None:
    data = json.loads(json.dumps(BASE))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    try:
        match = Match.from_json(json.dumps(data))
    except SaveError:
        return
    rnd = match.round
    if not rnd.over:
        rnd.apply(rnd.legal_actions()[0])
    Match.from_json(match.to_json())


def test_a_colour_cannot_be_named_over_a_number_card() -> None:
    data = next(
        d
        for d in (saved(seed) for seed in range(50))
        if d["round"]["discard_pile"][-1][-1].isdigit()
    )
    data["round"].update(phase="color", color=None)  # as if a wild were on top
    with pytest.raises(SaveError, match="a colour to name over a"):
        Match.from_json(json.dumps(data))
