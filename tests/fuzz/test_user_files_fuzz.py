"""Every user file mutated field by field: the game's loader either gives a valid
object or sets the file aside (one notice, a byte-for-byte copy); it never raises,
and never writes over the player's file without a copy kept."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files import replay
from game.files import settings as user_settings
from game.files import stats as user_stats
from game.files.settings import Settings
from game.files.stats import Stats
from game.files.storage import FORMAT, Store
from game.table import saved_game

from .user_file_examples import match_data, replays_data, settings_data, stats_data

DEEP = "\u0000DEEP\u0000"  # stands for 100,000 nested brackets, spliced into the text
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 7, 99, 10_000, 2**31, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "",
            "\x00",
            "warp",
            "purple",
            "pink",
            "bogus",
            "red-7",
            "wild",
            "pink-3",
            "../../x",
            "play wild color=red",
            "catch 99",
            "x" * 300,
            DEEP,
        ]
    ),
    st.lists(st.integers(-3, 3) | st.text(max_size=3), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


def _paths(data: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*here, i))
    return found


def _mutate(data: Any, path: tuple, how: str, value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = value
    return data


def _file_text(kind: str, version: int, data: Any) -> str:
    text = json.dumps({"format": FORMAT, "kind": kind, "version": version, "data": data})
    return text.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)


def _check(
    name: str,
    text: str,
    load: Callable[[Store], Any],
    valid: Callable[[Any, Store], None],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        (where / name).write_text(text, encoding="utf-8")
        store = Store(where)
        loaded = load(store)  # nothing but a result or a notice may come out
        kept = list(where.glob(f"{name}.bad-*"))
        if kept:
            assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
            assert len(store.notices) == 1 and not (where / name).exists()
        else:
            assert (where / name).read_text(encoding="utf-8") == text, "changed, no copy"
            valid(loaded, store)


def _mutations(base: Callable[[], Any]) -> st.SearchStrategy[Any]:
    document = base()
    return st.tuples(
        st.sampled_from(_paths(document)),
        st.sampled_from(["replace", "replace", "delete", "duplicate"]),
        ODD_VALUES,
    ).map(lambda m: _mutate(base(), *m) if m[0] or m[1] == "replace" else base())


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _settings_valid(loaded: Settings, store: Store) -> None:
    assert isinstance(loaded, Settings)
    assert user_settings.save(store, loaded) and user_settings.load(store) == loaded


@FUZZ
@given(_mutations(settings_data))
def test_settings_fuzz(data: Any) -> None:
    _check("settings.json", _file_text("settings", 1, data), user_settings.load, _settings_valid)


def _stats_valid(loaded: Stats, store: Store) -> None:
    assert isinstance(loaded, Stats)
    for theme in list(loaded.themes):
        loaded.round_played(theme, 10, True)  # the record still counts
    assert user_stats.save(store, loaded) and user_stats.load(store) == loaded


@FUZZ
@given(_mutations(stats_data))
def test_stats_fuzz(data: Any) -> None:
    _check("stats.json", _file_text("stats", 1, data), user_stats.load, _stats_valid)


def _replays_valid(loaded: list, store: Store) -> None:
    assert isinstance(loaded, list) and store.notices == []


def _entries(path: Path) -> list[str]:
    return sorted(json.dumps(e) for e in json.loads(path.read_text(encoding="utf-8"))["data"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations(replays_data))
def test_replays_fuzz(data: Any) -> None:
    """A damaged replay is set aside alone: the file keeps the others."""
    text = _file_text("replays", 1, data)
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        (where / "replays.json").write_text(text, encoding="utf-8")
        if not isinstance(data, list) or not (where / "replays.json").exists():
            return
        store = Store(where)
        loaded = replay.load(store)
        kept = list(where.glob("replays.json.bad-*"))
        if not kept or not (where / "replays.json").exists():
            return  # the file as a whole, as for every user file (checked above)
        (aside,) = kept
        left = where / "replays.json"
        assert sorted(_entries(aside) + _entries(left)) == sorted(json.dumps(e) for e in data)
        assert len(loaded) == len(_entries(left)) and len(store.notices) == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations(replays_data))
def test_replays_file_fuzz(data: Any) -> None:
    def whole_or_none(store: Store) -> list:
        loaded = replay.load(store)
        kept = list(store.folder.glob("replays.json.bad-*")) if store.folder else []
        if kept and (store.folder / "replays.json").exists():  # type: ignore[operator]
            raise _EntryKeptAside  # the other test's case
        return loaded

    try:
        text = _file_text("replays", 1, data)
        _check("replays.json", text, whole_or_none, _replays_valid)
    except _EntryKeptAside:
        assert text


class _EntryKeptAside(Exception):
    pass


def _match_valid(loaded: saved_game.SavedMatch | None, store: Store) -> None:
    assert loaded is not None and store.notices == []
    rnd = loaded.match.round
    rnd.apply(rnd.legal_actions()[0])  # the position plays on
    assert saved_game.save(store, loaded.setup, loaded.match, loaded.recorded_rounds)


@FUZZ
@given(_mutations(match_data))
def test_saved_match_fuzz(data: Any) -> None:
    _check("match.json", _file_text("match", 1, data), saved_game.load, _match_valid)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["settings.json", "stats.json", "replays.json", "match.json"]), st.binary())
def test_any_bytes_in_any_user_file(name: str, junk: bytes) -> None:
    loaders = {
        "settings.json": user_settings.load,
        "stats.json": user_stats.load,
        "replays.json": replay.load,
        "match.json": saved_game.load,
    }
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / name).write_bytes(junk)
        store = Store(Path(folder))
        loaders[name](store)
        kept = list(Path(folder).glob(f"{name}.bad-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == junk
