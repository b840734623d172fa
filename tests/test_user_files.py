"""One copy of the game owns the user's files; a second opens read-only and says so;
the owner cleans up what a killed save left and sets links aside. Two real
processes share one data folder here."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.engine import Match, RuleSet
from game.files import replay, settings, stats
from game.files.file_lock import NAME, FolderLock
from game.files.storage import Store
from game.files.user_files import UserFiles, clean_temporary
from game.table import saved_game
from game.table.seats import default_setup, settled
from tests.test_stats import finished_match

ROOT = Path(__file__).resolve().parents[1]
HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from game.files.file_lock import FolderLock
    lock = FolderLock(Path(sys.argv[1]))
    print("held" if lock.acquire() else "refused", flush=True)
    sys.stdin.read()  # holds the lock until the test closes our stdin (or kills us)
    """
)


def holder(folder: Path) -> subprocess.Popen[str]:
    """Another copy of the game, as far as the lock goes: a process holding it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    return process


def files(folder: Path) -> UserFiles:
    return UserFiles(Store(folder / "data"), Store(folder / "config"))


def test_a_second_process_opens_read_only_and_writes_nothing(tmp_path: Path) -> None:
    other = holder(tmp_path / "data")
    try:
        mine = files(tmp_path)
        assert not mine.open()
        assert not mine.owner and not mine.config.owner
        assert "read-only" in mine.data.notices[0].render()
        assert not stats.save(mine.data, stats.Stats())
        assert not (tmp_path / "data" / stats.FILE).exists()
        (tmp_path / "data" / saved_game.FILE).write_text("garbage")
        assert saved_game.load(mine.data) is None  # damaged, said so, but left where it is
        assert (tmp_path / "data" / saved_game.FILE).read_text() == "garbage"
        assert not list((tmp_path / "data").glob("*.bad-*"))
        assert not mine.take_over()  # the owner is still there
    finally:
        other.kill()
        other.wait()
    assert mine.take_over()  # the owner is gone (killed: the system dropped its lock)
    assert mine.owner and mine.config.owner
    assert stats.save(mine.data, stats.Stats())
    mine.close()


def test_the_owner_s_lock_goes_with_its_process_however_it_ends(tmp_path: Path) -> None:
    other = holder(tmp_path)
    assert not FolderLock(tmp_path).acquire()
    assert other.stdin is not None
    other.stdin.close()  # it ends on its own
    other.wait()
    lock = FolderLock(tmp_path)
    assert lock.acquire()
    assert (tmp_path / NAME).exists()
    lock.release()


def test_two_copies_of_the_game_on_one_folder(
    user_folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game itself, twice: the first copy runs for a while, the second is read-only."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    env["SDL_AUDIODRIVER"] = "dummy"
    first = subprocess.Popen(
        [sys.executable, "-m", "game", "--frames", "100000"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        lock_file = user_folders["data"] / NAME
        for _ in range(300):  # until the first copy has its lock
            if lock_file.exists() and not FolderLock(user_folders["data"]).acquire():
                break
            time.sleep(0.1)
        else:
            pytest.fail("the first copy never took the lock")
        from tests.ui.conftest import FRAME  # noqa: PLC0415 - a window only for this test

        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
        from game.app import App, Options  # noqa: PLC0415

        second = App(Options(fixed_dt=FRAME, fps_cap=0))
        try:
            assert not second.data.owner
            assert any("read-only" in text for text in second.notices())
            # The first copy may write its own settings (the lesson offered at a
            # first start): the second writes nothing over them.
            settings = user_folders["config"] / "settings.json"
            second.settings.player_name = "Zed"
            second.save_settings()
            assert not settings.exists() or b"Zed" not in settings.read_bytes()
        finally:
            second.close()
    finally:
        first.kill()
        first.wait()


def test_temporary_files_a_killed_save_left_are_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    left = [".match.json.abc123_x.tmp", ".stats.json.q1w2e3.tmp", ".settings.json.zz.tmp"]
    for name in left:
        (data / name).write_text("{half a save")
    kept = ["match.json", "notes.tmp", ".hidden", "match.json.bad-20260101-000000"]
    for name in kept:
        (data / name).write_text("mine")
    mine = files(tmp_path)
    assert mine.open()
    assert sorted(p.name for p in data.iterdir()) == sorted([*kept, NAME])
    mine.close()
    assert clean_temporary(Store(tmp_path / "nowhere")) == []


# Every file the game writes in the user's folders: (folder, name).
WRITTEN = [
    ("data", saved_game.FILE),
    ("data", stats.FILE),
    ("data", replay.FILE),
    ("config", settings.FILE),
]


@pytest.mark.parametrize("kind", ["dangling", "looping", "to a file"])
@pytest.mark.parametrize(("where", "name"), WRITTEN)
def test_a_link_in_place_of_a_user_file_is_set_aside_with_a_message(
    tmp_path: Path, kind: str, where: str, name: str
) -> None:
    data = tmp_path / where
    data.mkdir()
    target = tmp_path / "elsewhere.json"
    link = data / name
    if kind == "dangling":
        link.symlink_to(tmp_path / "gone.json")
    elif kind == "looping":
        link.symlink_to(link)
    else:
        target.write_text("someone else's file")
        link.symlink_to(target)
    mine = files(tmp_path)
    assert mine.open()
    (backup,) = data.glob(f"{name}.bad-*")
    assert backup.is_symlink() and not link.exists() and not link.is_symlink()
    notices = mine.data.notices + mine.config.notices
    assert any("a link is in its place" in n.render() for n in notices)
    if kind == "to a file":
        assert target.read_text() == "someone else's file"
    mine.close()


def _save(name: str, store: Store) -> bool:
    """What the game writes under `name`, written as the game writes it."""
    if name == settings.FILE:
        return settings.save(store, settings.Settings())
    if name == stats.FILE:
        return stats.save(store, stats.Stats())
    if name == replay.FILE:
        setup, rounds, winners = finished_match(3)
        replay.keep(store, replay.Replay("2026-01-01 10:00", setup, rounds, winners))
        replay.load(store)
        return True
    match = Match(RuleSet.preset("classic"), players=3, seed=3)
    return saved_game.save(store, settled(default_setup("classic", "classic", 3)), match, 0)


@pytest.mark.parametrize("name", [name for _, name in WRITTEN])
def test_a_link_that_appears_later_is_set_aside_not_written_through(
    tmp_path: Path, name: str
) -> None:
    store = Store(tmp_path)
    target = tmp_path / "elsewhere.json"
    target.write_text("someone else's file")
    (tmp_path / name).symlink_to(target)
    assert _save(name, store)
    assert target.read_text() == "someone else's file"
    assert (tmp_path / name).is_file() and not (tmp_path / name).is_symlink()
    assert list(tmp_path.glob(f"{name}.bad-*"))[0].is_symlink()


def test_a_link_to_a_missing_match_is_offered_and_then_named(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / saved_game.FILE).symlink_to(tmp_path / "gone")
    assert saved_game.exists(store)  # Continue is offered, and then says what it found
    assert saved_game.load(store) is None
    assert "a link is in its place" in store.notices[-1].render()


def test_a_folder_that_cannot_hold_a_lock_is_not_another_copy(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    mine = UserFiles(Store(blocker / "data"), Store(blocker / "config"))
    assert mine.open() and mine.owner  # saving fails there, and says so, as before
    assert not mine.lock.held and not mine.data.notices


@pytest.mark.parametrize("kind", ["dangling", "to a file"])
def test_a_link_in_place_of_the_lock_is_set_aside_never_followed(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    target = tmp_path / "elsewhere"
    if kind == "to a file":
        target.write_text("someone else's file")
    (data / NAME).symlink_to(target)
    mine = files(tmp_path)
    assert mine.open() and mine.owner and mine.lock.held
    assert (data / NAME).is_file() and not (data / NAME).is_symlink()
    (backup,) = data.glob(f"{NAME}.bad-*")
    assert backup.is_symlink()
    assert target.exists() == (kind == "to a file")  # never created, never written
    if kind == "to a file":
        assert target.read_text() == "someone else's file"
    assert any("link was in place of the lock file" in n.render() for n in mine.data.notices)
    other = files(tmp_path)  # and the lock holds: a second copy is read-only
    assert not other.open()
    mine.close()


def test_a_lock_link_that_cannot_be_moved_is_not_followed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    target = tmp_path / "elsewhere"
    (data / NAME).symlink_to(target)
    data.chmod(0o500)  # the link cannot be moved
    try:
        if os.access(data, os.W_OK):
            pytest.skip("running as a user whom permissions do not stop")
        mine = files(tmp_path)
        assert mine.open() and not mine.lock.held and not target.exists()
        assert any("cannot be moved" in n.render() for n in mine.data.notices)
    finally:
        data.chmod(0o700)
