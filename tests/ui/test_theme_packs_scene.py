"""Settings lists the packs the game cannot use, with the reason, where a player sees it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.files import paths
from game.themes.loader import discover
from game.ui.scenes.settings import SettingsScene, unavailable_summary
from game.ui.scenes.theme_packs import ThemePacksScene
from tests.ui.conftest import FRAME


def test_an_unavailable_pack_is_listed_with_its_reason(app, tmp_path: Path) -> None:  # noqa: ANN001
    broken = tmp_path / "user" / "broken"
    shutil.copytree(paths.themes_root() / "classic", broken)
    manifest = broken / "theme.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"classic"', '"broken"', 1))
    (broken / "cards" / "red-3.svg").unlink()
    app.catalog = discover([(paths.themes_root(), True), (tmp_path / "user", False)])
    assert unavailable_summary(app) == "1 unavailable"
    settings = SettingsScene(app)
    app.start(settings)
    app.step(FRAME)
    settings.change("packs", 1)
    app.step(FRAME)
    packs = app.stack.top
    assert isinstance(packs, ThemePacksScene)
    listed = packs._packs()
    assert listed[-1].id == "broken" and "no art for card 'red-3'" in listed[-1].reason
    assert [p.id for p in app.catalog.available()] == ["classic", "minecraft", "monster_high"]
    app.step(FRAME)  # draws the list without error
    packs.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is settings


def test_a_pack_whose_manifest_holds_a_nul_is_listed_not_a_crash(app, tmp_path: Path) -> None:  # noqa: ANN001
    """Its reason quotes the id it refuses, the NUL shown as a replacement character
    (pygame cannot draw a NUL)."""
    broken = tmp_path / "user" / "broken"
    shutil.copytree(paths.themes_root() / "classic", broken)
    manifest = broken / "theme.toml"
    text = manifest.read_text(encoding="utf-8").replace('"classic"', '"a\\u0000b"', 1)
    manifest.write_text(text, encoding="utf-8")
    app.catalog = discover([(paths.themes_root(), True), (tmp_path / "user", False)])
    packs = ThemePacksScene(app)
    app.start(packs)
    reason = packs._packs()[-1].reason
    assert "\0" not in reason and "'a\ufffdb'" in reason
    app.step(FRAME)  # drawn, the NUL shown as a replacement character
