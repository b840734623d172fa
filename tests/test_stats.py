"""Statistics and replays round-trip through the user folder; damage gives an empty record."""

from __future__ import annotations

from pathlib import Path

from game import replay, stats
from game.engine.actions import Draw, Play
from game.storage import Store


def test_stats_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record = stats.Stats()
    record.round_played("minecraft", 120, True)
    record.round_played("minecraft", 0, False)
    record.match_played("minecraft", True)
    record.catch("minecraft", made=True)
    record.catch("minecraft", made=False)
    record.challenge("classic", won=False)
    assert stats.save(store, record)
    loaded = stats.load(store)
    assert loaded == record
    mine = loaded.theme("minecraft")
    assert (mine.rounds_played, mine.rounds_won, mine.points, mine.best_round) == (2, 1, 120, 120)
    assert (mine.catches_made, mine.catches_suffered, mine.matches_won) == (1, 1, 1)
    assert loaded.theme("classic").challenges_lost == 1


def test_recent_rounds_are_capped() -> None:
    record = stats.Stats()
    for points in range(stats.RECENT + 5):
        record.round_played("classic", points, True)
    assert len(record.theme("classic").recent) == stats.RECENT
    assert record.theme("classic").recent[-1] == [stats.RECENT + 4, 1]


def test_damaged_stats_give_an_empty_record_and_a_backup(tmp_path: Path) -> None:
    (tmp_path / stats.FILE).write_text("{\"format\": \"uno-table\", \"kind\": \"stats\"")
    store = Store(tmp_path)
    assert stats.load(store) == stats.Stats()
    assert list(tmp_path.glob("stats.json.bad-*")) and len(store.notices) == 1


def test_odd_values_in_a_stats_file_are_ignored() -> None:
    loaded = stats.Stats.from_data({"classic": {"rounds_won": -3, "points": "x",
                                                "recent": [[5, 1], ["a", 0]]}, "x": 4})
    assert loaded.theme("classic").rounds_won == 0 and loaded.theme("classic").recent == [[5, 1]]


def test_replays_round_trip_newest_first_and_capped(tmp_path: Path) -> None:
    store = Store(tmp_path)
    rounds = (((0, Draw()), (1, Play("red-7"))), ((1, Play("wild", color="blue")),))
    for n in range(replay.KEPT + 2):
        assert replay.keep(store, replay.Replay(f"2026-01-{n + 1:02} 10:00", {"theme": "classic",
                                                                               "n": n},
                                                rounds, ("Ana",)))
    kept = replay.load(store)
    assert len(kept) == replay.KEPT and kept[0].setup["n"] == replay.KEPT + 1
    assert kept[0].rounds == rounds and kept[0].theme == "classic"
