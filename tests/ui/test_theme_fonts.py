"""The Minecraft pack's own pixel font has every letter the game writes, in both
languages, and its menus stand on grass, not on the table's stone floor."""

from __future__ import annotations

import re

import pygame
import pytest

from game.app import App
from game.files import paths
from game.themes.loader import discover

CATALOG = paths.asset_root() / "locale" / "es" / "LC_MESSAGES" / "game.po"


def _messages() -> str:
    """Every msgid and msgstr of the Spanish catalog, joined."""
    text = CATALOG.read_text(encoding="utf-8")
    return "".join(re.findall(r'^(?:msgid|msgstr(?:\[\d\])?|)\s*"(.*)"$', text, re.MULTILINE))


def _pixel_font() -> pygame.font.Font:
    manifest = discover([(paths.themes_root(), True)]).packs["minecraft"].manifest
    assert manifest is not None
    ui = manifest.fonts["ui"]
    assert ui.file is not None and ui.grid == 8
    pygame.font.init()
    return pygame.font.Font(str(ui.file), 16)


def test_the_pixel_font_has_every_character_of_both_languages() -> None:
    font = _pixel_font()
    wanted = sorted(set(_messages() + "0123456789·…←→¿¡ñÑáéíóúüÁÉÍÓÚ") - {"\\"})
    missing = [ch for ch, m in zip(wanted, font.metrics("".join(wanted)), strict=True) if not m]
    assert missing == []


def test_letters_keep_their_own_width() -> None:
    """The old default font spaced 'Tab le': here 'i' and 'l' are narrow, 'm' wide."""
    font = _pixel_font()
    assert font.size("i")[0] < font.size("a")[0] < font.size("m")[0] + 1
    assert font.size("Table")[0] == sum(font.size(ch)[0] for ch in "Table")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_minecraft_menus_show_no_stone_floor(app: App, size: tuple[int, int]) -> None:
    from game.ui.scenes.menu import MenuScene

    app.set_theme("minecraft")
    app.resize_window(size)
    app.start(MenuScene(app))
    app.step(1 / 60)
    # Beside the buttons, where the table has its grey stone floor under the piles.
    w, h = app.screen.get_size()
    r, g, b, _ = app.screen.get_at((w // 2 - w // 5, h // 2))
    assert g > r + 20 and g > b + 20, "grass, not stone"
