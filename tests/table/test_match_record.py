"""What the table keeps: catches and challenges count for the people at it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import RuleSet, events
from game.files import stats
from game.files.storage import Store
from game.table import GameSetup, SeatKind, SeatSetup, new_match, settled
from game.table.record import TOO_LONG, LatestWriter, MatchRecord


def _record(
    store: Store, enabled: bool = True, levels: tuple[str, str] = ("normal", "normal")
) -> MatchRecord:
    seats = (
        SeatSetup("Ana", SeatKind.HUMAN),
        SeatSetup("Bea", SeatKind.BOT, levels[0]),
        SeatSetup("Cy", SeatKind.BOT, levels[1]),
    )
    setup = settled(GameSetup("monster_high", RuleSet.preset("monster_high"), seats, seed=4))
    return MatchRecord(store, setup, new_match(setup), enabled=enabled)


def test_catches_and_challenges_count_for_the_person(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = _record(store)
    record.saw(
        [
            events.Caught(0, 1),
            events.Caught(2, 0),
            events.Caught(1, 2),
            events.ChallengeResult(0, 1, True, ()),
            events.ChallengeResult(0, 2, False, ()),
            events.ChallengeResult(1, 0, True, ()),
        ]
    )
    mine = stats.load(store).theme("monster_high")
    assert (mine.catches_made, mine.catches_suffered) == (1, 1)
    assert (mine.challenges_won, mine.challenges_lost) == (1, 1)


def test_a_round_counts_under_the_strongest_computer_at_the_table(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = _record(store, levels=("easy", "expert"))
    match = record.match
    while not match.round.over:  # the first seat to move plays its first legal action
        match.apply(match.round.legal_actions()[0])
    record.round_over()
    saved = stats.load(store)
    assert sorted(saved.levels) == ["expert"] and saved.level("expert").rounds_played == 1
    assert saved.level("expert").rounds_won == int(match.round.winner == 0)


def test_a_replay_records_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = _record(store, enabled=False)
    record.saw([events.Caught(0, 1)])
    record.changed()
    record.flush(wait=True)
    assert list(tmp_path.iterdir()) == []


def test_the_writer_keeps_only_the_newest_pending_write() -> None:
    import threading

    writer, done, gate, started = LatestWriter(), [], threading.Event(), threading.Event()
    writer.put(lambda: (started.set(), gate.wait(5), done.append(1)))
    assert started.wait(5)  # the first write is under way: the next ones queue behind it
    for n in (2, 3, 4):
        writer.put(lambda n=n: done.append(n))
    gate.set()
    writer.wait()
    assert done == [1, 4]


def test_a_match_played_past_what_a_save_holds_keeps_its_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match the game could not read back is never written: Continue keeps working."""
    from game.files import replay
    from game.table import saved_game

    store = Store(tmp_path)
    record = _record(store)
    match = record.match
    monkeypatch.setattr(replay, "MAX_MATCH_ACTIONS", 3)
    for _ in range(3):
        match.apply(match.round.legal_actions()[0])
        record.changed()
        record.flush(wait=True)
    written = store.load(saved_game.FILE, saved_game.KIND, saved_game.VERSION)
    assert written is not None and len(written["match"]["round"]["log"]) == 3
    match.apply(match.round.legal_actions()[0])  # the fourth action: past the limit
    record.changed()
    record.flush(wait=True)
    again = store.load(saved_game.FILE, saved_game.KIND, saved_game.VERSION)
    assert len(again["match"]["round"]["log"]) == 3  # the last save that fits, untouched
    assert [n.text for n in store.notices] == [TOO_LONG.text]
    record.round_over()  # nothing is counted for a match no longer saved
    assert stats.load(store).theme("monster_high").rounds_played == 0
