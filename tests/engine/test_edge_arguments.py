"""The engine's edge refuses bad arguments with a ValueError that names the argument:
seeds and counts are whole numbers (not bools, floats or NaN), a rule set's fields
have their types and a preset keeps its own cards, a view is of a seat at the table."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Match, Round, RuleSet
from game.engine.cards import COLORS

CLASSIC = RuleSet.preset("classic")
NOT_WHOLE = st.one_of(
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=3),
    st.just(None),
    st.decimals(allow_nan=True),
    st.lists(st.integers(), max_size=2),
)


def refused(argument: str, call, *args, **kwargs) -> None:  # noqa: ANN001 - any callable
    with pytest.raises(ValueError, match=argument):
        call(*args, **kwargs)


@given(NOT_WHOLE)
def test_round_start_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    if seed is None:
        return  # None: a fresh random deal, as documented
    refused("seed", Round.start, CLASSIC, seed=seed)
    refused("seed", Match, CLASSIC, seed=seed)


def test_a_nan_seed_is_refused_not_dealt_differently_each_time() -> None:
    refused("seed", Round.start, CLASSIC, seed=math.nan)
    refused("seed", Round.start, CLASSIC, seed=True)
    refused("seed", Round.start, CLASSIC, seed=2.0)


@given(st.one_of(NOT_WHOLE.filter(lambda v: v is not None), st.integers()))
def test_round_start_refuses_players_that_are_not_2_to_10(players: object) -> None:
    if type(players) is int and 2 <= players <= 10:
        assert Round.start(CLASSIC, players=players, seed=1).players == players
        return
    refused("players", Round.start, CLASSIC, players=players, seed=1)


def test_players_four_point_zero_is_a_value_error_not_a_type_error() -> None:
    refused("players", Round.start, CLASSIC, players=4.0)
    refused("players", Match, CLASSIC, players=4.0)


@given(st.one_of(NOT_WHOLE, st.integers(-3, 12)))
def test_round_start_refuses_a_dealer_who_is_not_a_seat(dealer: object) -> None:
    if type(dealer) is int and 0 <= dealer < 4:
        assert Round.start(CLASSIC, players=4, dealer=dealer, seed=1).dealer == dealer
        return
    refused("dealer", Round.start, CLASSIC, players=4, dealer=dealer, seed=1)


def test_dealer_true_is_refused() -> None:
    refused("dealer", Round.start, CLASSIC, dealer=True)


@given(st.one_of(NOT_WHOLE, st.integers(-5, 15)))
def test_a_view_is_only_of_a_seat_at_the_table(seat: object) -> None:
    rnd = Round.start(CLASSIC, players=4, seed=3)
    if type(seat) is int and 0 <= seat < 4:
        assert rnd.view(seat).seat == seat
        return
    refused("seat", rnd.view, seat)


def test_view_minus_one_true_and_99_are_refused() -> None:
    rnd = Round.start(CLASSIC, players=4, seed=3)
    for seat in (-1, True, 99):
        refused("seat", rnd.view, seat)


@given(
    st.sampled_from([o.name for o in RuleSet.house_options()]),
    st.one_of(st.integers(), st.text(max_size=2), st.none(), st.floats()),
)
def test_replace_refuses_a_house_option_that_is_not_true_or_false(name: str, value: object) -> None:
    refused(name, CLASSIC.replace, **{name: value})
    assert CLASSIC.replace(**{name: True}).options()[name] is True


@given(st.lists(st.sampled_from(COLORS + ("purple", "")), max_size=6))
def test_replace_refuses_colours_that_are_not_four_different_ones(colors: list[str]) -> None:
    custom = CLASSIC.replace(name="house")
    ok = len(colors) == 4 and len(set(colors)) == 4 and set(colors) <= set(COLORS)
    if ok:
        assert custom.replace(colors=tuple(colors)).colors == tuple(colors)
    else:
        refused("colors", custom.replace, colors=tuple(colors))
    refused("colors", custom.replace, colors=list(colors))  # typed: a tuple


def test_a_preset_keeps_its_own_special_card_and_colours() -> None:
    refused("special", CLASSIC.replace, special="creeper")
    refused("special", RuleSet.preset("minecraft").replace, special="urrrh")
    refused("special", RuleSet.preset("minecraft").replace, special=None)
    refused("colors", CLASSIC.replace, colors=("pink", "yellow", "green", "blue"))
    refused("special", CLASSIC.replace, special="dragon")
    refused("name", CLASSIC.replace, name=3)
    # A rule set of its own may take a known special card.
    assert CLASSIC.replace(name="house", special="creeper").special == "creeper"


def test_every_preset_passes_its_own_checks() -> None:
    for name in RuleSet.preset_names():
        rules = RuleSet.preset(name)
        assert RuleSet.from_options(rules.options()) == rules
