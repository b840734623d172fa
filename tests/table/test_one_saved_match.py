"""match.json holds the match begun last (issue 38, the lost match): a finished
match's recorder, whatever it still does, never removes or overwrites the save of
the match begun after it; a save that fails does not stop the saves after it; and
the process waits for the last save before it ends."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from game.engine import RuleSet
from game.files.storage import Store
from game.table import GameSetup, SeatKind, SeatSetup, new_match, saved_game, settled
from game.table.record import LatestWriter, MatchRecord

ROOT = Path(__file__).resolve().parents[2]


def _record(store: Store, seed: int, target: int = 500) -> MatchRecord:
    seats = (SeatSetup("Ana", SeatKind.HUMAN), SeatSetup("Bea", SeatKind.BOT, "normal"))
    rules = RuleSet.preset("monster_high")
    setup = settled(GameSetup("monster_high", rules, seats, target=target, seed=seed))
    return MatchRecord(store, setup, new_match(setup))


def _played_to_its_end(record: MatchRecord) -> None:
    """A one-point match played out (the first legal action each time), unsaved yet."""
    match = record.match
    while not match.round.over:
        match.apply(match.round.legal_actions()[0])
    assert match.over


def _saved_seed(store: Store) -> int | None:
    saved = store.load(saved_game.FILE, saved_game.KIND, saved_game.VERSION)
    return None if saved is None else saved["match"]["seed"]


def test_a_finished_match_leaves_the_save_of_the_match_begun_after_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    old = _record(store, seed=4, target=1)
    old.changed()
    old.flush(wait=True)
    _played_to_its_end(old)
    new = _record(store, seed=9)  # the new match from the match-end screen, on the table
    new.changed()
    new.flush(wait=True)
    assert _saved_seed(store) == 9
    old.changed()  # whatever the old table still does: a save, its end counted, a close
    old.flush(wait=True)
    assert _saved_seed(store) == 9
    old.round_over()
    old.flush(wait=True)
    assert _saved_seed(store) == 9
    assert saved_game.load_job(store, None)[1] is not None  # Continue finds it whole


def test_a_save_handed_over_before_the_new_match_began_is_not_written_after_it(
    tmp_path: Path,
) -> None:
    """The old match's save still queued behind a slow write lands after the new
    match's first save: it is dropped, not written over the new match."""
    store = Store(tmp_path)
    old = _record(store, seed=4)
    gate, started = threading.Event(), threading.Event()
    old.writer.put(lambda: (started.set(), gate.wait(5)))  # a write that takes its time
    assert started.wait(5)
    old.changed()
    old.flush()  # queued behind it
    new = _record(store, seed=9)
    new.changed()
    new.flush(wait=True)
    gate.set()
    old.writer.wait()
    assert _saved_seed(store) == 9


def test_a_match_ended_after_its_own_save_still_removes_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = _record(store, seed=4, target=1)
    record.changed()
    record.flush(wait=True)
    assert saved_game.exists(store)
    _played_to_its_end(record)
    record.round_over()
    assert not saved_game.exists(store)  # Continue is not offered for a finished match


def test_a_write_that_fails_does_not_stop_the_saves_after_it() -> None:
    writer, done = LatestWriter(), []

    def broken() -> None:
        raise RuntimeError("a save that failed")

    writer.put(broken)
    waited = threading.Thread(target=writer.wait, daemon=True)
    waited.start()
    waited.join(5)
    assert not waited.is_alive(), "waiting for the writer never ended"
    writer.put(lambda: done.append(2))
    writer.wait()
    assert done == [2]


def test_the_process_ends_only_once_the_last_save_is_written(tmp_path: Path) -> None:
    """The interpreter exits (no table closed: a scene failed to leave) while a save is
    still being written: the write ends first."""
    script = textwrap.dedent(
        f"""
        import time
        from game.table.record import LatestWriter
        writer = LatestWriter()
        writer.put(lambda: (time.sleep(0.5), open({str(tmp_path / "written")!r}, "w").close()))
        """
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, timeout=60)
    assert (tmp_path / "written").exists()
