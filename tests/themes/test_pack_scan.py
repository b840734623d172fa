"""Packs are checked on a worker thread and handed over as they pass; the player's
folder is listed whole (checks stop on time, not on a count); a folder whose name is
not UTF-8 is listed unavailable with its name shown."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.files import paths
from game.themes.errors import Problem
from game.themes.loader import (
    Pack,
    ThemeCatalog,
    discover,
    load_pack,
    pack_folders,
)
from game.themes.manifest import MANIFEST
from game.themes.scan import PackScan
from tests.themes.hostile import decode_bomb_pack, tileset_loop_pack


def test_packs_are_handed_over_as_each_one_passes(tmp_path: Path) -> None:
    folders = [(tmp_path / name, False) for name in ("a", "b", "c")]
    gates = {folder: threading.Event() for folder, _ in folders}

    def check(folder: Path, builtin: bool) -> Pack:
        gates[folder].wait(5)
        return Pack(folder.name, folder, builtin)

    scan = PackScan(folders, check).start()
    assert scan.take() == [] and scan.pending == 3
    gates[tmp_path / "a"].set()
    taken = scan.take(wait=False)
    while not taken:
        taken = scan.take()
    assert [p.id for p in taken] == ["a"] and scan.pending == 2
    gates[tmp_path / "b"].set()
    gates[tmp_path / "c"].set()
    assert [p.id for p in scan.take(wait=True)] == ["b", "c"]
    assert scan.pending == 0 and scan.take() == []


def test_a_check_that_fails_becomes_an_unavailable_pack(tmp_path: Path) -> None:
    def check(folder: Path, builtin: bool) -> Pack:
        raise RuntimeError("a bug")

    (pack,) = PackScan([(tmp_path / "x", False)], check).start().take(wait=True)
    assert not pack.available and "RuntimeError('a bug')" in pack.reason


def test_stop_ends_the_worker_after_the_current_pack(tmp_path: Path) -> None:
    started = threading.Event()
    release = threading.Event()

    def check(folder: Path, builtin: bool) -> Pack:
        started.set()
        release.wait(5)
        return Pack(folder.name, folder, builtin)

    scan = PackScan([(tmp_path / n, False) for n in "abc"], check).start()
    started.wait(5)
    release.set()
    scan.stop()
    assert not any(thread.is_alive() for thread in scan._threads)
    assert len(scan.take()) == 1


@settings(max_examples=10, deadline=None)
@given(count=st.integers(0, 260))
def test_the_players_folder_is_listed_whole_in_order(
    tmp_path_factory,
    count: int,  # noqa: ANN001
) -> None:
    root = tmp_path_factory.mktemp("packs")
    for i in range(count):
        (root / f"p{i:03}").mkdir()
    (root / "a-file.txt").write_text("not a pack")
    shipped = [(paths.themes_root(), True)]
    folders, skipped = pack_folders([*shipped, (root, False)])
    user = [f for f, builtin in folders if not builtin]
    assert len(user) == count and skipped == 0
    assert user == sorted(user)
    assert [f.name for f, builtin in folders if builtin] == ["classic", "minecraft", "monster_high"]


def test_a_folder_name_that_is_not_utf8_is_listed_with_its_name_shown(tmp_path: Path) -> None:
    os.mkdir(os.fsencode(tmp_path) + b"/caf\xe9")  # as unzipped from a Latin-1 archive
    (folder,) = (p for p in tmp_path.iterdir())
    pack = load_pack(folder)
    assert pack.id == "caf\ufffd" and not pack.available
    assert (
        pack.reason
        == "theme 'caf\ufffd': theme.toml: the folder's name is not UTF-8 text: rename it"
    )
    pack.reason.encode("utf-8")  # drawable and loggable
    catalog = discover([(tmp_path, False)])
    assert list(catalog.packs) == ["caf\ufffd"]


def test_a_problem_quoting_a_path_that_is_not_utf8_is_text() -> None:
    home = os.fsdecode(b"/home/jos\xe9/x")
    problem = Problem("x", MANIFEST, "", f"unreadable ({home})")
    assert str(problem) == "theme 'x': theme.toml: unreadable (/home/jos\ufffd/x)"


def test_a_second_pack_with_a_taken_id_is_unavailable_and_order_is_kept(tmp_path: Path) -> None:
    catalog = ThemeCatalog()
    user = tmp_path / "classic"
    catalog.add(Pack("zeta", tmp_path / "zeta", False))
    catalog.add(Pack("classic", paths.themes_root() / "classic", True))
    catalog.add(Pack("classic", user, False))
    assert list(catalog.packs) == ["classic", "classic@" + str(user), "zeta"]
    assert "already loaded from" in catalog.packs["classic@" + str(user)].reason


def test_hostile_packs_are_listed_unavailable_with_their_reasons(tmp_path: Path) -> None:
    tileset_loop_pack(tmp_path)
    decode_bomb_pack(tmp_path)
    catalog = discover([(paths.themes_root(), True), (tmp_path, False)])
    assert "<tileset spacing='-63'>" in catalog.packs["tileset-loop"].reason
    assert "lasts 3,600 s by its header" in catalog.packs["decode-bomb"].reason
    assert len(catalog.available()) == 3


def test_the_worker_process_checks_packs_and_tries_their_fonts(tmp_path: Path) -> None:
    """The real worker: a separate process, so a check never holds the frame thread's
    interpreter lock; the packs come back whole, fonts tried."""
    decode_bomb_pack(tmp_path)
    folders = [(paths.themes_root() / "classic", True), (tmp_path / "decode-bomb", False)]
    scan = PackScan(folders).start()
    assert scan.fonts_tried
    bomb, classic = sorted(scan.take(wait=True), key=lambda pack: pack.builtin)  # two workers
    assert scan._workers and all(w.wait() == 0 for w in scan._workers)  # not the thread fallback
    assert classic.available and classic.layout is not None and classic.manifest is not None
    assert classic == load_pack(paths.themes_root() / "classic", True)
    assert "lasts 3,600 s by its header" in bomb.reason


def test_a_check_that_hangs_is_cut_off_and_the_rest_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hang no limit foresaw (here: a worker told to sleep on the second folder) ends
    the worker after PACK_SECONDS; that pack is unavailable, a new worker checks on."""
    import game.themes.scan as scan_module

    hang, before, after = (tmp_path / name for name in ("hang", "before", "after"))
    for folder in (hang, before, after):
        folder.mkdir()  # quick to check: each lacks its theme.toml
    monkeypatch.setattr(scan_module, "PACK_SECONDS", 2.0)
    monkeypatch.setattr(
        scan_module,
        "worker_command",
        lambda: [sys.executable, "-c", HANGING_WORKER.format(hang=str(hang))],
    )
    scan = PackScan([(before, False), (hang, False), (after, False)]).start()
    first, hung, last = scan.take(wait=True)
    assert first.reason.endswith("theme.toml: missing") and last.reason.endswith("missing")
    assert hung.id == "hang" and "its check took over 2 s and was stopped" in hung.reason


HANGING_WORKER = """
import time, game.themes.scan as s
real = s.load_pack
def load_pack(folder, builtin):
    if str(folder) == {hang!r}:
        time.sleep(60)
    return real(folder, builtin)
s.load_pack = load_pack
s.worker_main()
"""


def test_where_no_worker_starts_the_packs_are_checked_on_the_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.themes.scan as scan_module

    monkeypatch.setattr(scan_module, "worker_command", lambda: [sys.executable, "-c", "pass"])
    (pack,) = PackScan([(paths.themes_root() / "classic", True)]).start().take(wait=True)
    assert pack.available


def test_the_players_packs_do_not_wait_for_the_shipped_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's pack (a hostile one, quick to refuse) is listed while a shipped
    pack's check still runs: each has its own worker."""
    import game.themes.scan as scan_module

    slow = tmp_path / "slow"
    slow.mkdir()
    mine = tileset_loop_pack(tmp_path)
    monkeypatch.setattr(
        scan_module,
        "worker_command",
        lambda: [sys.executable, "-c", HANGING_WORKER.format(hang=str(slow))],
    )
    scan = PackScan([(slow, True), (mine, False)]).start()
    try:
        (first,) = scan.take(wait=True, most=1)
        assert first.id == "tileset-loop" and not first.available
        assert scan.pending == 1  # the shipped one: still being checked
    finally:
        scan.stop()
