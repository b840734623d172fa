"""A player who drops: a bot client process killed on its turn comes back into its
seat with its token and the full state; past the grace period a computer plays
the seat and gives it back; the turn timer moves for a player who does not."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

from game.online.client.connection import Connection
from game.online.server.room import RoomOptions
from tests.net.helpers import host, join, run, served, take_turns, url


async def _spawn(*args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "game.online.client.connection",
        *args,
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )


async def _seats(conn: Connection, want: Any) -> list[dict[str, Any]]:
    while True:
        message = await conn.receive()  # a late move of ours may be refused meanwhile
        if message["type"] == "seats" and want(message["seats"]):
            return message["seats"]


async def _until_turn(conn: Connection, seat: int, play: bool = False) -> None:
    """Read until the table waits on `seat`'s turn (`play`: making `conn`'s own moves)."""
    while conn.update is None or conn.update.view.current != seat or conn.update.over:
        update = conn.update
        if play and update is not None and update.turn and update.legal:
            await conn.act(update, update.legal[0])
        await conn.receive()


def test_a_killed_client_process_comes_back_into_its_seat() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:easy"], timer=600, target=100)
            code = ann.code
            bot = await _spawn("--connect", url(server), "--code", code, "--think", "30")
            assert bot.stdout is not None
            line = (await bot.stdout.readline()).decode().split()
            assert line[:2] == ["table", code] and line[2:4] == ["seat", "1"]
            token = line[5]
            await _until_turn(ann, 1, play=True)  # the table now waits on the process's move
            bot.send_signal(signal.SIGKILL)
            await bot.wait()
            seats = await _seats(ann, lambda s: not s[1]["here"])
            assert seats[1]["name"] == "Bot" and not seats[1]["computer"]  # kept, not taken
            room = server.rooms[code]
            assert room.table is not None
            waiting = room.table.token
            # Back with its token: full state, and the game goes on to its end.
            # --token=... since a token may start with "-"
            back = await _spawn("--connect", url(server), "--code", code, f"--token={token}")
            assert back.stdout is not None
            assert (await back.stdout.readline()).decode().split()[2:4] == ["seat", "1"]
            await _seats(ann, lambda s: s[1]["here"])
            while room.table.token == waiting:
                await asyncio.sleep(0.01)
            back.kill()
            await back.wait()

    run(go(), 40)


def test_the_returning_player_gets_the_full_state() -> None:
    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:easy"], timer=600)
            bob = await Connection.open(url(server), "Bob")
            await bob.send({"type": "join", "code": ann.code})
            await bob.expect("joined")
            await bob.expect("update")
            before = bob.update
            await bob.close()
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            message = await again.expect("update")
            assert "history" in message  # the round so far, not only what is new
            assert again.update is not None and before is not None
            assert again.update.view.hand == before.view.hand
            # The whole round so far: what Bob had, then what happened while he was away.
            history = again.update.view.history
            assert history[: len(before.view.history)] == before.view.history
            table = server.rooms[ann.code].table
            assert table is not None and history == table.match.round.view(1).history

    run(go(), 40)


def test_past_the_grace_period_a_computer_plays_and_gives_the_seat_back() -> None:
    options = RoomOptions(pace=0, grace=0.2, round_break=0, catch_window=0)

    async def go() -> None:
        async with served(room=options) as server:
            ann = await host(server, ["me", "open"], timer=600, target=2000)
            bob = await Connection.open(url(server), "Bob")
            await bob.send({"type": "join", "code": ann.code})
            await bob.expect("joined")
            await bob.close()
            await _seats(ann, lambda s: s[1]["computer"])
            room = server.rooms[ann.code]
            assert room.table is not None
            # The stand-in plays Bob's turns while Ann plays hers.
            await take_turns(server, ann.code, [ann], 6)
            again = await Connection.open(url(server), "Bob")
            await again.send({"type": "resume", "code": ann.code, "token": bob.token})
            await again.expect("joined")
            await _seats(ann, lambda s: s[1]["here"] and not s[1]["computer"])
            assert room.table.controllers[1] is room.slots[1].controller
            await take_turns(server, ann.code, [ann, again], 6)  # Bob's own moves count again

    run(go(), 40)


def test_the_turn_timer_moves_for_an_idle_player_and_says_so() -> None:
    async def go() -> dict[str, Any]:
        quick = RoomOptions(pace=0, round_break=0, catch_window=0, second=0.05)
        async with served(room=quick) as server:
            ann = await host(server, ["me", "bot:easy"], timer=10)
            await _until_turn(ann, 0)
            told = await ann.expect("timeout")
            await ann.expect("update")
            return told

    told = run(go())
    assert told["seat"] == 0
    assert told["action"].split()[0] in ("draw", "pass", "accept", "choose")


def test_a_seat_token_can_be_typed_after_token_on_the_command_line() -> None:
    import argparse

    from game.online.server.seats import new_seat_token

    parser = argparse.ArgumentParser()
    parser.add_argument("--token")
    tokens = {new_seat_token() for _ in range(2000)}
    assert len(tokens) == 2000  # never repeated
    for token in tokens:
        assert parser.parse_args(["--token", token]).token == token


def test_a_player_back_on_their_own_turn_has_its_clock_afresh_once_a_turn() -> None:
    """Seen in three real windows: Bea came back on her own turn with 6 s of 30 left
    (the clock ran while she was away and her missed moves were shown). Now the
    clock starts again when she is back; a second drop in the same turn gets no more."""

    async def back(server: Any, code: str, token: str) -> float:
        conn = await Connection.open(url(server), "Bea")
        await conn.send({"type": "resume", "code": code, "token": token})
        await conn.expect("joined")
        while True:
            told = await conn.expect("clock")
            if told["seat"] == 1:
                await conn.close()
                return float(told["seconds"])

    async def go() -> tuple[float, float]:
        slow = RoomOptions(pace=0, round_break=0, catch_window=0, second=0.05, grace=30)
        async with served(room=slow) as server:
            ann = await host(server, ["me", "open"], timer=100)  # 5 s a turn here
            bea = await join(server, ann.code, "Bea")
            await take_turns(server, ann.code, [ann, bea], 0)  # dealt
            room = server.rooms[ann.code]
            while room.table is None or room.table.match.round.current != 1:
                if room.table is not None and room.table.match.round.current == 0:
                    await take_turns(server, ann.code, [ann, bea], 1)
                else:
                    await asyncio.sleep(0.01)
            await bea.close()
            await asyncio.sleep(2.0)  # 40 of the 100 "seconds" gone while away
            first = await back(server, ann.code, bea.token)
            await asyncio.sleep(1.0)
            second = await back(server, ann.code, bea.token)
            return first, second

    first, second = run(go(), 60)
    assert first == 100.0  # afresh: the missed moves are seen before the clock runs
    assert second < 90.0  # the same turn: only what was left of it
