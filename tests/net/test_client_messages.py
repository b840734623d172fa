"""The client's typed messages against the server's schema, and the addresses a
player may type: the two sides cannot drift apart unnoticed."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import RuleSet
from game.engine.actions import Play, from_text
from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS
from game.online.client.addresses import server_url
from game.online.protocol import checks
from game.online.protocol import client_messages as cm
from game.table import LEVELS

EXAMPLES: list[cm.ClientMessage] = [
    cm.Hello("Ann", "uno-table 0.1.0", "es"),
    cm.ListTables(),
    cm.Create("minecraft", ("me", "open", "bot:expert"), {"jump_in": True}, 300, "alternative", 45),
    cm.Join("K7QX2M"),
    cm.Resume("K7QX2M", "a" * 48),
    cm.Start(),
    cm.Act(12, Play("wild", color="red", uno=True)),
    cm.Next(),
    cm.Leave(),
    cm.Vote(2),
    cm.Back(),
    cm.PlayNow(),
    cm.Watch("K7QX2M"),
    cm.Sit(),
    cm.Again(),
    cm.React("thumbs_up"),
    cm.ChangeSettings(public=True, watch=False),
    cm.ChangeSettings({"jump_in": True}, 300, "alternative", 45),
    cm.PlayNow("minecraft"),
    cm.DealCommit(1, "0f" * 32),
    cm.DealReveal(3, "a1" * 32),
]


def test_every_client_message_is_one_the_server_accepts() -> None:
    kinds = {type(m) for m in EXAMPLES}
    assert kinds == set(typing.get_args(cm.ClientMessage))  # every class has an example
    for message in EXAMPLES:
        data = checks.parse(cm.encode(message))
        assert data["type"] == message.kind
    assert checks.parse(cm.encode(EXAMPLES[6]))["action"] == "play wild color=red uno"


def test_every_server_schema_has_a_client_message() -> None:
    sent = {m.kind for m in EXAMPLES}
    assert set(checks.SCHEMAS) == sent
    for kind, schema in checks.SCHEMAS.items():  # field for field, the same names
        assert {f.name for f in dataclasses.fields(cm.KINDS[kind])} == set(schema), kind


def test_every_example_reads_back_as_itself() -> None:
    for message in EXAMPLES:
        assert cm.decode(cm.encode(message)) == message


_CODES = st.text(alphabet=checks.CODE_ALPHABET, min_size=6, max_size=6)
_TEXT = st.text(max_size=20)  # Hypothesis draws no lone surrogate
_SEAT_WORDS = st.sampled_from(["open", *(f"bot:{level}" for level in LEVELS)])
_HOUSE_OPTIONS = sorted(o.name for o in RuleSet.house_options())
_HOUSE = st.dictionaries(st.sampled_from(_HOUSE_OPTIONS), st.booleans())
_THEMES = st.sampled_from(sorted(RuleSet.preset_names()))
_SCORING = st.sampled_from(sorted(SCORINGS))
_TIMER = st.integers(checks.MIN_TIMER, checks.MAX_TIMER)
_TARGET = st.integers(1, MAX_TARGET)
_HEX64 = st.binary(min_size=32, max_size=32).map(bytes.hex)


@st.composite
def _seats(draw: st.DrawFn) -> tuple[str, ...]:
    others = draw(st.lists(_SEAT_WORDS, min_size=MIN_PLAYERS - 1, max_size=MAX_PLAYERS - 1))
    others.insert(draw(st.integers(0, len(others))), "me")
    return tuple(others)


_LEGAL_TEXTS = sorted(
    {"draw", "pass", "accept", "challenge", "catch 3", "choose blue", "play red-7 uno"}
    | {"play wild color=green", "play wild-draw4 color=red uno"}
)

STRATEGIES: dict[type, st.SearchStrategy[cm.ClientMessage]] = {
    cm.Hello: st.builds(cm.Hello, _TEXT, _TEXT, st.sampled_from(["en", "es"]), st.integers(0, 99)),
    cm.ListTables: st.just(cm.ListTables()),
    cm.Create: st.builds(
        cm.Create, _THEMES, _seats(), _HOUSE, _TARGET, _SCORING, _TIMER, *[st.booleans()] * 2
    ),
    cm.Join: st.builds(cm.Join, _CODES),
    cm.Resume: st.builds(cm.Resume, _CODES, st.text(alphabet="abXY09_-", min_size=1, max_size=64)),
    cm.Start: st.just(cm.Start()),
    cm.Act: st.builds(cm.Act, st.integers(0, 2**31), st.sampled_from(_LEGAL_TEXTS).map(from_text)),
    **{kind: st.just(kind()) for kind in (cm.Next, cm.Leave, cm.Back, cm.Sit, cm.Again)},
    cm.Vote: st.builds(cm.Vote, st.integers(0, 9)),
    cm.PlayNow: st.builds(cm.PlayNow, st.none() | _THEMES),
    cm.Watch: st.builds(cm.Watch, _CODES),
    cm.React: st.builds(cm.React, st.sampled_from(checks.REACTIONS)),
    cm.ChangeSettings: st.builds(
        cm.ChangeSettings,
        st.none() | _HOUSE,
        st.none() | _TARGET,
        st.none() | _SCORING,
        st.none() | _TIMER,
        st.none() | st.booleans(),
        st.none() | st.booleans(),
    ),
    cm.DealCommit: st.builds(cm.DealCommit, st.integers(1, 10**6), _HEX64),
    cm.DealReveal: st.builds(cm.DealReveal, st.integers(1, 10**6), _HEX64),
}


def test_the_round_trip_draws_every_message() -> None:
    assert set(STRATEGIES) == set(typing.get_args(cm.ClientMessage))


@settings(max_examples=300, deadline=None)
@given(st.one_of(*STRATEGIES.values()))
def test_decode_reads_back_every_message_encode_writes(message: cm.ClientMessage) -> None:
    assert cm.decode(cm.encode(message)) == message


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("", "ws://127.0.0.1:8765"),
        ("192.168.1.20", "ws://192.168.1.20:8765"),
        (" 10.0.0.7:9000 ", "ws://10.0.0.7:9000"),
        ("cards.example.org", "ws://cards.example.org:8765"),
        ("wss://cards.example.org/uno", "wss://cards.example.org/uno"),
        ("wss://cards.example.org", "wss://cards.example.org"),
        ("ws://proxy.example.org/uno", "ws://proxy.example.org/uno"),
        ("ws://[::1]", "ws://[::1]:8765"),
    ],
)
def test_an_address_becomes_a_url_without_a_port_glued_onto_a_path(typed: str, url: str) -> None:
    assert server_url(typed) == url


@pytest.mark.parametrize("typed", ["http://example.org", "ws://", "ws://host:port", "wss:///uno"])
def test_what_cannot_be_an_address_is_refused(typed: str) -> None:
    with pytest.raises(ValueError):
        server_url(typed)
