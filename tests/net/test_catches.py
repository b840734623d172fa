"""Catches over the network: the turn move that would close a catch chance waits
out the catch window, and of two catches the first to arrive is the one judged."""

from __future__ import annotations

import asyncio
from typing import Any

from game.engine.actions import Catch
from game.online.client.connection import Connection
from game.online.server.room import RoomOptions
from tests.net.helpers import dealt, host, join, run, served

WINDOW = 0.4


async def _latest(conn: Connection) -> None:
    """Read whatever has arrived, without waiting."""
    while True:
        try:
            await asyncio.wait_for(conn.receive(), 0.01)
        except TimeoutError:
            return


def _forgotten(conn: Connection) -> bool:
    update = conn.update
    return update is not None and any(a[0] == "catch" for a in update.legal)


def test_a_late_turn_move_waits_for_the_window_and_the_first_catch_wins() -> None:
    options = RoomOptions(pace=0, round_break=0, catch_window=WINDOW)

    async def go() -> tuple[Any, ...]:
        async with served(room=options) as server:
            ann = await host(server, ["me", "open", "open"], timer=600, target=10_000)
            bob = await join(server, ann.code, "Bob")
            cat = await join(server, ann.code, "Cat")
            people = [ann, bob, cat]
            await dealt(server, ann.code, *people)
            table = server.rooms[ann.code].table
            assert table is not None
            for _ in range(2000):  # moves, never calling UNO, until someone may be caught
                for conn in people:
                    await _latest(conn)
                open_ = table.match.round.uno_open
                if open_ >= 0 and all(c.update and c.update.token == table.token for c in people):
                    break
                mover = people[table.match.round.current]
                update = mover.update
                if update is not None and update.token == table.token and update.legal:
                    plays = [
                        a for a in update.legal if a[0] != "catch" and not getattr(a, "uno", False)
                    ]
                    await mover.act(update, plays[0])
                await asyncio.sleep(0.005)
            target = table.match.round.uno_open
            assert target >= 0, "nobody forgot UNO in 2000 moves"
            catchers = [c for c in people if c.seat != target and _forgotten(c)]
            mover = people[table.match.round.current]
            # The next player moves at once; two catches follow a little later.
            moving = mover.update
            assert moving is not None
            turn = next(a for a in moving.legal if a[0] != "catch")
            if mover in catchers:
                catchers.remove(mover)
            await mover.act(moving, turn)
            await asyncio.sleep(WINDOW / 4)
            token = table.token
            for conn in catchers:
                assert conn.update is not None
                await conn.act(conn.update, Catch(target))
            await asyncio.sleep(WINDOW)
            return table, token, target, catchers

    table, token, target, catchers = run(go())
    caught = [e for e in table.match.round.history if type(e).__name__ == "Caught"]
    assert caught and caught[-1].target == target
    assert caught[-1].catcher == catchers[0].seat  # the first to arrive
