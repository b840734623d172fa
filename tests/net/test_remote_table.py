"""The table scene's link to a table elsewhere: a whole match played through
`RemoteTable` against a server hosted in-process, as the game's window would."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import time
import warnings
from typing import Any

import pytest

from game.engine import IllegalAction
from game.engine.actions import Catch
from game.online.client.hosting import HostedServer
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Create, ListTables, Next
from game.online.server.room import RoomOptions
from game.table import SeatKind, SeatUpdate


def _started(remote: RemoteTable, deadline: float) -> None:
    assert remote.wait_joined(10) and not remote.line.failure, remote.line.failure
    while not remote.started:
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_whole_match_through_a_remote_table() -> None:
    hosted = HostedServer.start("127.0.0.1", 0, room=RoomOptions(pace=0, round_break=0))
    try:
        create = Create("minecraft", ("me", "bot:easy"), target=60, timer=600)
        remote = RemoteTable.connect(hosted.url, "Ann", create)
        deadline = time.monotonic() + 60
        _started(remote, deadline)
        assert remote.setup.theme == "minecraft" and remote.setup.humans == [0]
        assert remote.setup.seats[1].kind is SeatKind.BOT
        seen: list[SeatUpdate] = []
        remote.watch(0, seen.append)
        assert remote.round_start(0).events  # the deal, to animate
        with pytest.raises(IllegalAction):
            remote.submit(0, Catch(5))
        asked_next = 0
        while remote.news.closed is None:
            assert time.monotonic() < deadline
            remote.tick(1 / 60)
            latest = remote.update(0)
            if latest.over:
                if asked_next < latest.round_number:  # the scoreboard's "next round"
                    asked_next = latest.round_number
                    remote.next_round()
            elif latest.turn and latest.legal and not remote.step():
                with contextlib.suppress(IllegalAction):  # sent already: wait for the update
                    remote.submit(0, latest.legal[0])
            remote.step()
            time.sleep(0.001)
        assert remote.news.closed.reason == "match_over"
        assert remote.news.deals.fair and all(
            remote.news.deals.fair.values()
        )  # every deal checked by the client
        while remote.step():
            pass
        last = remote.update(0)
        assert last.result is not None and last.result.match_over
        rounds = [u.round_number for u in seen]
        assert rounds == sorted(rounds)
    finally:
        hosted.stop()


def test_an_unreachable_server_is_said_plainly() -> None:
    remote = RemoteTable.connect("ws://127.0.0.1:9", "Ann", ListTables())
    assert remote.wait_joined(15)
    assert remote.line.failure and not remote.started


def test_a_send_after_the_tables_loop_has_closed_is_dropped_quietly() -> None:
    """A button pressed as the table closes: nothing is sent, and nothing is left
    behind to be reported as a coroutine never awaited."""

    class _Conn:
        async def send(self, message: object) -> None:
            raise AssertionError("nothing may be sent")

    remote = RemoteTable()
    loop = asyncio.new_event_loop()
    loop.close()
    remote.line.loop, remote.line.conn = loop, _Conn()  # type: ignore[assignment]
    gc.collect()  # what earlier tests left is not this test's
    caught: list[Any] = []
    hook, sys.unraisablehook = sys.unraisablehook, caught.append
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a coroutine never awaited warns as it is freed
            remote.send(Next())
            gc.collect()
    finally:
        sys.unraisablehook = hook
    assert not [c for c in caught if "never awaited" in str(c.exc_value)]
