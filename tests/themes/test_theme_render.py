"""Every card of every shipped pack renders headless, at the size the layout asks for."""

from __future__ import annotations

import pygame
import pytest

from game.themes.faces import preset_faces
from game.themes.loader import ThemeCatalog
from game.themes.render import ThemeRenderer


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _distinct_colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    points = [(x * w // 9, y * h // 13) for x in range(9) for y in range(13)]
    return len({tuple(surface.get_at(p)) for p in points})


def test_every_card_renders_to_a_non_empty_surface(shipped: ThemeCatalog, pack_id: str) -> None:
    pack = shipped.packs[pack_id]
    renderer = ThemeRenderer(pack, (1280, 720))
    faces = preset_faces(pack.manifest.preset)
    for face in [*faces, None]:
        surface = renderer.card(face) if face else renderer.back()
        assert surface.get_size() == renderer.card_size == (96, 144)
        centre = surface.get_at((48, 72))
        assert centre.a == 255, face
        assert centre[:3] != (255, 0, 255), f"{face}: missing art placeholder"
        assert _distinct_colours(surface) >= 3, face


def test_table_and_symbols_render(shipped: ThemeCatalog, pack_id: str) -> None:
    renderer = ThemeRenderer(shipped.packs[pack_id], (800, 450))
    assert renderer.table().get_size() == (800, 450)
    for colour in renderer.manifest.colours:
        symbol = renderer.symbol(colour.key, 40)
        assert symbol.get_at((20, 20))[:3] != (255, 0, 255)
        assert symbol.get_at((20, 20)).a > 0


def test_resize_re_renders_cards_at_the_new_size(shipped: ThemeCatalog) -> None:
    renderer = ThemeRenderer(shipped.packs["classic"], (1280, 720))
    small = renderer.card("red-7")
    assert renderer.card("red-7") is small  # cached
    renderer.resize((1920, 1080))
    large = renderer.card("red-7")
    assert large.get_size() == (144, 216)
    assert large is not small


def test_rotated_cards_are_cached_per_angle(shipped: ThemeCatalog) -> None:
    renderer = ThemeRenderer(shipped.packs["minecraft"], (1280, 720))
    tilted = renderer.card("creeper", angle=12)
    assert tilted.get_width() > renderer.card_size[0]
    assert renderer.card("creeper", angle=12) is tilted


def test_pack_fonts_load(shipped: ThemeCatalog, pack_id: str) -> None:
    font = ThemeRenderer(shipped.packs[pack_id], (1280, 720)).font(20)
    assert font.render("Rosa · Amarillo", True, (255, 255, 255)).get_width() > 50


def test_unreadable_art_shows_a_placeholder_instead_of_crashing(pack_copy) -> None:
    from game.themes.loader import load_pack

    folder = pack_copy("classic")
    pack = load_pack(folder)
    (folder / "cards" / "red-7.svg").write_text("not svg at all", encoding="utf-8")
    surface = ThemeRenderer(pack, (1280, 720)).card("red-7")
    assert surface.get_at((48, 72))[:3] == (255, 0, 255)


def test_png_art_is_scaled_to_the_size_asked_for(tmp_path) -> None:
    from game.themes.render import load_image

    drawn = pygame.Surface((192, 288))
    drawn.fill((10, 200, 30))
    path = tmp_path / "card.png"
    pygame.image.save(drawn, str(path))
    loaded = load_image(path, (96, 144))
    assert loaded.get_size() == (96, 144)
    assert loaded.get_at((48, 72))[:3] == (10, 200, 30)
