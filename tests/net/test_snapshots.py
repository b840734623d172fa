"""A server's snapshots: written off the loop, a burst of changes written once,
what is not on the disk yet still found, and everything written at close."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.files.storage import Store
from game.online.server.snapshots import BATCH, UNSET, Snapshots
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


def test_many_tables_due_are_taken_a_batch_at_a_time_and_all_written(tmp_path: Path) -> None:
    """After a slow write a thousand tables may be due: the loop takes at most
    BATCH tables' data in one callback, and every one of them reaches the disk."""
    store = Store(tmp_path)
    taken: list[int] = []  # tables taken in each callback of the loop

    async def go() -> None:
        snapshots = Snapshots(store, KIND, VERSION)
        flush = snapshots._flush

        def counted() -> None:
            before = len(snapshots.due)
            flush()
            taken.append(before - len(snapshots.due))

        snapshots._flush = counted  # type: ignore[method-assign]
        for n in range(3 * BATCH + 5):
            snapshots.mark(f"T{n}.json", lambda n=n: {"table": n})
        while any(snapshots.pending(f"T{n}.json") for n in range(3 * BATCH + 5)):
            await asyncio.sleep(0.01)
        await snapshots.close()

    run(go(), 60)
    assert max(taken) <= BATCH and sum(taken) == 3 * BATCH + 5
    for n in range(3 * BATCH + 5):
        assert store.load(f"T{n}.json", KIND, VERSION) == {"table": n}
