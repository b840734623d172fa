"""Every picture a shipped theme uses exists, decodes, and is named in the licence
beside it; every font and sound it uses exists and has a licence in its folder."""

from __future__ import annotations

import pygame
import pytest

from game.themes.faces import preset_faces
from game.themes.loader import ThemeCatalog
from game.themes.manifest import Manifest

LICENCE = "LICENSE.txt"


def _manifest(shipped: ThemeCatalog, pack_id: str) -> Manifest:
    manifest = shipped.choose(pack_id).manifest
    assert manifest is not None
    return manifest


def _pictures(manifest: Manifest) -> list:
    paths = [manifest.card_file(face) for face in preset_faces(manifest.preset)]
    paths += [manifest.card_back, manifest.table_background]
    paths += [manifest.menu_background] if manifest.menu_background else []
    return paths + [colour.symbol for colour in manifest.colours]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def test_every_picture_exists_decodes_and_is_licensed(shipped: ThemeCatalog, pack_id: str) -> None:
    pictures = _pictures(_manifest(shipped, pack_id))
    assert len(pictures) >= 58
    for path in pictures:
        assert path.is_file(), path
        image = pygame.image.load_sized_svg(str(path), (40, 60))  # keeps its aspect
        w, h = image.get_size()
        colours = {image.get_at((x, y))[:3] for x in range(0, w, 3) for y in range(0, h, 3)}
        assert len(colours) > 1, f"{path} decodes to a blank"
        licence = path.parent / LICENCE
        assert licence.is_file(), f"no {LICENCE} beside {path}"
        assert f"  {path.name}\n" in licence.read_text(encoding="utf-8"), path
        assert "CC0" in licence.read_text(encoding="utf-8")


def test_every_font_and_sound_has_its_licence(shipped: ThemeCatalog, pack_id: str) -> None:
    manifest = _manifest(shipped, pack_id)
    for font in manifest.fonts.values():
        if font.file is not None:
            assert font.file.is_file() and font.licence is not None and font.licence.is_file()
    for takes in manifest.sounds.values():
        for sound in takes:
            assert sound.is_file(), sound
            assert (sound.parent / LICENCE).is_file(), sound
