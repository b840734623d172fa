"""The app checks the other packs after its first frame, on a worker thread: the
catalog fills in frame by frame, hostile packs end up listed with their reasons,
too many packs are capped with a note, and names that are not UTF-8 are shown."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.app import App, Options
from game.files import paths
from game.themes.loader import Pack, load_pack
from game.themes.scan import PackScan
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import unavailable_summary
from game.ui.scenes.theme_packs import ThemePacksScene, catalog_notes
from tests.themes.hostile import copy_of_classic, decode_bomb_pack, tileset_loop_pack
from tests.ui.conftest import FRAME


@pytest.fixture
def user_packs(user_folders: dict[str, Path]) -> Path:
    root = user_folders["data"] / "themes"
    root.mkdir(parents=True)
    return root


def _scanned(app: App, seconds: float = 60) -> bool:
    """Frames until the scan is through (a wall-clock bound: the frames are quick)."""
    end = time.monotonic() + seconds
    while app.catalog.pending and time.monotonic() < end:
        app.step(FRAME)
        time.sleep(0.002)
    return app.catalog.pending == 0


def _app(theme: str = "classic") -> App:
    return App(Options(fixed_dt=FRAME, fps_cap=0, theme=theme))


@pytest.fixture
def gated_scan(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The app's scan checks nothing until the test opens the gate."""
    gate = threading.Event()

    def slow_check(folder: Path, builtin: bool) -> Pack:
        gate.wait(10)
        return load_pack(folder, builtin)

    monkeypatch.setattr(
        "game.app.PackScan",
        lambda folders, check=None, listed_later=None: PackScan(folders, slow_check, listed_later),
    )
    yield gate
    gate.set()


def test_the_first_frames_do_not_wait_for_the_other_packs(
    user_packs: Path, gated_scan: threading.Event
) -> None:
    copy_of_classic(user_packs, "mine")
    app = _app()
    try:
        app.start(MenuScene(app))
        for _ in range(3):
            app.step(FRAME)  # the scan is stuck at its first pack: frames go on
        assert list(app.catalog.packs) == ["classic"]
        assert app.catalog.pending == 3  # minecraft, monster_high, mine
        assert unavailable_summary(app) == "Checking..."
        assert catalog_notes(app) == ["Checking 3 more packs..."]
        app.stack.push(ThemePacksScene(app))
        app.step(FRAME)  # the list is drawn while the scan goes on
        gated_scan.set()
        assert _scanned(app)
        assert [p.id for p in app.catalog.available()] == [
            "classic",
            "minecraft",
            "monster_high",
            "mine",
        ]
        assert catalog_notes(app) == [] and unavailable_summary(app) == "All usable"
    finally:
        app.close()


def test_hostile_packs_are_listed_unavailable_by_the_background_scan(user_packs: Path) -> None:
    tileset_loop_pack(user_packs)
    decode_bomb_pack(user_packs)
    app = _app()
    try:
        app.start(MenuScene(app))
        app.step(FRAME)
        assert _scanned(app)
        reasons = {p.id: p.reason for p in app.catalog.unavailable()}
        assert "<tileset spacing='-63'>: must be 0 to 8192" in reasons["tileset-loop"]
        assert "sounds.deal: lasts 3,600 s by its header" in reasons["decode-bomb"]
        assert unavailable_summary(app) == "2 unavailable"
    finally:
        app.close()


def test_a_good_pack_after_ten_thousand_broken_folders_is_found_and_listed(
    user_packs: Path,
) -> None:
    for i in range(10_000):
        (user_packs / f"broken{i:05}").mkdir()
    copy_of_classic(user_packs, "zzz-good")  # last by name
    app = _app()
    try:
        app.start(MenuScene(app))
        app.step(FRAME)
        assert _scanned(app, seconds=240)
        assert app.catalog.packs["zzz-good"].available
        assert len(app.catalog.unavailable()) == 10_000 and app.catalog.skipped == 0
        app.start(ThemePacksScene(app))
        for _ in range(3):
            app.step(FRAME)
    finally:
        app.close()


def test_checks_that_run_out_of_time_count_and_say_what_they_left(
    user_packs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(50):
        (user_packs / f"p{i:03}").mkdir()
    monkeypatch.setattr("game.themes.scan.USER_SCAN_SECONDS", 0.0)
    app = _app()
    try:
        app.start(MenuScene(app))
        app.step(FRAME)
        assert _scanned(app)
        checked = [p for p in app.catalog.packs.values() if not p.builtin]
        assert len(checked) + app.catalog.skipped == 50 and app.catalog.skipped >= 49
        assert catalog_notes(app) == [
            f"{app.catalog.skipped} more pack folders were not checked: checking stopped after 0 s."
        ]
        app.start(ThemePacksScene(app))
        app.step(FRAME)
    finally:
        app.close()


def test_names_that_are_not_utf8_are_drawn_not_a_crash(
    user_packs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.mkdir(os.fsencode(user_packs) + b"/caf\xe9")
    copy_of_classic(user_packs, "mine")
    app = _app()
    try:
        app.complete_catalog()
        assert app.catalog.packs["caf\ufffd"].reason.endswith("is not UTF-8 text: rename it")
        # And a data folder whose own name is not UTF-8, in the hint at the bottom.
        odd_data = os.fsdecode(os.fsencode(user_packs.parent) + b"-jos\xe9")
        monkeypatch.setattr(paths, "user_data_folder", lambda: Path(odd_data))
        scene = ThemePacksScene(app)
        app.start(scene)
        app.step(FRAME)
        assert [p.id for p in scene._packs()][-1] == "caf\ufffd"
    finally:
        app.close()


def test_a_players_own_theme_is_read_at_start_without_the_others(user_packs: Path) -> None:
    copy_of_classic(user_packs, "mine")
    copy_of_classic(user_packs, "other")
    app = _app(theme="mine")
    try:
        assert app.theme_id == "mine"
        assert set(app.catalog.packs) == {"classic", "mine"}
        app.complete_catalog()
        assert {"minecraft", "other"} <= set(app.catalog.packs)
        assert app.theme_id == "mine"
    finally:
        app.close()
