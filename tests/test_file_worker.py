"""The checks of large user files run in a child process (game/files/file_worker.py): its
answers, the notices it leaves, the fallback where no child starts, and the end of a
child when the app closes."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

from game.files import file_worker, replay
from game.files.storage import Store
from tests.test_stats import finished_match


def _replays_file(folder: Path, winners_of_first: list[str] | None = None) -> None:
    entries = []
    for seed in (3, 4):
        setup, rounds, winners = finished_match(seed)
        entries.append(replay.Replay("2026-01-01 10:00", setup, rounds, winners).to_data())
    if winners_of_first is not None:
        entries[0]["winners"] = winners_of_first
    text = json.dumps({"format": "uno-table", "kind": "replays", "version": 1, "data": entries})
    (folder / replay.FILE).write_text(text)


def test_the_replays_are_checked_in_a_child_and_its_notices_come_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _replays_file(tmp_path, winners_of_first=["Nobody"])

    def not_here(*args: object) -> None:
        raise AssertionError("checked in the app's process")

    monkeypatch.setattr(file_worker, "_here", not_here)
    store = Store(tmp_path)
    kept = replay.load(store)
    assert [r.setup["seed"] for r in kept] == [4]
    assert kept[0].rounds == finished_match(4)[1]  # actions, as the engine has them
    assert "replays[0].winners" in store.notices[0].render()  # the child's notice, here
    assert len(list(tmp_path.glob(f"{replay.FILE}.bad-*"))) == 1


def test_where_no_child_starts_the_check_runs_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _replays_file(tmp_path)
    monkeypatch.setattr(file_worker, "command", lambda job: ["/nonexistent/uno-table"])
    assert [r.setup["seed"] for r in replay.load(Store(tmp_path))] == [3, 4]


def test_closing_the_app_ends_a_child_at_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = tmp_path / "started"
    waiting = f"import pathlib, time; pathlib.Path({str(started)!r}).touch(); time.sleep(60)"
    monkeypatch.setattr(file_worker, "command", lambda job: [sys.executable, "-c", waiting])
    ended: list[BaseException] = []

    def check() -> None:
        try:
            file_worker.run("read-replays", Store(tmp_path), None)
        except file_worker.Stopped as error:
            ended.append(error)

    thread = threading.Thread(target=check)
    thread.start()
    for _ in range(1200):  # a minute at most for the child to start on a busy machine
        if started.exists():
            break
        thread.join(0.05)
    file_worker.stop()
    thread.join(10)
    assert not thread.is_alive() and len(ended) == 1
