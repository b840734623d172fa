"""Statistics and replays round-trip through the user folder; damage gives an empty record."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine import Match, RuleSet
from game.files import file_worker, replay, stats
from game.files.storage import Store
from game.table.seats import default_setup, setup_to_data


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


def test_rounds_and_matches_count_under_the_tables_strongest_computer(tmp_path: Path) -> None:
    assert stats.strongest(["easy", "expert", "normal"]) == "expert"
    assert stats.strongest([]) is None  # people only: no level
    record = stats.Stats()
    record.round_played("classic", 40, True, "hard")
    record.round_played("classic", 0, False, "hard")
    record.match_played("classic", False, "hard")
    record.round_played("classic", 0, False, None)
    hard = record.level("hard")
    assert (hard.rounds_won, hard.rounds_played, hard.matches_played) == (1, 2, 1)
    assert sorted(record.levels) == ["hard"] and record.theme("classic").rounds_played == 3
    store = Store(tmp_path)
    assert stats.save(store, record) and stats.load(store) == record


def test_a_version_1_file_is_migrated_not_set_aside(tmp_path: Path) -> None:
    old = {"classic": {"rounds_played": 5, "rounds_won": 2, "recent": [[30, 1]]}}
    text = json.dumps({"format": "uno-table", "kind": "stats", "version": 1, "data": old})
    (tmp_path / stats.FILE).write_text(text)
    store = Store(tmp_path)
    record = stats.load(store)
    assert record.theme("classic").rounds_won == 2 and record.levels == {}
    assert store.notices == [] and not list(tmp_path.glob("stats.json.bad-*"))
    record.round_played("classic", 10, True, "normal")
    assert stats.save(store, record)
    saved = json.loads((tmp_path / stats.FILE).read_text())
    assert saved["version"] == stats.VERSION == 3
    assert saved["data"]["themes"]["classic"]["rounds_played"] == 6
    assert saved["data"]["levels"]["normal"]["rounds_won"] == 1


def test_recent_rounds_are_capped() -> None:
    record = stats.Stats()
    for points in range(stats.RECENT + 5):
        record.round_played("classic", points, True)
    assert len(record.theme("classic").recent) == stats.RECENT
    assert record.theme("classic").recent[-1] == [stats.RECENT + 4, 1]


def test_damaged_stats_give_an_empty_record_and_a_backup(tmp_path: Path) -> None:
    (tmp_path / stats.FILE).write_text('{"format": "uno-table", "kind": "stats"')
    store = Store(tmp_path)
    assert stats.load(store) == stats.Stats()
    assert list(tmp_path.glob("stats.json.bad-*")) and len(store.notices) == 1


@pytest.mark.parametrize(
    "data, field",
    [
        ({"classic": {"matches_won": "5"}}, "classic.matches_won"),
        ({"classic": {"rounds_won": -3}}, "classic.rounds_won"),
        ({"classic": {"recent": [5]}}, "classic.recent[0]"),
        ({"classic": {"recent": [[5, 1], ["a", 0]]}}, "classic.recent[1]"),
        ({"classic": {"points": 10**30}}, "classic.points"),
        ({"classic": {"wins": 1}}, "classic.wins"),
        ({"classic": 4}, "classic"),
        ({"../x": {}}, "../x"),
    ],
)
def test_an_odd_value_in_a_version_1_file_sets_it_aside(
    tmp_path: Path, data: dict, field: str
) -> None:
    _set_aside_naming(tmp_path, 1, data, field)


@pytest.mark.parametrize(
    "data, field",
    [
        ({"themes": {}, "levels": {"godlike": {}}}, "godlike"),
        ({"levels": {"hard": {"rounds_won": "3"}}}, "hard.rounds_won"),
        ({"levels": {"hard": {"draws": 3}}}, "hard.draws"),
        ({"themes": {}, "scores": {}}, "scores"),
        ({"themes": [1]}, "themes"),
    ],
)
def test_an_odd_value_sets_the_stats_file_aside_with_a_copy(
    tmp_path: Path, data: dict, field: str
) -> None:
    _set_aside_naming(tmp_path, 2, data, field)


def test_each_theme_keeps_its_own_record_per_level(tmp_path: Path) -> None:
    """The Statistics screen shows a theme's lines under its title: not every theme's sum."""
    record = stats.Stats()
    record.round_played("classic", 40, True, "hard")
    record.match_played("classic", True, "hard")
    record.round_played("minecraft", 0, False, "hard")
    record.round_played("minecraft", 0, False, "easy")
    classic, minecraft = record.theme("classic").levels, record.theme("minecraft").levels
    assert sorted(classic) == ["hard"] and sorted(minecraft) == ["easy", "hard"]
    assert (classic["hard"].rounds_won, classic["hard"].rounds_played) == (1, 1)
    assert (minecraft["hard"].rounds_won, minecraft["hard"].rounds_played) == (0, 1)
    assert record.level("hard").rounds_played == 2  # all themes together, as before
    store = Store(tmp_path)
    assert stats.save(store, record) and stats.load(store) == record


def test_a_version_2_file_keeps_its_totals_and_starts_each_themes_levels_empty(
    tmp_path: Path,
) -> None:
    old = {"themes": {"classic": {"rounds_played": 3}}, "levels": {"hard": {"rounds_won": 2}}}
    text = json.dumps({"format": "uno-table", "kind": "stats", "version": 2, "data": old})
    (tmp_path / stats.FILE).write_text(text)
    store = Store(tmp_path)
    record = stats.load(store)
    assert record.level("hard").rounds_won == 2 and record.theme("classic").levels == {}
    assert store.notices == []


def test_an_odd_level_inside_a_theme_sets_the_file_aside(tmp_path: Path) -> None:
    data = {"themes": {"classic": {"levels": {"godlike": {}}}}, "levels": {}}
    _set_aside_naming(tmp_path, 3, data, "godlike")


def _set_aside_naming(tmp_path: Path, version: int, data: dict, field: str) -> None:
    text = json.dumps({"format": "uno-table", "kind": "stats", "version": version, "data": data})
    (tmp_path / stats.FILE).write_text(text)
    store = Store(tmp_path)
    assert stats.load(store) == stats.Stats()
    assert len(store.notices) == 1 and field in store.notices[0].render()
    [kept] = tmp_path.glob("stats.json.bad-*")
    assert kept.read_text() == text


def finished_match(seed: int, players: int = 2) -> tuple[dict, tuple, tuple[str, ...]]:
    """A real short match played to its end: its set-up, round logs and winners' names."""
    setup = setup_to_data(default_setup("classic", "classic", players, True, seed, target=30))
    match = Match(RuleSet.preset("classic"), players, seed=seed, target=30)
    while not match.over:
        if match.round.over:
            match.next_round()
        match.apply(match.round.legal_actions()[0])
    logs = tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)
    names = [s[0] for s in setup["seats"]]
    return setup, logs, tuple(names[s] for s in match.winners)


def test_replays_round_trip_newest_first_and_capped(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for n in range(replay.KEPT + 2):
        setup, rounds, winners = finished_match(n)
        replay.keep(store, replay.Replay(f"2026-01-{n + 1:02} 10:00", setup, rounds, winners))
    kept = replay.load(store)
    assert len(kept) == replay.KEPT and kept[0].setup["seed"] == replay.KEPT + 1
    assert kept[0].rounds == finished_match(replay.KEPT + 1)[1] and kept[0].theme == "classic"
    assert store.notices == []


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda r: r["rounds"][0].__setitem__(0, [0, "play wild-draw4 color=red"]), "rounds[0][0]"),
        (lambda r: r["rounds"][0].pop(), "rounds"),
        (lambda r: r["setup"]["seats"][0].__setitem__(0, "A\x00"), "seats[0].name"),
        (lambda r: r["setup"]["rules"].__setitem__("colors", ["pink"] * 4), "setup.rules"),
        (lambda r: r.__setitem__("winners", ["Nobody"]), "winners"),
        (lambda r: r["rounds"][0].__setitem__(0, [99, "draw"]), "rounds[0][0]"),
    ],
)
def test_a_replay_the_rules_would_not_allow_sets_the_file_aside(
    tmp_path: Path, change: Callable[[dict], None], field: str
) -> None:
    setup, rounds, winners = finished_match(3)
    entry = replay.Replay("2026-01-01 10:00", setup, rounds, winners).to_data()
    change(entry)
    text = json.dumps({"format": "uno-table", "kind": "replays", "version": 1, "data": [entry]})
    (tmp_path / replay.FILE).write_text(text)
    store = Store(tmp_path)
    assert replay.load(store) == []
    assert len(store.notices) == 1 and field in store.notices[0].render()
    [kept] = tmp_path.glob("replays.json.bad-*")
    assert json.loads(kept.read_text())["data"] == [json.loads(json.dumps(entry))]


def test_one_bad_replay_is_set_aside_alone_and_the_others_kept(tmp_path: Path) -> None:
    entries = []
    for seed in (3, 4, 5):
        setup, rounds, winners = finished_match(seed)
        entries.append(replay.Replay(f"2026-01-0{seed} 10:00", setup, rounds, winners).to_data())
    entries[1]["winners"] = ["Nobody"]
    text = json.dumps({"format": "uno-table", "kind": "replays", "version": 1, "data": entries})
    (tmp_path / replay.FILE).write_text(text)
    store = Store(tmp_path)
    kept = replay.load(store)
    assert [r.setup["seed"] for r in kept] == [3, 5]
    (notice,) = store.notices
    assert "replays[1].winners" in notice.render() and "others" in notice.render()
    [aside] = tmp_path.glob("replays.json.bad-*")
    assert json.loads(aside.read_text())["data"] == [json.loads(json.dumps(entries[1]))]
    assert [r.setup["seed"] for r in replay.load(Store(tmp_path))] == [3, 5]  # as rewritten


def test_replays_are_checked_once_a_session_not_at_every_match_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    for seed in (3, 4):
        setup, rounds, winners = finished_match(seed)
        replay.keep(store, replay.Replay("2026-01-01 10:00", setup, rounds, winners))
    replay.load(store)
    # The checks run here, not in a child process, so that they can be counted.
    monkeypatch.setattr(file_worker, "command", lambda job: ["/nonexistent/uno-table-worker"])
    checks: list[object] = []
    original = replay.Replay.from_data
    monkeypatch.setattr(
        replay.Replay,
        "from_data",
        lambda data, where="replay": checks.append(where) or original(data, where),
    )
    reopened = Store(tmp_path)
    assert len(replay.load(reopened)) == 2 and len(checks) == 2  # read: each checked once
    for _ in range(3):
        assert len(replay.load(reopened)) == 2  # Statistics again: no check
    setup, rounds, winners = finished_match(6)
    replay.keep(reopened, replay.Replay("2026-01-01 10:00", setup, rounds, winners))
    assert len(replay.load(reopened)) == 3 and len(checks) == 3  # only the new one


def test_a_read_only_copy_shows_the_good_replays_and_moves_nothing(tmp_path: Path) -> None:
    entries = []
    for seed in (3, 4):
        setup, rounds, winners = finished_match(seed)
        entries.append(replay.Replay("2026-01-01 10:00", setup, rounds, winners).to_data())
    entries[0]["winners"] = ["Nobody"]
    text = json.dumps({"format": "uno-table", "kind": "replays", "version": 1, "data": entries})
    (tmp_path / replay.FILE).write_text(text)
    store = Store(tmp_path, owner=False)
    assert [r.setup["seed"] for r in replay.load(store)] == [4]
    assert "left as it is" in store.notices[0].render()
    assert (tmp_path / replay.FILE).read_text() == text and not list(tmp_path.glob("*.bad-*"))
