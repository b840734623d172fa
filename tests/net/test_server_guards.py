"""A server that stays up for everyone: caps per address, tables nobody is at
closed (and kept), idle lobby connections closed, code guesses limited, a
replaced connection without rights, browsers refused."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.online.client.connection import Connection, ServerError
from game.online.protocol.version import PROTOCOL_VERSION, app_version
from game.online.server.connection import CLOSE_IDLE, CLOSE_TURNED_AWAY
from game.online.server.room import RoomOptions
from tests.net.helpers import FAST, dealt, host, join, run, served, url

SHORT = RoomOptions(pace=0, grace=0.3, round_break=0, catch_window=0)


async def _from(server: Any, address: str, name: str = "Zed") -> Connection:
    """A connection from another loopback address (127.0.0.2: still this machine)."""
    ws = await connect(url(server), local_addr=(address, 0), open_timeout=10)
    conn = Connection(ws)
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "app": app_version()}
    await conn.send({**hello, "name": name})
    await conn.expect("welcome")
    return conn


def test_a_replaced_connection_can_neither_act_nor_leave() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"], timer=600)
            bob = await join(server, ann.code)
            await bob.expect("update")
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            assert (await bob.expect("table_closed"))["reason"] == "replaced"
            await bob.send({"type": "leave"})
            assert (await bob.expect_error())["code"] == "no_table"
            assert bob.update is not None
            await bob.send({"type": "act", "token": bob.update.token, "action": "draw"})
            assert (await bob.expect_error())["code"] == "no_table"
            room = server.rooms[ann.code]
            slot = room.slots[1]
            assert not slot.stand_in and slot.token == bob.token and not room.closed

    run(go(), 30)


def test_away_computer_and_back_are_told_to_everyone() -> None:
    async def go() -> list[dict[str, Any]]:
        async with served(room=SHORT) as server:
            ann = await host(server, ["me", "open", "bot:easy"], timer=600)
            bob = await join(server, ann.code)
            await bob.close()
            told = [await ann.expect("presence"), await ann.expect("presence")]
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            told.append(await ann.expect("presence"))
            return told

    away, computer, back = run(go(), 30)
    assert away["state"] == "away" and away["seat"] == 1 and 0 < away["seconds"] <= 0.3
    assert computer == {"type": "presence", "seat": 1, "state": "computer"}
    assert back == {"type": "presence", "seat": 1, "state": "back"}


def test_the_others_may_vote_an_idle_seat_to_a_computer() -> None:
    quick = RoomOptions(pace=0, round_break=0, catch_window=0, second=0.02)

    async def go() -> None:
        async with served(room=quick) as server:
            ann = await host(server, ["me", "open", "open"], timer=600)
            bob = await join(server, ann.code, "Bob")
            cat = await join(server, ann.code, "Cat")
            await dealt(server, ann.code, ann, bob, cat)
            room = server.rooms[ann.code]
            assert room.table is not None
            idle = room.table.match.round.current
            voters = [c for c in (ann, bob, cat) if c.seat != idle]
            await voters[0].send({"type": "vote", "seat": idle})
            assert (await voters[0].expect_error())["code"] == "cannot_vote"  # too early
            await asyncio.sleep(0.3)  # 10 "seconds" of the idle seat's turn
            await voters[0].send({"type": "vote", "seat": idle})
            assert (await voters[0].expect("votes"))["needed"] == 2
            await voters[1].send({"type": "vote", "seat": idle})
            while not room.slots[idle].stand_in:
                await asyncio.sleep(0.01)
            person = next(c for c in (ann, bob, cat) if c.seat == idle)
            await person.send({"type": "back"})
            while room.slots[idle].stand_in:
                await asyncio.sleep(0.01)

    run(go(), 30)


def test_connections_and_tables_are_capped_per_address() -> None:
    async def go() -> None:
        async with served(per_address=2, tables_per_address=1) as server:
            ann = await host(server, ["me", "open"], timer=600)
            await Connection.open(url(server), "Bob")
            ws = await connect(url(server))
            refusal = await ws.recv()
            assert '"too_many"' in str(refusal)
            with pytest.raises(ConnectionClosed):
                await ws.recv()
            assert ws.close_code == CLOSE_TURNED_AWAY
            await ann.send({"type": "leave"})
            zed = await _from(server, "127.0.0.2")
            await zed.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            await zed.expect("joined")
            await zed.send({"type": "leave"})
            await zed.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            await zed.expect("joined")
            other = await _from(server, "127.0.0.2", "Yan")
            await other.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            with pytest.raises(ServerError) as refused:
                await other.expect("joined")
            assert refused.value.code == "too_many"

    run(go(), 30)


def test_a_full_server_says_so_at_the_door() -> None:
    async def go() -> None:
        async with served(max_connections=1) as server:
            await Connection.open(url(server), "Ann")
            ws = await connect(url(server))
            assert '"server_full"' in str(await ws.recv())
            with pytest.raises(ConnectionClosed):
                await ws.recv()

    run(go(), 20)


def test_sixty_seconds_of_create_and_leave_leave_room_for_everyone_else() -> None:
    """One address creates a table with a computer and leaves it, again and again;
    its tables close (nobody can come back to them), and another address still
    gets a table. The loop is a few seconds of the same thing, not 60."""

    async def go() -> int:
        # Many a second: each table's deal is drawn after `joined` now, so a loop is quick.
        rate = 10_000.0
        async with served(room=SHORT, max_tables=20, rate=rate, burst=10_000) as server:
            conn = await Connection.open(url(server), "Mallory")
            made = 0
            end = time.monotonic() + 3
            while time.monotonic() < end:
                seats = ["me", "bot:hard"]
                await conn.send({"type": "create", "theme": "classic", "seats": seats})
                await conn.expect("joined")
                await conn.send({"type": "leave"})
                made += 1
            await asyncio.sleep(0.1)
            assert len(server.rooms) <= 3
            other = await _from(server, "127.0.0.2", "Ann")
            await other.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
            await other.expect("joined")
            return made

    assert run(go(), 30) > 20


def test_a_table_nobody_is_at_stops_closes_and_is_kept_for_its_people() -> None:
    async def go() -> None:
        async with served(room=SHORT) as server:
            ann = await host(server, ["me", "bot:hard", "bot:hard"], timer=600)
            await ann.expect("update")
            code, token = ann.code, ann.token
            room = server.rooms[code]
            table = room.table
            assert table is not None
            await ann.close()
            while room.seats.here():  # the server has seen the close (a move may land before)
                await asyncio.sleep(0.01)
            moves = len(table.match.round.log)
            await asyncio.sleep(0.6)
            assert code not in server.rooms  # closed after the grace period
            assert len(table.match.round.log) == moves  # no computer played on alone
            back = await Connection.open(url(server), "Ann")
            await back.send({"type": "resume", "code": code, "token": token})
            await back.expect("joined")
            await back.expect("update")
            assert back.update is not None and len(back.update.view.history) >= moves

    run(go(), 30)


def test_idle_lobby_connections_are_closed() -> None:
    async def go() -> None:
        async with served(lobby_idle=0.2) as server:
            conn = await Connection.open(url(server), "Ann")
            assert (await conn.expect_error())["code"] == "idle"
            with pytest.raises(ConnectionClosed):
                await conn.receive()
            assert conn.ws.close_code == CLOSE_IDLE

    run(go(), 20)


def test_resume_never_says_whether_a_code_exists_and_guesses_are_limited() -> None:
    async def go() -> None:
        async with served(guesses=3) as server:
            ann = await host(server, ["me", "open"], timer=600)
            probe = await Connection.open(url(server), "Eve")
            answers = []
            for code in (ann.code, "ZZZZZZ"):
                await probe.send({"type": "resume", "code": code, "token": "x" * 48})
                answers.append(await probe.expect_error())
            assert answers[0] == answers[1]  # the same answer, word for word
            assert answers[0]["code"] == "bad_token"
            await probe.send({"type": "join", "code": "YYYYYY"})
            assert (await probe.expect_error())["code"] == "not_found"
            await probe.send({"type": "join", "code": ann.code})
            refused = await probe.expect_error()
            assert refused["code"] == "guesses" and refused["wait"] > 0

    run(go(), 20)


def test_a_browser_page_is_refused() -> None:
    async def go() -> None:
        async with served() as server:
            with pytest.raises(InvalidStatus) as refused:
                await connect(url(server), origin="http://evil.example")  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403
            await Connection.open(url(server), "Ann")  # no Origin: the game itself

    run(go(), 20)


def test_expert_computers_are_accepted() -> None:
    async def go() -> None:
        async with served(room=FAST) as server:
            ann = await host(server, ["me", "bot:expert"], timer=600)
            await ann.expect("update")

    run(go(), 20)


def test_at_a_two_person_table_one_vote_needs_a_turn_to_have_run_out() -> None:
    quick = RoomOptions(pace=0, round_break=0, catch_window=0, second=0.02)

    async def go() -> None:
        async with served(room=quick) as server:
            ann = await host(server, ["me", "open", "bot:random"], timer=30)
            bob = await join(server, ann.code, "Bob")
            await dealt(server, ann.code, ann, bob)
            room = server.rooms[ann.code]
            assert room.table is not None
            while room.table.match.round.current == 2:  # the computer's turn: wait
                await asyncio.sleep(0.01)
            idle = room.table.match.round.current
            voter = bob if idle == 0 else ann
            await asyncio.sleep(0.3)  # 15 "seconds" into a 30 s turn
            await voter.send({"type": "vote", "seat": idle})
            assert (await voter.expect_error())["code"] == "cannot_vote"
            while not room.slots[idle].ran_out:  # the turn runs out: the timer moves
                await asyncio.sleep(0.01)
            while room.table.match.round.current != idle:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.3)
            await voter.send({"type": "vote", "seat": idle})
            assert (await voter.expect("votes"))["needed"] == 1
            while not room.slots[idle].stand_in:
                await asyncio.sleep(0.01)

    run(go(), 60)


def test_a_correct_seat_token_is_never_slowed_by_wrong_codes_from_its_address() -> None:
    async def go() -> None:
        async with served(guesses=3) as server:
            ann = await host(server, ["me", "open"], timer=600)
            bob = await join(server, ann.code)
            token = bob.token
            await bob.close()
            housemate = await Connection.open(url(server), "Cat")
            for _ in range(4):  # a housemate's mistyped codes, past the limit
                await housemate.send({"type": "join", "code": "ZZZZZZ"})
                await housemate.expect_error()
            await housemate.send({"type": "resume", "code": ann.code, "token": "x" * 48})
            assert (await housemate.expect_error())["code"] == "guesses"
            back = await Connection.open(url(server), "Bob")
            await back.send({"type": "resume", "code": ann.code, "token": token})
            assert (await back.expect("joined"))["seat"] == 1
            for conn in (ann, back, housemate):
                await conn.close()

    run(go(), 30)


def test_saying_again_twice_is_answered_once() -> None:
    from tests.net.social_helpers import QUICK, all_until

    async def go() -> None:
        async with served(room=replace(QUICK, second=1.0)) as server:
            ann = await host(server, ["me", "open", "bot:random"], target=1)
            bob = await join(server, ann.code)
            await all_until([ann, bob], "rematch")
            for _ in range(40):
                await bob.send({"type": "again"})
            told = await ann.expect("rematch")
            assert told["yes"] == [1]
            await ann.send({"type": "list"})  # a marker: whatever came before it is here
            seen = []
            while (message := await ann.receive())["type"] != "tables":
                seen.append(message["type"])
            assert "rematch" not in seen  # one broadcast for forty agains
            for conn in (ann, bob):
                await conn.close()

    run(go(), 60)


def test_a_full_server_makes_room_for_a_newcomer_by_closing_a_quiet_lobby_connection() -> None:
    """1,100 idle connections filled a server so a new player was turned away: the
    longest-quiet connection at no table now makes way."""

    async def go() -> None:
        async with served(max_connections=2, lobby_evict=0.3) as server:
            quiet = await Connection.open(url(server), "Quiet")
            await asyncio.sleep(0.1)
            busy = await Connection.open(url(server), "Busy")
            await asyncio.sleep(0.4)
            await busy.send({"type": "list"})  # busy has just spoken: quiet is the quieter
            await busy.expect("tables")
            newcomer = await Connection.open(url(server), "New")  # welcomed, not turned away
            assert (await quiet.expect_error())["code"] == "idle"
            await newcomer.send({"type": "list"})
            await newcomer.expect("tables")
            for conn in (busy, newcomer):
                await conn.close()

    run(go(), 30)


def test_chatty_lobby_connections_leave_a_quarter_for_people_coming_to_play() -> None:
    """1,100 connections from 138 addresses, each saying `list` every 3 s (never
    quiet), turned a new player away at the door (by hand, against a real
    `uno-table serve` with 1,024 descriptors). Connections at no table now keep
    to three quarters: a newcomer takes the quietest one's place."""

    async def go() -> None:
        async with served(max_connections=8, lobby_evict=60) as server:
            seated = [await host(server, ["me", "bot:easy"], name=f"Seated {i}") for i in (1, 2)]
            chatty = [await Connection.open(url(server), f"Chatty {i}") for i in range(6)]
            for conn in chatty:  # each has spoken since it came: none is quiet
                await conn.send({"type": "list"})
                await conn.expect("tables")
            # The server is full (8 of 8), none quiet: a newcomer is still welcomed.
            newcomer = await Connection.open(url(server), "New")
            await asyncio.wait_for(chatty[0].ws.wait_closed(), 10)
            assert chatty[0].ws.close_code == 4005  # the quietest made way (CLOSE_IDLE)
            await newcomer.send({"type": "create", "theme": "classic", "seats": ["me", "bot:easy"]})
            await newcomer.expect("joined")
            for conn in (*seated, newcomer, *chatty[1:]):
                await conn.close()

    run(go(), 30)


def test_a_full_server_with_no_quiet_lobby_connection_still_turns_away() -> None:
    async def go() -> bool:
        async with served(max_connections=1, lobby_evict=60) as server:
            await Connection.open(url(server), "Ann")
            return await _refused_full(server)

    assert run(go(), 30)


async def _refused_full(server: Any) -> bool:
    ws = await connect(url(server))
    said = str(await ws.recv())
    await ws.close()
    return '"server_full"' in said
