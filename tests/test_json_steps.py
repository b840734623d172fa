"""JSON parsed in steps gives what json.loads gives, and refuses what it refuses;
written in steps, the text json.dumps writes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.files.json_steps import dumps_in_steps, loads_in_steps

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=30,
)
# What a user file may hold that JSON reads back otherwise: tuples, keys that are not text.
WRITTEN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=7)
        | st.lists(inner, max_size=7).map(tuple)
        | st.dictionaries(st.text(max_size=4) | st.integers(), inner, max_size=4)
    ),
    max_leaves=40,
)


@given(JSON, st.sampled_from([None, 1, 2]), st.integers(0, 7))
def test_the_same_value_as_json_loads(value: object, indent: int | None, depth: int) -> None:
    text = json.dumps(value, indent=indent)
    assert loads_in_steps(text, depth) == json.loads(text)
    assert loads_in_steps(f" \n{text}\t ", depth) == json.loads(text)


@given(st.text(max_size=12))
def test_anything_json_loads_refuses_is_refused(text: str) -> None:
    try:
        expected = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            loads_in_steps(text)
    else:
        assert loads_in_steps(text) == expected


@pytest.mark.parametrize(
    "text", ["[1,]", '{"a" 1}', "{1: 2}", "[1 2]", "[1] x", '{"a":1,}', "[", "{", ""]
)
def test_broken_containers_are_value_errors(text: str) -> None:
    with pytest.raises(ValueError):
        loads_in_steps(text)


def test_nesting_too_deep_is_a_recursion_error_as_before() -> None:
    with pytest.raises(RecursionError):
        loads_in_steps("[" * 100_000 + "]" * 100_000)


@given(WRITTEN, st.integers(0, 7), st.integers(1, 3))
def test_the_same_text_as_json_dumps(value: object, depth: int, size: int) -> None:
    written = dumps_in_steps(value, depth, size)  # small slices: long lists cut at any depth
    assert written == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
