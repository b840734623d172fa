"""Bad input over a real socket: every refusal is an error message, and nothing
at the table changes."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online.client.connection import Connection, ServerError
from game.online.protocol.checks import MAX_MESSAGE, clean_name, seat_name
from game.online.protocol.version import PROTOCOL_VERSION
from game.online.server.connection import CLOSE_HELLO, CLOSE_VERSION
from tests.net.helpers import host, join, run, served, url


async def _error(conn: Connection, raw: str | bytes) -> dict[str, Any]:
    await conn.ws.send(raw)
    while True:
        message = await conn.receive()
        if message["type"] == "error":
            return message


GARBAGE: list[str | bytes] = [
    "not json",
    b"\x00\x01binary",
    "[1, 2, 3]",
    '"hello"',
    "{}",
    '{"type": "launch_missiles"}',
    '{"type": "join"}',
    '{"type": "join", "code": 7}',
    '{"type": "join", "code": "ABCDEF", "extra": 1}',
    '{"type": "act", "token": true, "action": "draw"}',
    '{"type": "act", "token": 1, "action": "play gold-99"}',
    '{"type": "act", "token": 1, "action": ""}',
    '{"type": "create", "theme": "classic", "seats": ["me", "me"]}',
    '{"type": "create", "theme": "classic", "seats": ["me", "bot:genius"]}',
    '{"type": "create", "theme": "../../etc", "seats": ["me", "open"]}',
    '{"type": "create", "theme": "classic", "seats": ["me", "open"], "options": {"x": true}}',
    '{"type": "create", "theme": "classic", "seats": ["me", "open"], "target": -5}',
    "[" * 5000,
]


def test_garbage_gets_an_error_and_the_connection_stays_usable() -> None:
    async def go() -> list[dict[str, Any]]:
        async with served() as server:
            conn = await Connection.open(url(server), "Ann")
            errors = [await _error(conn, raw) for raw in GARBAGE[:-1]]
            await conn.send({"type": "list"})
            await conn.expect("tables")
            return errors

    errors = run(go())
    assert all(e["code"] == "bad_message" and e["message"] for e in errors)


def test_an_oversized_message_closes_the_connection() -> None:
    async def go() -> int | None:
        async with served() as server:
            conn = await Connection.open(url(server), "Ann")
            await conn.ws.send(json.dumps({"type": "list", "pad": "x" * MAX_MESSAGE}))
            with pytest.raises(ConnectionClosed):
                while True:
                    await conn.receive()
            return conn.ws.close_code

    assert run(go()) == 1009  # the websocket's own "message too big"


def test_out_of_turn_stale_and_illegal_actions_change_nothing() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"], timer=600)
            bob = await join(server, ann.code)
            await ann.expect("update")
            await bob.expect("update")
            assert ann.update is not None and bob.update is not None
            idle = bob if ann.update.turn else ann
            mover = ann if idle is bob else bob
            assert mover.update is not None and idle.update is not None
            token = mover.update.token
            # Out of turn: the idle seat draws.
            await idle.send({"type": "act", "token": token, "action": "draw"})
            assert (await idle.expect_error())["code"] == "illegal"
            # A card not in the hand.
            not_held = _not_in(mover.update.view.hand)
            await mover.send({"type": "act", "token": token, "action": f"play {not_held}"})
            assert (await mover.expect_error())["code"] == "illegal"
            # A token that is not the newest update's.
            await mover.send({"type": "act", "token": token + 7, "action": "draw"})
            assert (await mover.expect_error())["code"] == "stale"
            # Another seat's token to resume with: refused.
            await idle.send({"type": "resume", "code": ann.code, "token": "x" * 32})
            assert (await idle.expect_error())["code"] in ("seated", "bad_token")
            stranger = await Connection.open(url(server), "Eve")
            await stranger.send({"type": "resume", "code": ann.code, "token": "x" * 32})
            assert (await stranger.expect_error())["code"] == "bad_token"
            await stranger.send({"type": "act", "token": token, "action": "draw"})
            assert (await stranger.expect_error())["code"] == "no_table"
            # Nothing moved: the table still waits on the same token.
            room = server.rooms[ann.code]
            assert room.table is not None and room.table.token == token
            await mover.act(mover.update, mover.update.legal[0])
            await mover.expect("update")
            assert room.table.token == token + 1

    run(go())


def _not_in(hand: Any) -> str:
    for text in ("red-0", "blue-0", "green-0", "yellow-0", "wild"):
        if all(c.text != text for c in hand):
            return text
    raise AssertionError("a hand holding every one of five cards")


def test_a_flood_is_slowed_down_then_cut_off() -> None:
    async def go() -> tuple[list[str], float, int | None]:
        # 10 a second: a message counts as on time when the server's wait for it
        # overshot by a whole interval, and at 100 a second a loaded machine's 10 ms
        # overshoots made the flood look on time (it was slowed, never cut off).
        async with served(rate=10.0, burst=10, flood=20) as server:
            conn = await Connection.open(url(server), "Ann")
            began = time.monotonic()
            for _ in range(100):
                await conn.send({"type": "list"})
            got = []
            with pytest.raises(ConnectionClosed):
                while True:
                    message = await conn.receive()
                    got.append(message.get("code", message["type"]))
            return got, time.monotonic() - began, conn.ws.close_code

    got, took, code = run(go())
    assert got.count("rate") >= 1  # told to slow down
    assert 20 <= got.count("tables") < 100  # the burst, then some at the rate, then cut off
    assert took >= 1.5  # those over the burst came no faster than 10 a second
    assert code == 4002


def test_a_version_mismatch_is_told_clearly() -> None:
    async def go() -> tuple[ServerError, int | None]:
        async with served() as server:
            with pytest.raises(ServerError) as refused:
                await Connection.open(url(server), "Ann", protocol=999)
            ws = await connect(url(server))
            await ws.send('{"type": "list"}')
            reply = json.loads(await ws.recv())
            assert reply["code"] == "hello_first"
            await asyncio.sleep(0.05)
            with pytest.raises(ConnectionClosed):
                await ws.recv()
            assert ws.close_code == CLOSE_HELLO
            return refused.value, None

    error, _ = run(go())
    assert error.code == "version"
    assert f"protocol {PROTOCOL_VERSION}" in str(error) and "protocol 999" in str(error)
    assert CLOSE_VERSION == 4001


def test_names_are_cleaned() -> None:
    assert clean_name("  Bea\u202e\u200b  the\n\tgreat ", "P") == "Bea the great"
    assert clean_name("\x00\x07", "Player 2") == "Player 2"
    assert len(clean_name("x" * 500, "P")) == 20
    assert clean_name("Ｂｅａ", "P") == "Bea"  # full-width letters fold


def test_a_joiner_is_seen_by_a_cleaned_name() -> None:
    async def go() -> list[str]:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], timer=600)
            await join(server, ann.code, name="Bob\u202e\x1b[31m")
            seats = await ann.expect("seats")
            while seats["seats"][1]["kind"] != "person":
                seats = await ann.expect("seats")
            return [s["name"] for s in seats["seats"]]

    assert run(go())[1] == "Bob [31m"


def test_seat_names_are_never_a_pronoun_and_never_twice_at_a_table() -> None:
    assert seat_name("You", 1, ["Ann"]) == "Player 2"
    assert seat_name("tú", 3, []) == "Player 4"
    assert seat_name("ann", 2, ["Ann", "Bob"]) == "ann 3"
    assert seat_name("Bea", 2, ["Ann"]) == "Bea"

    async def go() -> list[str]:
        async with served() as server:
            ann = await host(server, ["me", "open", "open"], name="You", timer=600)
            await join(server, ann.code, name="You")  # both kept the game's default name
            seats = await ann.expect("seats")
            while seats["seats"][1]["kind"] != "person":
                seats = await ann.expect("seats")
            return [s["name"] for s in seats["seats"]]

    assert run(go())[:2] == ["Player 1", "Player 2"]
