"""Stroke glyphs for numerals and card symbols, drawn for this project.

nanosvg ignores <text>, so every numeral is a path. Each glyph is a centre
line in a 60x100 box (symbols in 100x100); callers stroke it twice (a wide
dark outline, then the face colour) to get bold outlined numerals.
"""

from __future__ import annotations

import math
import re

import svg

GLYPH_W = 60.0
GLYPH_H = 100.0
ADVANCE = 66.0

_DIGITS: dict[str, str] = {
    "0": "M30 4 C46 4 54 26 54 50 C54 74 46 96 30 96 C14 96 6 74 6 50 C6 26 14 4 30 4 Z",
    "1": "M14 22 L34 6 L34 95",
    "2": "M8 28 C8 4 54 0 54 28 C54 48 22 64 8 94 L56 94",
    "3": "M8 16 C20 0 56 2 53 27 C51 42 38 47 27 48 C42 48 57 56 56 73 C54 100 14 100 6 83",
    "4": "M42 95 L42 5 L5 67 L58 67",
    "5": "M52 6 L15 6 L11 45 C22 37 55 34 55 66 C55 98 14 100 6 84",
    "6": "M50 10 C38 2 8 4 8 52 C8 86 20 96 32 96 C48 96 56 84 56 70 "
    "C56 54 46 44 32 44 C20 44 10 52 8 62",
    "7": "M5 6 L56 6 L23 95",
    "8": "M30 47 C10 47 9 6 30 6 C51 6 50 47 30 47 C7 47 5 95 30 95 C55 95 53 47 30 47 Z",
    "+": "M30 26 L30 74 M8 50 L52 50",
}

# Whole-card symbols in a 100x100 box.
SKIP = (
    "M50 12 C71 12 88 29 88 50 C88 71 71 88 50 88 C29 88 12 71 12 50 C12 29 29 12 50 12 Z "
    "M24 76 L76 24"
)
REVERSE = (
    "M18 64 L18 40 C18 29 27 22 38 22 L74 22 M60 8 L76 22 L60 36 "
    "M82 36 L82 60 C82 71 73 78 62 78 L26 78 M40 92 L24 78 L40 64"
)


def _rotate_half_turn(d: str) -> str:
    """A 6 turned round is our 9: map every point through the box centre."""
    tokens = re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", d)
    out: list[str] = []
    coords: list[float] = []
    for token in tokens:
        if token.isalpha():
            out.append(token)
            continue
        coords.append(float(token))
        if len(coords) == 2:
            out.append(f"{svg.num(GLYPH_W - coords[0])} {svg.num(GLYPH_H - coords[1])}")
            coords.clear()
    return " ".join(out)


_DIGITS["9"] = _rotate_half_turn(_DIGITS["6"])


def text_width(text: str) -> float:
    return ADVANCE * (len(text) - 1) + GLYPH_W


def stroked_text(
    text: str,
    cx: float,
    cy: float,
    height: float,
    fill: str,
    outline: str,
    weight: float = 14.0,
    outline_weight: float = 8.0,
    underline: bool = False,
    slant: float = 0.0,
) -> list[str]:
    """Outlined text centred on (cx, cy); `weight` is in glyph units, `slant` in degrees."""
    scale = height / GLYPH_H
    # skewX shifts each point left by y*tan(slant); start half of that to the right.
    left = cx - text_width(text) * scale / 2 + math.tan(math.radians(slant)) * height / 2
    top = cy - height / 2
    d = " ".join(_shifted(_DIGITS[ch], i * ADVANCE) for i, ch in enumerate(text))
    if underline:  # tells 6 from 9 whichever way up the card lies
        d += f" M4 {GLYPH_H + 24} L{text_width(text) - 4} {GLYPH_H + 24}"
    transform = (
        f"translate({svg.num(left)} {svg.num(top)}) skewX({svg.num(-slant)}) "
        f"scale({svg.num(scale)})"
    )
    return [
        _stroke(d, outline, weight + outline_weight, transform),
        _stroke(d, fill, weight, transform),
    ]


def stroked_symbol(
    d: str, cx: float, cy: float, size: float, fill: str, outline: str, weight: float = 12.0
) -> list[str]:
    scale = size / 100.0
    transform = (
        f"translate({svg.num(cx - size / 2)} {svg.num(cy - size / 2)}) scale({svg.num(scale)})"
    )
    return [_stroke(d, outline, weight + 8, transform), _stroke(d, fill, weight, transform)]


def _stroke(d: str, colour: str, width: float, transform: str) -> str:
    return svg.path(
        d,
        stroke=colour,
        stroke_width=width,
        stroke_linecap="round",
        stroke_linejoin="round",
        transform=transform,
    )


def _shifted(d: str, dx: float) -> str:
    if dx == 0:
        return d
    tokens = re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", d)
    out: list[str] = []
    is_x = True
    for token in tokens:
        if token.isalpha():
            out.append(token)
            is_x = True
            continue
        value = float(token) + dx if is_x else float(token)
        out.append(svg.num(value))
        is_x = not is_x
    return " ".join(out)
