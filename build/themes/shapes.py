"""Colour symbols (one shape a colour, for colour-blind players) and geometry helpers."""

from __future__ import annotations

import math

import svg

Point = tuple[float, float]

# Shapes in a 100x100 box, chosen to stay distinct when small and when rotated.
_SHAPES: dict[str, list[Point]] = {
    "triangle": [(50, 8), (94, 88), (6, 88)],
    "square": [(12, 12), (88, 12), (88, 88), (12, 88)],
    "diamond": [(50, 2), (98, 50), (50, 98), (2, 50)],
}
HEART = (
    "M50 92 C38 80 6 60 6 34 C6 16 20 6 32 6 C42 6 48 12 50 20 "
    "C52 12 58 6 68 6 C80 6 94 16 94 34 C94 60 62 80 50 92 Z"
)
SHAPE_NAMES = ("circle", "triangle", "square", "diamond", "heart")


def colour_symbol(
    shape: str, cx: float, cy: float, size: float, fill: str, outline: str, width: float = 2.5
) -> str:
    """One symbol centred on (cx, cy); `width` is the outline in card units."""
    scale = size / 100.0
    stroke = {"stroke": outline, "stroke_width": width / scale, "stroke_linejoin": "round"}
    transform = (
        f"translate({svg.num(cx - size / 2)} {svg.num(cy - size / 2)}) scale({svg.num(scale)})"
    )
    if shape == "circle":
        body = svg.circle(50, 50, 46, fill, **stroke)
    elif shape == "heart":
        body = svg.path(HEART, fill, **stroke)
    else:
        body = svg.polygon(_SHAPES[shape], fill, **stroke)
    return svg.group([body], transform=transform)


def symbol_file(shape: str, rgb: tuple[int, int, int]) -> str:
    """A stand-alone symbol for the colour picker and the current-colour ring."""
    return svg.document(
        100, 100, [colour_symbol(shape, 50, 50, 90, svg.hex_colour(rgb), "#ffffff", 6)]
    )


def ellipse_points(
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    start: float,
    end: float,
    tilt: float,
    steps: int = 24,
) -> list[Point]:
    """Points along a tilted ellipse between two angles (degrees)."""
    out = []
    cos_t, sin_t = math.cos(math.radians(tilt)), math.sin(math.radians(tilt))
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t))
    return out


def ellipse_sector(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, tilt: float
) -> list[Point]:
    return [(cx, cy), *ellipse_points(cx, cy, rx, ry, start, end, tilt)]


def rotated_rect(cx: float, cy: float, w: float, h: float, angle: float) -> list[Point]:
    cos_a, sin_a = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return [(cx + x * cos_a - y * sin_a, cy + x * sin_a + y * cos_a) for x, y in corners]


def star_points(
    cx: float, cy: float, outer: float, inner: float, spikes: int, tilt: float = 0.0
) -> list[Point]:
    """A star's outline, one spike pointing up (turned by `tilt` degrees)."""
    out = []
    for i in range(spikes * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + tilt + 180 * i / spikes)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out
