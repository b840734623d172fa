"""A pack that exists only in tests/ loads, renders and can be chosen: themes are data."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.files import paths
from game.themes.loader import discover
from game.themes.render import ThemeRenderer

FIXTURE_ROOT = Path(__file__).parent / "fixtures"


def test_fixture_pack_loads_beside_the_shipped_ones() -> None:
    catalog = discover([(paths.themes_root(), True), (FIXTURE_ROOT, False)])
    neon = catalog.packs["neon"]
    assert neon.available, neon.reason
    assert not neon.builtin
    assert neon.manifest.name("es") == "Neón"
    assert neon.manifest.name("fr") == "Neon"  # unknown language falls back to English
    assert catalog.choose("neon") is neon
    assert len(catalog.available()) == 4


def test_fixture_pack_renders_with_the_default_font() -> None:
    pygame.init()
    try:
        neon = discover([(FIXTURE_ROOT, False)]).packs["neon"]
        renderer = ThemeRenderer(neon, (640, 360))
        assert renderer.card_size == (48, 72)
        card = renderer.card("blue-skip")
        assert card.get_at((24, 20))[:3] == (60, 160, 255)
        assert renderer.font(18).get_height() > 0
    finally:
        pygame.quit()


def test_user_folder_is_searched(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(paths, "user_themes_root", lambda: FIXTURE_ROOT)
    catalog = discover()
    assert catalog.packs["neon"].available
    assert catalog.packs["classic"].builtin
