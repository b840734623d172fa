"""What a hostile client found, each kept from coming back: text a server
cannot write, and answers that told whether a table code exists."""

from __future__ import annotations

import asyncio
import contextlib
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection
from game.online.server.admission import address_key
from game.online.server.connection import CLOSE_HELLO
from tests.net.helpers import host, run, served, url


def test_a_hello_with_a_lone_surrogate_is_refused_cleanly() -> None:
    """A lone surrogate (valid JSON, not Unicode) in a hello from another version
    once reached the refusal, which names the client's app, and the server could
    not write it (UnicodeEncodeError, the connection cut without a word)."""

    async def go() -> tuple[dict, int | None]:
        async with served() as server:
            ws = await connect(url(server))
            await ws.send('{"type": "hello", "protocol": 1, "app": "x\\ud800y", "name": "A"}')
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            with contextlib.suppress(ConnectionClosed):  # the close that follows
                await asyncio.wait_for(ws.recv(), 5)
            return reply, ws.close_code

    reply, code = run(go(), 20)
    assert reply["type"] == "error" and reply["code"] == "bad_message"
    assert code == CLOSE_HELLO


def test_a_lone_surrogate_in_an_action_is_refused_and_the_connection_stays() -> None:
    """`choose <colour>` reads any word, and a refusal quotes the action back: a
    lone surrogate there once cut the connection with an internal error."""

    async def go() -> tuple[dict, dict]:
        async with served() as server:
            ann = await host(server, ["me", "bot:easy"], timer=600, public=True)
            await ann.expect("update")
            assert ann.update is not None
            act = '{"type": "act", "token": %d, "action": "choose \\ud800"}'
            await ann.ws.send(act % ann.update.token)
            refused = await ann.expect_error()
            await ann.send({"type": "list"})
            return refused, await ann.expect("tables")

    refused, tables = run(go(), 20)
    assert refused["code"] == "bad_message" and tables["tables"]


def test_resume_with_a_token_that_is_not_ascii_says_no_more_than_any_wrong_token() -> None:
    """`secrets.compare_digest` refuses non-ASCII text: such a token once closed the
    connection for a real code and answered `bad_token` for a made-up one, which
    told (without counting a guess) which codes exist."""

    async def go() -> list[dict]:
        async with served(guesses=2) as server:
            ann = await host(server, ["me", "open"], timer=600)
            probe = await Connection.open(url(server), "Eve")
            answers = []
            for code in (ann.code, "ZZZZZZ", ann.code):
                await probe.send({"type": "resume", "code": code, "token": "\u00e9" * 48})
                answers.append(await probe.expect_error())
            return answers

    real, made_up, third = run(go(), 20)
    assert real == made_up and real["code"] == "bad_token"
    assert third["code"] == "guesses"  # both wrong answers counted


def test_the_caps_count_an_ipv6_host_by_its_64_block() -> None:
    """One IPv6 host holds 2**64 addresses: counted one by one, the per-address
    caps (connections, tables, guesses) would cap nobody."""
    one = address_key("2001:db8:1:2::1")
    assert one == address_key("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != one
    assert address_key("fe80::1%eth0") == address_key("fe80::2") == "fe80::/64"
    assert address_key("::ffff:192.0.2.7") == address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("not an address") == "not an address"
