"""Minecraft pack art: blocky pixel cards on stone frames, a grassy table."""

from __future__ import annotations

import random

import pixels
import svg
from common import CARD_H, CARD_W, RGB, TABLE_H, TABLE_W, PackColours, split_face

U = 10  # one texture pixel, in card units: a 20x30 grid
STONE: RGB = (128, 128, 132)
INK = "#1a1a1a"
WHITE = "#ffffff"
CREEPER: RGB = (82, 168, 60)
GRASS: RGB = (96, 160, 56)
DIRT: RGB = (134, 96, 67)


def card_svg(face: str, colours: PackColours) -> str:
    colour, value = split_face(face)
    rng = random.Random(face)  # each card keeps its own texture from build to build
    base = colours.rgb[colour] if colour else (44, 44, 48)
    body = grid_card(rng, base)
    body += _panel(svg.shade(base, 0.55) if colour else (20, 20, 22))
    if colour:
        body += _centre(value)
        corner = _corner(value, colours.shape(colour))
    else:
        body += _wild_centre(value, colours, rng)
        corner = _wild_corner(value, colours)
    body += corner + [svg.group(corner, transform="rotate(180 100 150)")]
    return svg.document(CARD_W, CARD_H, body)


def grid_card(rng: random.Random, field: RGB) -> list[str]:
    """A stone frame one texture pixel thick, corner pixels cut, round a mottled field."""
    cols, rows = CARD_W // U, CARD_H // U
    grid: list[list[RGB | None]] = []
    for r in range(rows):
        row: list[RGB | None] = []
        for c in range(cols):
            edge = r in (0, rows - 1) or c in (0, cols - 1)
            corner = r in (0, rows - 1) and c in (0, cols - 1)
            row.append(None if corner else pixels.mottled(rng, STONE if edge else field))
        grid.append(row)
    return pixels.grid_rects(grid, 0, 0, U)


def back_svg(colours: PackColours) -> str:
    """A grass block: grass on top dripping into dirt, the four colours as ore."""
    rng = random.Random("back")
    cols, rows = CARD_W // U, CARD_H // U
    drip = [rng.choice([3, 4, 4, 5]) for _ in range(cols)]
    grid: list[list[RGB | None]] = [
        [pixels.mottled(rng, GRASS if r < drip[c] else DIRT, 0.15) for c in range(cols)]
        for r in range(rows)
    ]
    for c in (0, cols - 1):
        grid[0][c] = grid[rows - 1][c] = None
    for i, key in enumerate(colours.order):  # a 2x2 block of coloured ore in the middle
        x0, y0 = 6 + (i % 2) * 4, 11 + (i // 2) * 4
        for dy in range(4):
            for dx in range(4):
                grid[y0 + dy][x0 + dx] = pixels.mottled(rng, colours.rgb[key], 0.2)
    return svg.document(CARD_W, CARD_H, pixels.grid_rects(grid, 0, 0, U))


def table_svg(colours: PackColours) -> str:
    """Grass all round, a stone floor under the piles, a gravel path to the hand."""
    del colours
    rng = random.Random("table")
    unit = 20
    cols, rows = TABLE_W // unit, TABLE_H // unit
    grid: list[list[RGB | None]] = []
    for r in range(rows):
        row: list[RGB | None] = []
        for c in range(cols):
            stone = 22 <= c < 42 and 9 <= r < 23
            row.append(pixels.mottled(rng, (112, 112, 116) if stone else (78, 140, 48), 0.1))
        grid.append(row)
    return svg.document(TABLE_W, TABLE_H, pixels.grid_rects(grid, 0, 0, unit))


def _panel(fill: RGB) -> list[str]:
    """A sunken block in the centre: dark face, lighter lower-right bevel."""
    return [
        svg.rect(30, 60, 140, 180, svg.hex_colour(svg.shade(fill, 0.7))),
        svg.rect(36, 66, 134, 174, svg.hex_colour(svg.shade(fill, 1.35))),
        svg.rect(36, 66, 128, 168, svg.hex_colour(fill)),
    ]


def _centre(value: str) -> list[str]:
    if value.isdigit():
        return pixels.centred(pixels.text_bitmap(value, value in "69"), 100, 150, 16, WHITE, INK)
    if value == "skip":
        return pixels.centred(pixels.SKIP, 100, 150, 13, WHITE, INK)
    if value == "reverse":
        return pixels.centred(pixels.REVERSE, 100, 150, 12, WHITE, INK)
    return pixels.centred(pixels.text_bitmap("+2"), 100, 150, 10, WHITE, INK)


def _corner(value: str, shape: str) -> list[str]:
    if value.isdigit():
        index = pixels.bitmap_rects(pixels.text_bitmap(value, value in "69"), 14, 14, 5,
                                    WHITE, INK)
    elif value == "skip":
        index = pixels.bitmap_rects(pixels.SKIP, 14, 14, 4, WHITE, INK)
    elif value == "reverse":
        index = pixels.bitmap_rects(pixels.REVERSE, 14, 14, 4, WHITE, INK)
    else:
        index = pixels.bitmap_rects(pixels.text_bitmap("+2"), 12, 16, 3, WHITE, INK)
    symbol = pixels.bitmap_rects(pixels.SHAPES[shape], 14, 66, 5, WHITE, INK)
    return index + symbol


def _wild_centre(value: str, colours: PackColours, rng: random.Random) -> list[str]:
    if value == "creeper":
        return _creeper_face(rng, 100, 150, 15)
    out = []
    for i, key in enumerate(colours.order):
        grid = [[pixels.mottled(rng, colours.rgb[key], 0.2) for _ in range(4)] for _ in range(4)]
        out += pixels.grid_rects(grid, 52 + (i % 2) * 48, 102 + (i // 2) * 48, 12)
    if value == "wild-draw4":
        out += pixels.centred(pixels.text_bitmap("+4"), 100, 150, 8, WHITE, INK)
    return out


def _wild_corner(value: str, colours: PackColours) -> list[str]:
    if value == "wild-draw4":
        return pixels.bitmap_rects(pixels.text_bitmap("+4"), 12, 16, 3, WHITE, INK)
    if value == "creeper":
        return _creeper_face(random.Random("corner"), 34, 36, 4)
    return [svg.rect(16 + (i % 2) * 14, 16 + (i // 2) * 14, 14, 14,
                     svg.hex_colour(colours.rgb[key])) for i, key in enumerate(colours.order)]


# Our creeper: slanted eyes with a glint, a long jagged mouth. "e" eye, "g" glint, "m" mouth.
_FACE = (
    "........",
    ".g....g.",
    ".ee..ee.",
    "..e..e..",
    "...mm...",
    "..mmmm..",
    "..m..m..",
    "..m..m..",
)


def _creeper_face(rng: random.Random, cx: float, cy: float, unit: float) -> list[str]:
    dark, glint = (24, 32, 22), (200, 240, 190)
    grid: list[list[RGB | None]] = []
    for row in _FACE:
        grid.append([
            dark if ch in "em" else glint if ch == "g" else pixels.mottled(rng, CREEPER, 0.25)
            for ch in row
        ])
    size = 8 * unit
    frame = svg.rect(cx - size / 2 - unit / 2, cy - size / 2 - unit / 2, size + unit, size + unit,
                     INK)
    return [frame, *pixels.grid_rects(grid, cx - size / 2, cy - size / 2, unit)]
