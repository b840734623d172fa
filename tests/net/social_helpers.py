"""Playing people's seats to a match's end, for the rematch, reaction and
spectator tests."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from game.online.client.connection import Connection, ServerError
from game.online.server.room import RoomOptions
from game.table import make_bot

# A match of one round (target 1), and a rematch countdown of a second.
QUICK = RoomOptions(pace=0, grace=30, round_break=0, catch_window=0, rematch=20, second=0.05)


async def play_until(conn: Connection, kind: str, seed: int = 0) -> dict[str, Any]:
    """Play the seat with a random bot until a message of `kind`; that message, once
    every move the bot sent has had its answer (`settle`)."""
    bot = make_bot("random", random.Random(seed))
    while True:
        message = await conn.receive()
        if message["type"] == kind:
            await settle(conn)
            return message
        update = conn.update
        if message["type"] != "update" or update is None or not update.legal:
            continue
        legal = list(update.legal)
        choice = bot.choose(update.view, legal) if update.turn else bot.react(update.view, legal)
        if choice is not None:
            await conn.act(update, choice)


async def all_until(conns: list[Connection], kind: str) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(play_until(c, kind, i) for i, c in enumerate(conns))))


async def settle(conn: Connection) -> None:
    """Read up to the answer to a marker (`list`): the server answers a connection's
    messages in order, so every move sent before it has had its answer by then. The
    bot moves on the newest update it has read while the others move too (a jump-in,
    a catch, a computer, the match's last card): a move that lost such a race is
    answered `stale` (docs/PROTOCOL.md), and at a match's end that answer can come
    after the `rematch` notice. Read here, it is not taken by the caller's next
    `expect` for a refusal of what the caller does next."""
    await conn.send({"type": "list"})
    while (message := await conn.receive())["type"] != "tables":
        if message["type"] == "error" and message["code"] != "stale":
            raise ServerError(message["code"], message["message"])
        if message["type"] != "error":  # the caller's to read: never passed over here
            raise AssertionError(f"{message['type']!r} came before the marker's answer")
