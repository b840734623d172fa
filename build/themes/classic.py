"""Classic pack art: white border, tilted oval, bold outlined numerals."""

from __future__ import annotations

import math
import random

import glyphs
import shapes
import svg
from common import CARD_H, CARD_W, TABLE_H, TABLE_W, PackColours, split_face

INK = "#1b1b1b"
SLANT = 8.0  # a slight lean gives the numerals the familiar sporty look
WHITE = "#ffffff"
TILT = 30.0
OVAL = (100.0, 150.0, 64.0, 112.0)  # cx, cy, rx, ry before the tilt


def card_svg(face: str, colours: PackColours) -> str:
    colour, value = split_face(face)
    fill = svg.hex_colour(colours.rgb[colour]) if colour else INK
    body = [*_frame(fill), _oval(WHITE)]
    if colour is None:
        body += _wild_centre(value, colours)
    else:
        body += _centre(value, fill)
        corner = _corner(value, colour, colours)
        body += corner + [svg.group(corner, transform="rotate(180 100 150)")]
    return svg.document(CARD_W, CARD_H, body + svg.sheen(1, 1, CARD_W - 2, CARD_H - 2, 18))


def back_svg(colours: PackColours) -> str:
    body = [*_frame(INK), _oval(svg.hex_colour(colours.rgb[colours.order[0]]))]
    cx, cy, rx, ry = OVAL
    body.append(
        svg.polygon(
            shapes.ellipse_points(cx, cy, rx - 8, ry - 8, 0, 360, TILT, 48),
            "none",
            stroke="#f4d03f",
            stroke_width=5,
        )
    )
    # A white star with a dark edge: nothing like the wilds' four colours.
    body.append(
        svg.polygon(
            shapes.star_points(cx, cy, 50, 22, 5, TILT),
            WHITE,
            stroke=INK,
            stroke_width=6,
            stroke_linejoin="round",
        )
    )
    return svg.document(CARD_W, CARD_H, body + svg.sheen(1, 1, CARD_W - 2, CARD_H - 2, 18))


def table_svg(colours: PackColours) -> str:
    """Green baize with a soft lighter centre and a wooden rim."""
    del colours
    w, h = TABLE_W, TABLE_H
    body = [
        svg.radial_gradient("felt", "50%", "65%", "#2f8a4e", "#0f4a26"),
        svg.rect(0, 0, w, h, "#5a3418"),
        svg.rect(14, 14, w - 28, h - 28, "url(#felt)", rx=48),
        svg.rect(
            30,
            30,
            w - 60,
            h - 60,
            "none",
            rx=38,
            stroke="#ffffff",
            stroke_opacity=0.12,
            stroke_width=3,
        ),
        *_felt_fibres(w, h),
    ]
    return svg.document(w, h, body)


def _felt_fibres(w: int, h: int) -> list[str]:
    """Short light and dark hairs scattered over the baize: the felt's nap (two paths,
    one a shade: a path apiece took nanosvg ~30 ms more to draw)."""
    rng = random.Random("felt")
    strokes: dict[str, list[str]] = {"#ffffff": [], "#000000": []}
    for _ in range(600):
        x, y = rng.uniform(30, w - 30), rng.uniform(30, h - 30)
        a = rng.uniform(0, math.pi)
        length = rng.uniform(4, 10)
        colour = "#ffffff" if rng.random() < 0.5 else "#000000"
        strokes[colour].append(
            f"M{x:.1f} {y:.1f} l{length * math.cos(a):.1f} {length * math.sin(a):.1f}"
        )
    return [
        svg.path(" ".join(d), stroke=colour, stroke_opacity=0.07, stroke_width=1.5)
        for colour, d in strokes.items()
    ]


def _frame(fill: str) -> list[str]:
    return [
        svg.rect(1, 1, CARD_W - 2, CARD_H - 2, WHITE, rx=18, stroke="#9a9a9a", stroke_width=2),
        svg.rect(12, 12, CARD_W - 24, CARD_H - 24, fill, rx=12),
    ]


def _oval(fill: str) -> str:
    cx, cy, rx, ry = OVAL
    return svg.ellipse(cx, cy, rx, ry, fill, transform=f"rotate({TILT} {cx} {cy})")


def _centre(value: str, fill: str) -> list[str]:
    if value.isdigit():
        return glyphs.stroked_text(
            value, 100, 150, 120, fill, INK, 19, 11, underline=value in "69", slant=SLANT
        )
    if value == "skip":
        return glyphs.stroked_symbol(glyphs.SKIP, 100, 150, 120, fill, INK, 14)
    if value == "reverse":
        return glyphs.stroked_symbol(glyphs.REVERSE, 100, 150, 120, fill, INK, 13)
    return glyphs.stroked_text("+2", 100, 150, 84, fill, INK, 19, 11, slant=SLANT)


def _corner(value: str, colour: str, colours: PackColours) -> list[str]:
    """The index a fanned hand shows: large and heavy, white on the card's colour with
    a dark outline, so it reads on every colour, lit or dimmed."""
    symbol = shapes.colour_symbol(colours.shape(colour), 34, 128, 32, WHITE, INK, 3.5)
    if value.isdigit():
        index = glyphs.stroked_text(value, 36, 56, 66, WHITE, INK, 21, 13, value in "69", SLANT)
    elif value == "skip":
        index = glyphs.stroked_symbol(glyphs.SKIP, 36, 52, 54, WHITE, INK, 18)
    elif value == "reverse":
        index = glyphs.stroked_symbol(glyphs.REVERSE, 36, 52, 54, WHITE, INK, 17)
    else:
        index = _plus_index("+2")
    return [*index, symbol]


def _plus_index(text: str) -> list[str]:
    return glyphs.stroked_text(text, 44, 52, 48, WHITE, INK, 21, 13, slant=SLANT)


def _wild_centre(value: str, colours: PackColours) -> list[str]:
    cx, cy, rx, ry = OVAL
    body = []
    for i, key in enumerate(colours.order):
        points = shapes.ellipse_sector(cx, cy, rx - 6, ry - 6, 90 * i, 90 * (i + 1), TILT)
        body.append(svg.polygon(points, svg.hex_colour(colours.rgb[key])))
    if value == "wild-draw4":
        fills = [svg.hex_colour(colours.rgb[k]) for k in colours.order]
        body += _mini_cards(fills, cx, cy)
        corner = _plus_index("+4")
    else:
        corner = _mini_oval(colours, 36, 54)
    return body + corner + [svg.group(corner, transform="rotate(180 100 150)")]


def _mini_oval(colours: PackColours, cx: float, cy: float) -> list[str]:
    out = []
    for i, key in enumerate(colours.order):
        points = shapes.ellipse_sector(cx, cy, 17, 29, 90 * i, 90 * (i + 1), TILT)
        out.append(
            svg.polygon(points, svg.hex_colour(colours.rgb[key]), stroke=WHITE, stroke_width=2)
        )
    return out


def _mini_cards(fills: list[str], cx: float, cy: float) -> list[str]:
    """Small overlapping cards, the draw-penalty picture."""
    out = []
    count = len(fills)
    for i, fill in enumerate(fills):
        offset = (i - (count - 1) / 2) * 22
        pts = shapes.rotated_rect(cx + offset, cy - offset * 0.9, 50, 75, -12)
        out.append(svg.polygon(pts, fill, stroke=WHITE, stroke_width=4, stroke_linejoin="round"))
    return out
