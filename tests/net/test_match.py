"""Whole matches over real sockets: remote bot clients beside the server's own bots,
and every update a client rebuilds equal to the one the server's table made."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from game.online.client.connection import play
from game.online.protocol import server_codec
from game.online.protocol.server_messages import Update
from game.table import SeatUpdate
from tests.net.helpers import host, join, run, served


def test_a_whole_match_with_remote_and_server_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: dict[int, list[SeatUpdate]] = {0: [], 1: []}
    encode = server_codec.encode_update

    def recording(update: SeatUpdate, full: bool = False) -> dict[str, Any]:
        sent[update.seat].append(update)
        return encode(update, full)

    monkeypatch.setattr(server_codec, "encode_update", recording)

    async def match() -> tuple[Any, ...]:
        async with served() as server:
            ann = await host(server, ["me", "open", "bot:easy", "bot:normal"], target=400)
            bob = await join(server, ann.code)
            rebuilt: dict[int, list[SeatUpdate]] = {0: [], 1: []}
            for conn in (ann, bob):
                read = conn.read

                async def keep(conn: Any = conn, read: Any = read) -> Any:
                    message = await read()
                    if isinstance(message, Update):
                        rebuilt[conn.seat].append(message.update)
                    return message

                conn.read = keep  # type: ignore[method-assign]
            ends = await asyncio.gather(
                play(ann, "normal", random.Random(1)), play(bob, "easy", random.Random(2))
            )
            return ends, rebuilt, ann.update

    ends, rebuilt, last = run(match())
    assert [e["reason"] for e in ends] == ["match_over", "match_over"]
    assert last.result is not None and last.result.match_over
    assert max(last.result.totals) >= 400
    assert last.round_number >= 2  # several rounds, with the history restarting each time
    for seat in (0, 1):
        assert rebuilt[seat] == sent[seat]
        assert len(rebuilt[seat]) > 50
