"""Monster High pack art: pale bone cards edged in black, pink stitches, coffin-shaped
centres. The body is light so a big hand reads at a glance; the back stays dark."""

from __future__ import annotations

import math

import glyphs
import shapes
import svg
from common import CARD_H, CARD_W, TABLE_H, TABLE_W, PackColours, split_face

BLACK = "#141014"
BONE = "#f7eef4"  # the face cards' body: a pale, faintly pink white
PINK = "#e8308c"
WHITE = "#ffffff"
ZOMBIE = "#9fd08c"
COFFIN = [(60, 58), (140, 58), (162, 110), (144, 246), (56, 246), (38, 110)]
# The coffin cut into quarters at x=100 and y=150 (for the four-colour wilds).
QUARTERS = [
    [(60, 58), (100, 58), (100, 150), (43.3, 150), (38, 110)],
    [(140, 58), (100, 58), (100, 150), (156.7, 150), (162, 110)],
    [(43.3, 150), (100, 150), (100, 246), (56, 246)],
    [(156.7, 150), (100, 150), (100, 246), (144, 246)],
]


def card_svg(face: str, colours: PackColours) -> str:
    colour, value = split_face(face)
    body = _frame(BONE if colour else BLACK)
    if colour is None:
        body += _wild_centre(value, colours)
        corner = _wild_corner(value, colours)
    else:
        fill = svg.hex_colour(colours.rgb[colour])
        body += _coffin(fill) + _centre(value, fill)
        corner = _corner(value, colours.shape(colour), fill)
    body += corner + [svg.group(corner, transform="rotate(180 100 150)")]
    return svg.document(CARD_W, CARD_H, body + svg.sheen(1, 1, CARD_W - 2, CARD_H - 2, 16))


def back_svg(colours: PackColours) -> str:
    del colours
    body = _frame(BLACK) + _coffin("#2a1830") + _skull(100, 160)
    return svg.document(CARD_W, CARD_H, body + svg.sheen(1, 1, CARD_W - 2, CARD_H - 2, 16))


def table_svg(colours: PackColours) -> str:
    """A dark violet room: soft light in the middle, cobwebs in two corners."""
    del colours
    w, h = TABLE_W, TABLE_H
    body = [
        svg.radial_gradient("room", "45%", "70%", "#4a2150", "#120816"),
        svg.rect(0, 0, w, h, "url(#room)"),
        svg.rect(
            10,
            10,
            w - 20,
            h - 20,
            "none",
            rx=30,
            stroke=PINK,
            stroke_opacity=0.35,
            stroke_width=3,
            stroke_dasharray="14 10",
        ),
    ]
    body[2:2] = _wallpaper(w, h)
    body += _cobweb(0, 0, 1, 1) + _cobweb(w, 0, -1, 1)
    return svg.document(w, h, body)


def _wallpaper(w: int, h: int) -> list[str]:
    """A haunted hall's striped wallpaper with a faint bat in every other stripe."""
    out = []
    for i, x in enumerate(range(0, w, 64)):
        out.append(svg.rect(x, 0, 32, h, "#ffffff", fill_opacity=0.025))
        if i % 2:
            for y in range(60 + (i % 4) * 40, h, 160):
                out.append(_bat(x + 16, y))
    return out


def _bat(cx: float, cy: float) -> str:
    points = [
        (-14, -2),
        (-8, -6),
        (-4, -1),
        (0, -5),
        (4, -1),
        (8, -6),
        (14, -2),
        (6, 4),
        (0, 1),
        (-6, 4),
    ]
    return svg.polygon([(cx + x, cy + y) for x, y in points], "#000000", fill_opacity=0.18)


def _frame(body: str) -> list[str]:
    stitches = []
    for x in range(24, 180, 16):  # cross stitches along the top and bottom edges
        stitches += _cross(x, 10) + _cross(x, 290)
    for y in range(26, 280, 16):
        stitches += _cross(10, y) + _cross(190, y)
    return [
        svg.rect(1, 1, CARD_W - 2, CARD_H - 2, BLACK, rx=16),
        svg.rect(6, 6, CARD_W - 12, CARD_H - 12, body, rx=12, stroke=PINK, stroke_width=3),
        *stitches,
    ]


def _cross(x: float, y: float, r: float = 3.0) -> list[str]:
    d = f"M{x - r} {y - r} L{x + r} {y + r} M{x - r} {y + r} L{x + r} {y - r}"
    return [svg.path(d, stroke=PINK, stroke_width=1.6, stroke_linecap="round")]


def _coffin(fill: str) -> list[str]:
    return [
        svg.polygon(COFFIN, fill, stroke=WHITE, stroke_width=3, stroke_linejoin="round"),
        *_seam_ticks(),
    ]


def _seam_ticks() -> list[str]:
    """Short stitches across the coffin's outline, as if it were sewn on."""
    out = []
    for (x0, y0), (x1, y1) in zip(COFFIN, COFFIN[1:] + COFFIN[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = (y1 - y0) / length * 5, -(x1 - x0) / length * 5
        for i in range(1, int(length // 18)):
            t = i / int(length // 18)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            out.append(
                svg.path(
                    f"M{x - nx:.1f} {y - ny:.1f} L{x + nx:.1f} {y + ny:.1f}",
                    stroke=BLACK,
                    stroke_width=2,
                )
            )
    return out


def _centre(value: str, fill: str) -> list[str]:
    del fill
    if value.isdigit():
        return glyphs.stroked_text(
            value, 100, 150, 112, WHITE, BLACK, 15, 10, underline=value in "69"
        )
    if value == "skip":
        return glyphs.stroked_symbol(glyphs.SKIP, 100, 152, 110, WHITE, BLACK, 14)
    if value == "reverse":
        return glyphs.stroked_symbol(glyphs.REVERSE, 100, 152, 110, WHITE, BLACK, 13)
    return glyphs.stroked_text("+2", 100, 152, 66, WHITE, BLACK, 15, 10)


def _corner(value: str, shape: str, fill: str) -> list[str]:
    """The index a fanned hand shows: large, in the card's colour, outlined heavily in
    black on the pale body."""
    if value.isdigit():
        index = glyphs.stroked_text(value, 36, 52, 60, fill, BLACK, 20, 14, value in "69")
    elif value == "skip":
        index = glyphs.stroked_symbol(glyphs.SKIP, 36, 50, 50, fill, BLACK, 18)
    elif value == "reverse":
        index = glyphs.stroked_symbol(glyphs.REVERSE, 36, 50, 50, fill, BLACK, 17)
    else:
        index = glyphs.stroked_text("+2", 42, 48, 42, fill, BLACK, 20, 14)
    return [*index, shapes.colour_symbol(shape, 24, 118, 24, fill, BLACK, 2.5)]


def _wild_centre(value: str, colours: PackColours) -> list[str]:
    if value == "urrrh":
        return _coffin("#2a1830") + _zombie(100, 152)
    out = [
        svg.polygon(q, svg.hex_colour(colours.rgb[k]))
        for q, k in zip(QUARTERS, colours.order, strict=True)
    ]
    out.append(svg.polygon(COFFIN, "none", stroke=WHITE, stroke_width=3, stroke_linejoin="round"))
    out += _seam_ticks()
    if value == "wild-draw4":
        out += glyphs.stroked_text("+4", 100, 152, 66, WHITE, BLACK, 15, 10)
    return out


def _wild_corner(value: str, colours: PackColours) -> list[str]:
    if value == "wild-draw4":
        return glyphs.stroked_text("+4", 42, 48, 42, WHITE, PINK, 20, 14)
    if value == "urrrh":
        return _zombie(34, 48, 0.3)
    return [
        shapes.colour_symbol(
            colours.shape(k),
            24 + (i % 2) * 24,
            30 + (i // 2) * 24,
            22,
            svg.hex_colour(colours.rgb[k]),
            WHITE,
            1.5,
        )
        for i, k in enumerate(colours.order)
    ]


def _zombie(cx: float, cy: float, scale: float = 1.0) -> list[str]:
    """Our zombie: a stitched green head, one X eye, one wide pink eye, a sewn grin."""
    parts = [
        svg.ellipse(0, 0, 52, 62, ZOMBIE, stroke=BLACK, stroke_width=4),
        svg.path("M-40 -30 L10 -44", stroke=BLACK, stroke_width=3),  # forehead scar
        *[
            svg.path(f"M{x} {-41 + (x + 40) * -0.28 - 6} l0 12", stroke=BLACK, stroke_width=2.5)
            for x in range(-34, 10, 10)
        ],
        svg.path(
            "M-30 -12 L-10 8 M-30 8 L-10 -12", stroke=BLACK, stroke_width=6, stroke_linecap="round"
        ),  # the X eye
        svg.circle(20, -2, 13, WHITE, stroke=BLACK, stroke_width=3),
        svg.circle(22, 0, 6, PINK),
        svg.path(
            "M-28 28 L-16 36 L-4 28 L8 36 L20 28 L30 34",
            stroke=BLACK,
            stroke_width=4,
            stroke_linejoin="round",
        ),  # jagged mouth
        *[svg.path(f"M{x} 24 l0 16", stroke=BLACK, stroke_width=2) for x in (-20, -8, 4, 16)],
        svg.polygon([(-6, -70), (-34, -84), (-34, -56)], PINK),  # a pink bow
        svg.polygon([(-6, -70), (22, -84), (22, -56)], PINK),
        svg.circle(-6, -70, 7, PINK, stroke=BLACK, stroke_width=2),
    ]
    transform = f"translate({svg.num(cx)} {svg.num(cy)}) scale({svg.num(scale)})"
    return [svg.group(parts, transform=transform)]


def _skull(cx: float, cy: float) -> list[str]:
    parts = [
        svg.ellipse(0, -10, 40, 36, WHITE),
        svg.rect(-22, 14, 44, 24, WHITE, rx=6),
        svg.ellipse(-15, -8, 11, 12, BLACK),
        svg.ellipse(15, -8, 11, 12, BLACK),
        svg.polygon([(0, 6), (-6, 16), (6, 16)], BLACK),
        *[svg.rect(x, 26, 3, 12, BLACK) for x in (-12, -4, 4)],
        svg.polygon([(0, -46), (-30, -62), (-30, -30)], PINK),
        svg.polygon([(0, -46), (30, -62), (30, -30)], PINK),
        svg.circle(0, -46, 8, PINK, stroke=BLACK, stroke_width=2),
    ]
    return [svg.group(parts, transform=f"translate({svg.num(cx)} {svg.num(cy)})")]


def _cobweb(x: float, y: float, sx: int, sy: int) -> list[str]:
    """Threads from a corner and three sagging rings across them."""
    out = []
    angles = [math.radians(a) for a in (5, 25, 45, 65, 85)]
    for a in angles:
        out.append(
            svg.path(
                f"M{x} {y} l{sx * 230 * math.cos(a):.1f} {sy * 230 * math.sin(a):.1f}",
                stroke="#d9c6e0",
                stroke_opacity=0.35,
                stroke_width=2,
            )
        )
    for r in (70, 130, 190):
        pts = [(x + sx * r * math.cos(a), y + sy * r * math.sin(a)) for a in angles]
        d = f"M{pts[0][0]:.1f} {pts[0][1]:.1f}"
        for (px, py), (qx, qy) in zip(pts, pts[1:], strict=False):
            mx, my = (px + qx) / 2 - sx * 8, (py + qy) / 2 - sy * 8  # sag towards the corner
            d += f" Q{mx:.1f} {my:.1f} {qx:.1f} {qy:.1f}"
        out.append(svg.path(d, stroke="#d9c6e0", stroke_opacity=0.35, stroke_width=2))
    return out
