"""The engine's edge: anything but its own actions, real cards and real seats is
refused with IllegalAction, and the round is left exactly as it was."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction, Match, Round, RuleSet
from game.engine.actions import Catch, ChooseColor, Draw, Play
from game.engine.serialise import round_to_data


def state(rnd: Round) -> str:
    return json.dumps(round_to_data(rnd), sort_keys=True)


def refused(rnd: Round, action: object, seat: object = None) -> None:
    before = state(rnd)
    with pytest.raises(IllegalAction):
        rnd.apply(action, seat)  # type: ignore[arg-type]
    assert state(rnd) == before


def test_a_plain_tuple_equal_to_a_legal_action_is_refused(deal) -> None:
    rnd = deal("classic", hands={0: ["red-1"]}, flip="red-5")
    legal = rnd.legal_actions()
    for action in legal:
        refused(rnd, tuple(action))
        refused(rnd, json.loads(json.dumps(action)))


def forgot_uno() -> Round:
    """A round where a seat has just kept one card without declaring UNO."""
    for seed in range(500):
        rnd = Round.start(RuleSet.preset("classic"), players=4, seed=seed)
        rng = random.Random(seed)
        while not rnd.over:
            quiet = [a for a in rnd.legal_actions() if not (a[0] == "play" and a.uno)]
            rnd.apply(rng.choice(quiet))
            if rnd.uno_open >= 0:
                return rnd
    raise AssertionError("no seat forgot UNO")


def test_a_catch_from_a_seat_that_is_not_at_the_table_is_refused() -> None:
    rnd = forgot_uno()
    target = rnd.uno_open
    for seat in (99, -1, 4, 1.0, "1", True):
        refused(rnd, Catch(target), seat)
    assert len(rnd.hand(target)) == 1
    rnd.apply(Catch(target), (target + 1) % 4)  # a real seat may
    assert len(rnd.hand(target)) == 3


def test_a_jump_in_from_seat_minus_one_is_refused(deal) -> None:
    rnd = deal("classic", hands={0: ["red-1"], 3: ["red-1"]}, flip="red-5", jump_in=True)
    rnd.apply(Play("red-1"))
    refused(rnd, Play("red-1"), -1)
    rnd.apply(Play("red-1"), 3)  # the real seat may


def test_a_swap_that_is_not_a_whole_seat_leaves_the_seven_in_hand(deal) -> None:
    rnd = deal("classic", hands={0: ["red-7", "red-2", "red-3"]}, flip="red-5", seven_zero=True)
    for swap in (1.0, True, "1"):
        refused(rnd, Play("red-7", swap=swap))  # type: ignore[arg-type]
    rnd.apply(Play("red-7", swap=1))


def test_the_match_refuses_wrong_types_with_value_errors() -> None:
    rules = RuleSet.preset("classic")
    for args in (
        {"rules": "classic"},
        {"players": "4"},
        {"players": 11},
        {"target": 0},
        {"target": -5},
        {"target": 1.5},
        {"scoring": ["standard"]},
        {"seed": "x"},
        {"seed": 10**5000},  # it would not go into a save
    ):
        with pytest.raises(ValueError):
            Match(**{"rules": rules, **args})  # type: ignore[arg-type]


_TEXT = st.text(max_size=6)
_SEATS = st.one_of(st.none(), st.integers(-20, 20), st.floats(allow_nan=True), st.booleans(), _TEXT)
_ODD_ACTIONS = st.one_of(
    st.tuples(st.sampled_from(["play", "draw", "pass", "catch", "choose"]), _TEXT),
    st.lists(st.one_of(_TEXT, st.integers(), st.none()), max_size=6),
    st.integers(-20, 20).map(Catch),
    st.one_of(_TEXT, st.sampled_from(["red", "pink", "wild"])).map(ChooseColor),
    st.builds(
        lambda card, color, swap, uno: tuple.__new__(Play, ("play", card, color, None, uno, swap)),
        st.sampled_from(["red-7", "wild", "red-1"]),
        st.one_of(st.none(), st.sampled_from(["red", "pink"]), st.integers()),
        st.one_of(st.none(), st.integers(-3, 12), st.floats(-3, 12), st.booleans()),
        st.one_of(st.booleans(), st.integers(0, 2), st.none()),
    ),
    st.just(Draw()),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 40),
    action=_ODD_ACTIONS,
    seat=_SEATS,
)
def test_any_call_is_applied_legally_or_refused_with_nothing_changed(
    seed: int, steps: int, action: object, seat: object
) -> None:
    rules = RuleSet.preset("minecraft").replace(seven_zero=True, jump_in=True)
    rnd = Round.start(rules, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.over:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))
    before = state(rnd)
    legal = rnd.legal_actions() if seat is None or seat == rnd.current else None
    try:
        rnd.apply(action, seat)  # type: ignore[arg-type]
    except IllegalAction:
        assert state(rnd) == before
        return
    # Accepted: only an engine action the round listed (or a missed catch) gets here.
    assert type(action).__module__ == "game.engine.actions"
    assert legal is None or action in legal or rnd.log[-1][1] == action
