"""Versioned files: written atomically, damaged ones set aside with a notice, never lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.storage import Store

DAMAGE = {
    "empty": b"",
    "truncated": b'{"format": "uno-table", "kind": "x", "vers',
    "garbage": b"\x00\xff\xfenot json at all",
    "wrong version": json.dumps({"format": "uno-table", "kind": "x", "version": 99,
                                 "data": {}}).encode(),
    "wrong kind": json.dumps({"format": "uno-table", "kind": "y", "version": 1,
                              "data": {}}).encode(),
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


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    store.save("a.json", "x", 1, {"old": 1})

    def refuse(*_args: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr("game.storage.os.replace", refuse)
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
