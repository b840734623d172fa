"""A server's snapshots: written off the loop, a burst of changes written once,
what is not on the disk yet still found, and everything written at close."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.net.snapshots import UNSET, Snapshots
from game.storage import Store
from tests.net.helpers import run

KIND, VERSION = "online-table", 1


def test_a_burst_of_changes_is_written_once_and_found_meanwhile(tmp_path: Path) -> None:
    store = Store(tmp_path)

    async def go() -> tuple[object, object, int]:
        snapshots = Snapshots(store, KIND, VERSION)
        for move in range(10):
            snapshots.mark("T.json", lambda move=move: {"moves": move})
        before_disk = snapshots.latest("T.json")
        while snapshots.pending("T.json"):
            await asyncio.sleep(0.01)
        written = snapshots.written
        snapshots.mark("T.json", lambda: None)  # the table is over: its file goes
        gone = snapshots.latest("T.json")
        await snapshots.close()
        return before_disk, gone, written

    before_disk, gone, written = run(go(), 10)
    assert before_disk == {"moves": 9} and gone is None and written == 1
    assert not (tmp_path / "T.json").exists()


def test_close_writes_what_is_still_due(tmp_path: Path) -> None:
    store = Store(tmp_path)

    async def go() -> object:
        snapshots = Snapshots(store, KIND, VERSION)
        snapshots.mark("T.json", lambda: {"moves": 3})
        await snapshots.close()
        return snapshots.latest("T.json")

    assert run(go(), 10) is UNSET
    assert store.load("T.json", KIND, VERSION) == {"moves": 3}
