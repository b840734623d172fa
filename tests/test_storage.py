"""Versioned files: written atomically, damaged ones set aside with a notice, never lost."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.files import storage
from game.files.storage import Store

DAMAGE = {
    "empty": b"",
    "truncated": b'{"format": "uno-table", "kind": "x", "vers',
    "garbage": b"\x00\xff\xfenot json at all",
    "version not a number": json.dumps(
        {"format": "uno-table", "kind": "x", "version": "1", "data": {}}
    ).encode(),
    "nested too deeply": b"[" * 100_000,
    "nested object": b'{"a":' * 100_000,
    "wrong kind": json.dumps(
        {"format": "uno-table", "kind": "y", "version": 1, "data": {}}
    ).encode(),
    "not an object": b"[1, 2, 3]",
}


def test_round_trip_and_no_temporary_files_left(tmp_path: Path) -> None:
    store = Store(tmp_path / "folder")
    assert store.load("a.json", "x", 1) is None  # missing: defaults, no notice
    assert store.save("a.json", "x", 1, {"n": 1, "ñ": "é"})
    assert store.load("a.json", "x", 1) == {"n": 1, "ñ": "é"}
    assert [p.name for p in (tmp_path / "folder").iterdir()] == ["a.json"]
    assert store.notices == []


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_file_is_kept_aside_with_one_notice(tmp_path: Path, kind: str) -> None:
    (tmp_path / "a.json").write_bytes(DAMAGE[kind])
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None
    backups = list(tmp_path.glob("a.json.bad-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == DAMAGE[kind]
    assert not (tmp_path / "a.json").exists()
    assert len(store.notices) == 1 and "a.json" in store.notices[0].render()
    assert store.save("a.json", "x", 1, {"fresh": True})  # the defaults can be saved again
    assert backups[0].read_bytes() == DAMAGE[kind]  # and the old one is still there


def test_a_folder_where_the_file_should_be(tmp_path: Path) -> None:
    (tmp_path / "a.json").mkdir()
    (tmp_path / "a.json" / "inside.txt").write_text("keep me")
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None
    backup = next(tmp_path.glob("a.json.bad-*"))
    assert (backup / "inside.txt").read_text() == "keep me"
    assert len(store.notices) == 1


def test_a_second_damaged_file_does_not_overwrite_the_first_backup(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for text in ("one", "two"):
        (tmp_path / "a.json").write_text(text)
        store.load("a.json", "x", 1)
    assert sorted(p.read_text() for p in tmp_path.glob("a.json.bad-*")) == ["one", "two"]


def test_a_folder_that_cannot_be_written_says_so_once(tmp_path: Path) -> None:
    # Tests may run as root, which ignores permissions: a path under a *file* refuses instead.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Store(blocker / "folder")
    assert not store.save("a.json", "x", 1, {})
    assert not store.save("a.json", "x", 1, {})
    assert len(store.notices) == 1 and "without saving" in store.notices[0].render()
    assert blocker.read_text() == "x"


def test_a_failed_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save("a.json", "x", 1, {"old": 1})

    def refuse(*_args: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr("game.files.storage.os.replace", refuse)
    assert not store.save("a.json", "x", 1, {"new": 2})
    monkeypatch.undo()
    assert Store(tmp_path).load("a.json", "x", 1) == {"old": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # no temporary file left


def test_no_folder_reads_and_writes_nothing() -> None:
    store = Store(None)
    assert store.load("a.json", "x", 1) is None
    assert not store.save("a.json", "x", 1, {})
    assert store.notices == []


def test_saving_over_a_folder_keeps_the_folder_aside(tmp_path: Path) -> None:
    (tmp_path / "a.json").mkdir()
    store = Store(tmp_path)
    assert store.save("a.json", "x", 1, {"n": 1})
    assert store.load("a.json", "x", 1) == {"n": 1}
    assert next(tmp_path.glob("a.json.bad-*")).is_dir() and len(store.notices) == 1


def _wrapped(version: int, data: object, kind: str = "x") -> str:
    return json.dumps({"format": "uno-table", "kind": kind, "version": version, "data": data})


def test_a_newer_file_is_left_untouched_and_never_written_over(tmp_path: Path) -> None:
    text = _wrapped(99, {"from": "the future"})
    (tmp_path / "a.json").write_text(text)
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None  # defaults for this session
    assert len(store.notices) == 1 and "newer version" in store.notices[0].render()
    assert not store.save("a.json", "x", 1, {"n": 1})
    store.delete("a.json")
    assert (tmp_path / "a.json").read_text() == text
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_an_older_file_is_migrated_step_by_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = {1: lambda d: {**d, "b": 2}, 2: lambda d: {**d, "c": d["a"] + d["b"]}}
    monkeypatch.setitem(storage.MIGRATIONS, "x", steps)
    (tmp_path / "a.json").write_text(_wrapped(1, {"a": 1}))
    store = Store(tmp_path)
    assert store.load("a.json", "x", 3) == {"a": 1, "b": 2, "c": 3}
    assert store.notices == [] and not list(tmp_path.glob("*.bad-*"))


def test_an_older_file_with_no_way_forward_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(_wrapped(1, {"a": 1}))
    store = Store(tmp_path)
    assert store.load("a.json", "x", 2) is None
    assert len(list(tmp_path.glob("a.json.bad-*"))) == 1 and len(store.notices) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_in_place_of_a_file_is_set_aside_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a.json")
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None
    assert "not a regular file" in store.notices[0].render()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_link_to_an_endless_device_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to("/dev/zero")
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None  # set aside as the link it is, never read
    assert "a link is in its place" in store.notices[0].render()


def test_an_oversized_file_is_set_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "MAX_BYTES", 100)
    (tmp_path / "a.json").write_text(_wrapped(1, "x" * 200))
    store = Store(tmp_path)
    assert store.load("a.json", "x", 1) is None
    assert "too large" in store.notices[0].render()
