"""Every pack we ship validates, names its colours in both languages and has all its art."""

from __future__ import annotations

import pytest

from game.themes.faces import preset_faces
from game.themes.loader import ThemeCatalog
from game.themes.manifest import required_sounds

SPANISH = {"red": "Rojo", "pink": "Rosa", "yellow": "Amarillo", "green": "Verde", "blue": "Azul"}


def test_exactly_the_three_packs_ship(shipped: ThemeCatalog) -> None:
    assert sorted(shipped.packs) == ["classic", "minecraft", "monster_high"]


def test_shipped_pack_validates(shipped: ThemeCatalog, pack_id: str) -> None:
    pack = shipped.packs[pack_id]
    assert pack.available, pack.reason
    assert pack.manifest is not None
    assert pack.manifest.preset == pack_id
    assert pack.manifest.names["en"] and pack.manifest.names["es"]


def test_colours_have_spanish_names_and_distinct_symbols(
    shipped: ThemeCatalog, pack_id: str
) -> None:
    manifest = shipped.packs[pack_id].manifest
    assert manifest is not None
    for colour in manifest.colours:
        assert colour.names["es"] == SPANISH[colour.key]
    assert len({c.symbol.read_bytes() for c in manifest.colours}) == 4


def test_monster_high_has_pink_instead_of_red(shipped: ThemeCatalog) -> None:
    keys = {c.key for c in shipped.packs["monster_high"].manifest.colours}
    assert keys == {"pink", "yellow", "green", "blue"}


def test_preset_sounds_are_all_there(shipped: ThemeCatalog, pack_id: str) -> None:
    manifest = shipped.packs[pack_id].manifest
    for name in required_sounds(manifest.preset):
        for take in manifest.sounds[name]:
            data = take.read_bytes()
            assert data[:4] == b"OggS" and len(data) < 60_000, take.name


def test_every_card_of_the_engine_deck_has_art(shipped: ThemeCatalog, pack_id: str) -> None:
    engine = pytest.importorskip("game.engine")
    manifest = shipped.packs[pack_id].manifest
    faces = sorted({str(card) for card in engine.RuleSet.preset(manifest.preset).deck()})
    missing = [face for face in faces if not manifest.card_file(face).is_file()]
    assert faces and not missing


@pytest.mark.parametrize(
    ("preset", "colours", "count", "special"),
    [
        ("classic", ["red", "yellow", "green", "blue"], 54, None),
        ("minecraft", ["red", "yellow", "green", "blue"], 55, "creeper"),
        ("monster_high", ["pink", "yellow", "green", "blue"], 55, "urrrh"),
    ],
)
def test_preset_faces_follow_the_deck_contract(
    preset: str, colours: list[str], count: int, special: str | None
) -> None:
    faces = preset_faces(preset)
    assert len(faces) == count
    assert {"wild", "wild-draw4", f"{colours[0]}-0", f"{colours[3]}-draw2"} <= set(faces)
    assert (special in faces) if special else not {"creeper", "urrrh"} & set(faces)


def test_shipped_fonts_carry_an_open_licence(shipped: ThemeCatalog) -> None:
    shipped_fonts = [f for p in shipped.packs.values() for f in p.manifest.fonts.values() if f.file]
    assert shipped_fonts
    for font in shipped_fonts:
        text = font.licence.read_text(encoding="utf-8")
        assert "SIL Open Font License" in text or "CC0 1.0 Universal" in text
