"""The client's typed messages against the server's schema, and the addresses a
player may type: the two sides cannot drift apart unnoticed."""

from __future__ import annotations

import typing

import pytest

from game.engine.actions import Play
from game.online.client.addresses import server_url
from game.online.protocol import checks
from game.online.protocol import client_messages as cm

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
    cm.Visibility(public=True, watch=False),
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
