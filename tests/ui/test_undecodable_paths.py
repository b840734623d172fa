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


def test_a_pack_under_a_data_folder_that_is_not_utf_8_is_drawn_with_its_own_files(
    app,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
) -> None:
    """SDL opens a path by its UTF-8 name: the font, the cards and the sounds of a pack
    under `\\xff\\xfe` are read by Python, by the path's bytes, and handed over as files."""
    from game.themes.drawable import drawable
    from game.themes.render import _MISSING_ART, ThemeRenderer

    data = tmp_path / os.fsdecode(b"data\xff\xfe")
    monkeypatch.setattr(paths, "user_data_dir", lambda name: str(data / name))
    mine = paths.user_themes_root() / "mine"
    shutil.copytree(paths.themes_root() / "classic", mine)
    manifest = mine / "theme.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"classic"', '"mine"', 1))
    app.catalog = discover([(paths.themes_root(), True), (paths.user_themes_root(), False)])
    pack = drawable(app.catalog.packs["mine"])
    assert pack.available, pack.reason
    renderer = ThemeRenderer(pack, (1280, 720))
    card = renderer.card("red-5")
    assert card.get_at((card.get_width() // 2, card.get_height() // 2))[:3] != _MISSING_ART
    own, default = renderer.font(30).size("UNO 0123"), pygame.font.Font(None, 30).size("UNO 0123")
    assert own != default  # the pack's Noto Sans, not pygame's fallback
    shipped = ThemeRenderer(app.catalog.packs["classic"], (1280, 720)).font(30).size("UNO 0123")
    assert own == shipped
    app.set_theme("mine")
    packs = ThemePacksScene(app)
    app.start(packs)
    for _ in range(3):
        app.step(FRAME)
    assert not any("cannot draw text" in line for line in packs.lines())
