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
    body += _panel(svg.shade(base, 0.82) if colour else (20, 20, 22))
    if colour:
        body += _centre(value)
        corner = _corner(value, colours.shape(colour))
    else:
        body += _wild_centre(value, colours, rng)
        corner = _wild_corner(value, colours)
    body += corner + [svg.group(corner, transform="rotate(180 100 150)")]
    return svg.document(CARD_W, CARD_H, body + svg.sheen(U, U, CARD_W - 2 * U, CARD_H - 2 * U))


def grid_card(rng: random.Random, field: RGB) -> list[str]:
    """A stone frame one texture pixel thick, corner pixels cut, round a mottled field."""
    cols, rows = CARD_W // U, CARD_H // U
    grid: list[list[RGB | None]] = []
    for r in range(rows):
        row: list[RGB | None] = []
        for c in range(cols):
            edge = r in (0, rows - 1) or c in (0, cols - 1)
            row.append(pixels.mottled(rng, STONE if edge else field))
        grid.append(row)
    return _outlined(grid)


def _outlined(grid: list[list[RGB | None]]) -> list[str]:
    """Cut the corner pixels and edge the card in dark ink, so it stands out on grass."""
    rows, cols = len(grid), len(grid[0])
    for r in (0, rows - 1):
        for c in (0, cols - 1):
            grid[r][c] = None
    edge = [
        svg.polygon(
            [
                (U, 0),
                (CARD_W - U, 0),
                (CARD_W - U, U),
                (CARD_W, U),
                (CARD_W, CARD_H - U),
                (CARD_W - U, CARD_H - U),
                (CARD_W - U, CARD_H),
                (U, CARD_H),
                (U, CARD_H - U),
                (0, CARD_H - U),
                (0, U),
                (U, U),
            ],
            "none",
            stroke=INK,
            stroke_width=4,
        ),
    ]
    return pixels.grid_rects(grid, 0, 0, U) + edge


def back_svg(colours: PackColours) -> str:
    """A grass block: grass on top dripping into dirt, a pickaxe struck into it (no
    coloured squares: those are the wild cards' picture)."""
    rng = random.Random("back")
    cols, rows = CARD_W // U, CARD_H // U
    drip = [rng.choice([4, 5, 5, 6]) for _ in range(cols)]
    grid: list[list[RGB | None]] = []
    for r in range(rows):
        grid.append(
            [
                pixels.mottled(
                    rng,
                    STONE
                    if r in (0, rows - 1) or c in (0, cols - 1)
                    else GRASS
                    if r < drip[c]
                    else DIRT,
                    0.15,
                )
                for c in range(cols)
            ]
        )
    del colours
    return svg.document(
        CARD_W,
        CARD_H,
        _outlined(grid) + _sword(rng) + svg.sheen(U, U, CARD_W - 2 * U, CARD_H - 2 * U),
    )


def _sword(rng: random.Random) -> list[str]:
    """The back's emblem, ink-outlined so it stands out on the dirt."""
    unit, x0, y0 = 11.0, 34.0, 110.0
    colours = {"s": (206, 226, 232), "g": (232, 184, 48), "h": (128, 84, 44)}
    cells = [(r, c, ch) for r, row in enumerate(pixels.SWORD) for c, ch in enumerate(row)]
    ink = [
        svg.rect(x0 + c * unit - 4, y0 + r * unit - 4, unit + 8, unit + 8, INK)
        for r, c, ch in cells
        if ch != "."
    ]
    fill = [
        svg.rect(
            x0 + c * unit,
            y0 + r * unit,
            unit,
            unit,
            svg.hex_colour(pixels.mottled(rng, colours[ch], 0.1)),
        )
        for r, c, ch in cells
        if ch != "."
    ]
    return ink + fill


def table_svg(colours: PackColours) -> str:
    """Grass all round, a stone floor under the piles."""
    return _field(colours, stone=True)


def menu_svg(colours: PackColours) -> str:
    """The same grass without the stone floor: the menus have no piles to sit on it."""
    return _field(colours, stone=False)


def _field(colours: PackColours, stone: bool) -> str:
    del colours
    rng = random.Random("table")
    unit = 20
    cols, rows = TABLE_W // unit, TABLE_H // unit
    grid: list[list[RGB | None]] = []
    for r in range(rows):
        row: list[RGB | None] = []
        for c in range(cols):
            floor = stone and 22 <= c < 42 and 9 <= r < 23
            row.append(pixels.mottled(rng, (112, 112, 116) if floor else (64, 116, 42), 0.1))
        grid.append(row)
    return svg.document(TABLE_W, TABLE_H, pixels.grid_rects(grid, 0, 0, unit))


def _panel(fill: RGB) -> list[str]:
    """A sunken block in the centre: dark face, lighter lower-right bevel."""
    return [
        svg.rect(58, 76, 102, 148, svg.hex_colour(svg.shade(fill, 0.7))),
        svg.rect(64, 82, 96, 142, svg.hex_colour(svg.shade(fill, 1.35))),
        svg.rect(64, 82, 90, 136, svg.hex_colour(fill)),
    ]


def _centre(value: str) -> list[str]:
    if value.isdigit():
        bitmap = pixels.text_bitmap(value, value in "69")
        return pixels.centred_outlined(bitmap, 100, 150, 13, WHITE, INK)
    if value == "skip":
        return pixels.centred_outlined(pixels.SKIP, 100, 150, 9, WHITE, INK)
    if value == "reverse":
        return pixels.centred_outlined(pixels.REVERSE, 100, 150, 9, WHITE, INK)
    return pixels.centred_outlined(pixels.text_bitmap("+2"), 100, 150, 8, WHITE, INK)


def _corner(value: str, shape: str) -> list[str]:
    """The index a fanned hand shows: big, bold, outlined in ink on every colour."""
    if value.isdigit():
        bitmap = pixels.text_bitmap(value, value in "69")
        index = pixels.outlined_rects(bitmap, 16, 16, 8, WHITE, INK)
    elif value == "skip":
        index = pixels.outlined_rects(pixels.SKIP, 15, 16, 5, WHITE, INK)
    elif value == "reverse":
        index = pixels.outlined_rects(pixels.REVERSE, 15, 15, 5, WHITE, INK)
    else:
        index = _plus_index("+2")
    # The colour symbol sits in the margin beside the centre block, clear of the index.
    symbol = pixels.outlined_rects(pixels.SHAPES[shape], 16, 90, 5, WHITE, INK)
    return index + symbol


def _plus_index(text: str) -> list[str]:
    return pixels.outlined_rects(pixels.text_bitmap(text), 15, 18, 5.5, WHITE, INK)


def _wild_centre(value: str, colours: PackColours, rng: random.Random) -> list[str]:
    if value == "creeper":
        return _creeper_face(rng, 100, 150, 12)
    out = []
    for i, key in enumerate(colours.order):
        grid = [[pixels.mottled(rng, colours.rgb[key], 0.2) for _ in range(4)] for _ in range(4)]
        out += pixels.grid_rects(grid, 56 + (i % 2) * 44, 106 + (i // 2) * 44, 11)
    if value == "wild-draw4":  # on an ink plate: white on the coloured squares was lost
        out.append(svg.rect(44, 116, 112, 68, INK))
        out += pixels.centred_outlined(pixels.text_bitmap("+4"), 100, 150, 9, WHITE, INK)
    return out


def _wild_corner(value: str, colours: PackColours) -> list[str]:
    if value == "wild-draw4":
        return _plus_index("+4")
    if value == "creeper":
        return _creeper_face(random.Random("corner"), 34, 36, 5)
    return [
        svg.rect(14 + (i % 2) * 22, 14 + (i // 2) * 22, 22, 22, svg.hex_colour(colours.rgb[key]))
        for i, key in enumerate(colours.order)
    ]


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
        grid.append(
            [
                dark if ch in "em" else glint if ch == "g" else pixels.mottled(rng, CREEPER, 0.25)
                for ch in row
            ]
        )
    size = 8 * unit
    frame = svg.rect(
        cx - size / 2 - unit / 2, cy - size / 2 - unit / 2, size + unit, size + unit, INK
    )
    return [frame, *pixels.grid_rects(grid, cx - size / 2, cy - size / 2, unit)]
