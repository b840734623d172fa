"""Every card of every shipped theme can be read in a hand, lit or dimmed.

Measured on the rendered card, as the hand shows it: the corner index (the part a
fanned hand leaves visible) must keep strokes of at least 3:1 contrast against the
card's own face around them, dimmed or not; and a dimmed card keeps its hue (a
dimmed yellow stays yellow, not khaki).
"""

from __future__ import annotations

import colorsys
import functools
import os
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.files import paths
from game.themes.faces import preset_faces, split_face
from game.themes.loader import Pack, discover
from game.themes.render import load_image
from game.ui.style import dimmed_card

THEMES = ("classic", "minecraft", "monster_high")
SIZE = (100, 150)  # a hand card at about 800x600
# The corner index in card fractions (left, top, right, bottom), inside the border.
INDEX_BOX = (0.07, 0.05, 0.32, 0.29)
# Of the index box, the share of pixels that must stand out at 3:1 from the face: a
# numeral's strokes cover far more; a faded or vanished one far less.
GLYPH_SHARE = 0.06


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _pixels(card: pygame.Surface, box: tuple[float, float, float, float]) -> list:
    w, h = card.get_size()
    x0, y0, x1, y1 = round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)
    return [card.get_at((x, y))[:3] for y in range(y0, y1) for x in range(x0, x1)]


def glyph_share(card: pygame.Surface, box: tuple[float, float, float, float] = INDEX_BOX) -> float:
    """The share of the box's pixels at 3:1 or more against the face: the face being
    the box's commonest colour (coarsely binned, so a texture counts as one)."""
    pixels = _pixels(card, box)
    binned = Counter((r // 32, g // 32, b // 32) for r, g, b in pixels)
    top = binned.most_common(1)[0][0]
    face_pixels = [p for p in pixels if (p[0] // 32, p[1] // 32, p[2] // 32) == top]
    face = tuple(sum(c[i] for c in face_pixels) // len(face_pixels) for i in range(3))
    return sum(contrast(p, face) >= 3.0 for p in pixels) / len(pixels)  # type: ignore[arg-type]


@functools.cache
def _pack(theme: str) -> Pack:
    return discover([(paths.themes_root(), True)]).choose(theme)


def _card(theme: str, face: str | None) -> pygame.Surface:
    pack = _pack(theme)
    assert pack.manifest is not None
    path = pack.manifest.card_back if face is None else pack.manifest.card_file(face)
    return load_image(path, SIZE)


def _faces(theme: str) -> list[str]:
    pack = _pack(theme)
    assert pack.manifest is not None
    return preset_faces(pack.manifest.preset)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("theme", THEMES)
def test_every_index_stands_out_lit_and_dimmed(theme: str) -> None:
    faint = []
    for face in _faces(theme):
        card = _card(theme, face)
        for look, image in (("lit", card), ("dimmed", dimmed_card(card))):
            share = glyph_share(image)
            if share < GLYPH_SHARE:
                faint.append(f"{face} {look}: {share:.3f}")
    assert faint == []


@pytest.mark.parametrize("theme", THEMES)
def test_the_plus_four_reads_at_the_centre_of_the_wild_draw_four(theme: str) -> None:
    card = _card(theme, "wild-draw4")
    for image in (card, dimmed_card(card)):
        assert glyph_share(image, (0.3, 0.36, 0.7, 0.64)) >= 0.1


def _hue_and_saturation(card: pygame.Surface) -> tuple[float, float]:
    """The hue and saturation of the card's commonest strongly coloured pixels."""
    pixels = _pixels(card, (0.05, 0.05, 0.95, 0.95))
    hsv = [colorsys.rgb_to_hsv(*(c / 255 for c in p)) for p in pixels]
    coloured = [(h, s) for h, s, v in hsv if s > 0.35 and v > 0.3]
    bins = Counter(round(h * 36) % 36 for h, _ in coloured)
    top = bins.most_common(1)[0][0]
    near = [(h, s) for h, s in coloured if round(h * 36) % 36 == top]
    return top / 36, sum(s for _, s in near) / len(near)


@pytest.mark.parametrize("theme", THEMES)
def test_a_dimmed_card_keeps_its_colour(theme: str) -> None:
    """Classic's dimmed yellow turned khaki: its hue moved and its colour drained."""
    for face in _faces(theme):
        colour, _ = split_face(face)
        if colour is None or not face.endswith("-5"):
            continue
        card = _card(theme, face)
        hue, saturation = _hue_and_saturation(card)
        dim_hue, dim_saturation = _hue_and_saturation(dimmed_card(card))
        assert min(abs(hue - dim_hue), 1 - abs(hue - dim_hue)) <= 1 / 36, face
        assert dim_saturation >= 0.6 * saturation, face


def _colour_shares(card: pygame.Surface, rgbs: list[tuple[int, int, int]]) -> list[float]:
    """Of the card's middle, the share near each of the pack's colours."""
    pixels = _pixels(card, (0.2, 0.2, 0.8, 0.8))

    def near(p: tuple[int, int, int], rgb: tuple[int, int, int]) -> bool:
        return sum((a - b) ** 2 for a, b in zip(p, rgb, strict=True)) < 60**2

    return [sum(near(p, rgb) for p in pixels) / len(pixels) for rgb in rgbs]


@pytest.mark.parametrize("theme", THEMES)
def test_the_back_does_not_wear_the_wilds_four_colours(theme: str) -> None:
    """Minecraft's back showed the wild's four coloured squares: a player could not
    tell a wild in a fan from an opponent's back at a glance."""
    manifest = _pack(theme).manifest
    assert manifest is not None
    rgbs = [c.rgb for c in manifest.colours]
    assert min(_colour_shares(_card(theme, "wild"), rgbs)) >= 0.05
    assert min(_colour_shares(_card(theme, None), rgbs)) < 0.01
