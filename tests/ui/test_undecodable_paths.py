"""Folder names that are not UTF-8 (unzipped from a Latin-1 archive) are shown decoded
with replacement, never a crash: the theme packs page and the "Cannot save" note."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pygame
import pytest

from game.files import paths
from game.files.paths import shown_path
from game.files.storage import Store
from game.themes.loader import discover
from game.ui.scenes.theme_packs import ThemePacksScene
from tests.ui.conftest import FRAME

LATIN_1 = os.fsdecode(b"caf\xe9")  # "café" in Latin-1: not UTF-8


def test_a_path_that_is_not_utf_8_is_shown_with_a_replacement_mark() -> None:
    shown = shown_path(Path("/games") / LATIN_1)
    assert shown == "/games/caf\ufffd"
    shown.encode("utf-8")  # a font, a log or JSON can take it
    assert shown_path("tab\there\0") == "tab\ufffdhere\ufffd"
    assert shown_path("ordinary ñ/packs") == "ordinary ñ/packs"


def test_a_pack_folder_named_in_latin_1_is_listed_not_a_crash(app, tmp_path: Path) -> None:  # noqa: ANN001
    user = tmp_path / "user"
    shutil.copytree(paths.themes_root() / "classic", user / LATIN_1)
    (user / (LATIN_1 + "2")).mkdir()  # and one with nothing in it
    app.catalog = discover([(paths.themes_root(), True), (user, False)])
    packs = ThemePacksScene(app)
    app.start(packs)
    for _ in range(3):
        app.step(FRAME)  # draws the list
    texts = packs.lines()
    assert any("caf\ufffd" in line for line in texts), texts
    packs.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_data_folder_named_in_latin_1_is_named_in_the_note(tmp_path: Path) -> None:
    folder = tmp_path / LATIN_1
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        store = Store(folder)
        assert not store.save("x.json", "x", 1, {})
        (notice,) = store.notices
        text = notice.render()
        assert "caf\ufffd" in text
        text.encode("utf-8")
    finally:
        folder.chmod(stat.S_IRWXU)


def test_the_cannot_save_note_is_shown_for_a_folder_named_in_latin_1(tmp_path: Path) -> None:
    """As root can write anywhere, the folder is made unwritable by a file in its place."""
    blocker = tmp_path / LATIN_1
    blocker.write_text("not a folder")
    store = Store(blocker / "data")
    assert not store.save("x.json", "x", 1, {})
    text = store.notices[0].render()
    assert f"{shown_path(tmp_path)}/caf\ufffd/data" in text
    pygame.font.init()
    pygame.font.Font(None, 18).render(text, True, (0, 0, 0))  # draws
