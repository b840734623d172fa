"""Online play, checked end to end for `--selftest`: a server on 127.0.0.1, one seat
played by a bot over a real WebSocket until the first round is scored, and the LAN
advert (mDNS) started and stopped. A frozen app that lost part of websockets,
asyncio or zeroconf fails here, not on a player's first game with a friend.
"""

from __future__ import annotations

import asyncio
import random

from game.online.client.connection import Connection
from game.online.client.discovery import Advert
from game.online.client.hosting import THIS_COMPUTER, HostedServer
from game.online.protocol.client_messages import Create
from game.online.protocol.server_messages import ServerClosing, TableClosed, Update
from game.online.server.room import RoomOptions
from game.table import make_bot

ROUND_SECONDS = 60.0  # an easy-against-easy round on a slow machine takes well under 1 s
QUICK = RoomOptions(pace=0.0, round_break=0.0, catch_window=0.0)


def online_problem() -> str | None:
    """None when a round was played online and the advert worked; else what failed."""
    try:
        hosted = HostedServer.start(THIS_COMPUTER, port=0, room=QUICK)
    except OSError as err:
        return f"no server could listen on 127.0.0.1: {err}"
    try:
        problem = asyncio.run(asyncio.wait_for(_play_a_round(hosted.url), ROUND_SECONDS))
        if problem:
            return problem
        _advertise_and_withdraw(hosted.port)
        return None
    except TimeoutError:
        return f"no online round was scored within {ROUND_SECONDS:g} s"
    except Exception as err:  # what broke is the answer: say it, do not crash the self-test
        return f"{type(err).__name__}: {err}"
    finally:
        hosted.stop()


def _advertise_and_withdraw(port: int) -> None:
    """The mDNS advert on loopback. A machine without multicast is no fault of the
    install (the address and code still work); anything else propagates."""
    try:
        advert = Advert("selftest", port, "SELF23", address="127.0.0.1", interfaces=["127.0.0.1"])
    except OSError:
        return
    advert.close()


async def _play_a_round(url: str) -> str | None:
    conn = await Connection.open(url, "selftest")
    try:
        await conn.send(Create("classic", ("me", "bot:easy")))
        await conn.expect("joined")
        bot = make_bot("easy", random.Random(1))
        while True:
            match await conn.read():
                case TableClosed(message=why) | ServerClosing(message=why):
                    return f"the table closed before a round was scored: {why}"
                case Update(update=update):
                    pass
                case _:
                    continue
            if update.result is not None:
                return None
            if not update.legal:
                continue
            legal = list(update.legal)
            choice = (
                bot.choose(update.view, legal) if update.turn else bot.react(update.view, legal)
            )
            if choice is not None:
                await conn.act(update, choice)
    finally:
        await conn.close()
