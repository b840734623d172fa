"""A change's players wait for the store, but `HOLD_MAX` at the longest (Redis
away): one timer for every change held, each released once, in time."""

from __future__ import annotations

import asyncio

import pytest

from game.online.server import shard
from game.online.server.shard import Holds, Release
from tests.online.server.cluster.helpers import run


class Client:
    def __init__(self) -> None:
        self.held, self.flushed = 0, 0

    def flush(self) -> None:
        self.flushed += 1


class Figures:
    def __init__(self) -> None:
        self.waits: list[float] = []

    def waited(self, seconds: float) -> None:
        self.waits.append(seconds)


def test_changes_held_go_when_stored_or_after_hold_max(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shard, "HOLD_MAX", 0.2)

    async def go() -> None:
        holds, figures = Holds(), Figures()
        a, b = Client(), Client()

        def change(*clients: Client) -> Release:
            for client in clients:
                client.held += 1
            release = Release(list(clients), figures)  # type: ignore[arg-type]
            holds.add(release)
            return release

        stored = change(a)
        await asyncio.sleep(0.1)
        late = change(a, b)  # 0.1 s younger
        stored()  # in the store: a's first change goes, its second still waits
        assert (a.held, a.flushed, b.flushed) == (1, 0, 0)
        await asyncio.sleep(0.15)  # the first's time is past: nothing more to release
        assert (a.flushed, b.flushed) == (0, 0)
        await asyncio.sleep(0.1)  # the second's: told without the store
        assert (a.held, b.held, a.flushed, b.flushed) == (0, 0, 1, 1)
        late()  # stored at last: released already, nothing twice
        assert (a.flushed, b.flushed) == (1, 1)
        assert len(figures.waits) == 2 and figures.waits[1] >= 0.2
        assert holds.timer is None and not holds.waiting  # no timer left behind

    run(go())
