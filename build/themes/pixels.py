"""Pixel-art helpers for the Minecraft pack: a colour grid turned into SVG rects."""

from __future__ import annotations

import random

import svg
from common import RGB

Bitmap = tuple[str, ...]

# 5x7 numerals and a plus, drawn for this project ("#" = ink).
FONT: dict[str, Bitmap] = {
    # A plain oval: a slashed zero looked like the Skip symbol (a ring with a bar).
    "0": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "..##.", ".#...", "#....", "#####"),
    "3": ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    "+": (".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."),
}
SKIP: Bitmap = (
    "...###...",
    ".##...##.",
    ".#...###.",
    "#...###.#",
    "#..###..#",
    "#.###...#",
    ".###...#.",
    ".##...##.",
    "...###...",
)
REVERSE: Bitmap = (
    ".....#...",
    ".....##..",
    ".#######.",
    ".#...##..",
    ".#...#...",
    "...#...#.",
    "..##...#.",
    ".#######.",
    "..##.....",
    "...#.....",
)
# The card back's emblem: a sword ("s" blade, "g" guard, "h" grip).
SWORD: Bitmap = (
    "..........ss",
    ".........sss",
    "........sss.",
    ".......sss..",
    "......sss...",
    ".....sss....",
    "..g.sss.....",
    "...gss......",
    "...hgg......",
    "..hh..g.....",
    ".hh.........",
    "hh..........",
)
SHAPES: dict[str, Bitmap] = {
    "circle": (".###.", "#####", "#####", "#####", ".###."),
    "triangle": ("..#..", "..#..", ".###.", ".###.", "#####"),
    "square": ("#####", "#####", "#####", "#####", "#####"),
    "diamond": ("..#..", ".###.", "#####", ".###.", "..#.."),
    "heart": (".#.#.", "#####", "#####", ".###.", "..#.."),
}


def text_bitmap(text: str, underline: bool = False) -> Bitmap:
    rows = [".".join(FONT[ch][r] for ch in text) for r in range(7)]
    if underline:  # a bar under 6 and 9 tells them apart upside down
        rows += ["." * len(rows[0]), "#" * len(rows[0])]
    return tuple(rows)


def mottled(rng: random.Random, base: RGB, spread: float = 0.12) -> RGB:
    """One pixel of a block texture: the base colour, a little lighter or darker."""
    return svg.shade(base, rng.choice([1 - spread, 1.0, 1.0, 1 + spread / 2]))


def bitmap_rects(
    bitmap: Bitmap, x: float, y: float, unit: float, fill: str, shadow: str | None = None
) -> list[str]:
    """Ink cells as rects, merged along rows; an optional drop shadow below-right."""
    out: list[str] = []
    layers = ([(shadow, unit * 0.5)] if shadow else []) + [(fill, 0.0)]
    for colour, offset in layers:
        for r, row in enumerate(bitmap):
            for start, length in _runs(row):
                out.append(
                    svg.rect(
                        x + start * unit + offset,
                        y + r * unit + offset,
                        length * unit,
                        unit,
                        colour,
                    )
                )
    return out


def outlined_rects(
    bitmap: Bitmap, x: float, y: float, unit: float, fill: str, ink: str
) -> list[str]:
    """Ink cells with a solid ink outline all round (a pixel font's bold look): reads on
    light and dark fields alike, where a drop shadow vanishes on dark ones."""
    pad = unit * 0.45
    out: list[str] = []
    for colour, grow in ((ink, pad), (fill, 0.0)):
        for r, row in enumerate(bitmap):
            for start, length in _runs(row):
                out.append(
                    svg.rect(
                        x + start * unit - grow,
                        y + r * unit - grow,
                        length * unit + 2 * grow,
                        unit + 2 * grow,
                        colour,
                    )
                )
    return out


def bitmap_size(bitmap: Bitmap, unit: float) -> tuple[float, float]:
    return len(bitmap[0]) * unit, len(bitmap) * unit


def centred(
    bitmap: Bitmap, cx: float, cy: float, unit: float, fill: str, shadow: str | None = None
) -> list[str]:
    w, h = bitmap_size(bitmap, unit)
    return bitmap_rects(bitmap, cx - w / 2, cy - h / 2, unit, fill, shadow)


def centred_outlined(
    bitmap: Bitmap, cx: float, cy: float, unit: float, fill: str, ink: str
) -> list[str]:
    w, h = bitmap_size(bitmap, unit)
    return outlined_rects(bitmap, cx - w / 2, cy - h / 2, unit, fill, ink)


def grid_rects(grid: list[list[RGB | None]], x: float, y: float, unit: float) -> list[str]:
    """A full colour grid as rects, one per run of equal colour in a row."""
    out: list[str] = []
    for r, row in enumerate(grid):
        c = 0
        while c < len(row):
            colour, start = row[c], c
            while c < len(row) and row[c] == colour:
                c += 1
            if colour is not None:
                out.append(
                    svg.rect(
                        x + start * unit,
                        y + r * unit,
                        (c - start) * unit,
                        unit,
                        svg.hex_colour(colour),
                    )
                )
    return out


def _runs(row: str) -> list[tuple[int, int]]:
    runs, start = [], None
    for i, ch in enumerate(row + "."):
        if ch == "#" and start is None:
            start = i
        elif ch != "#" and start is not None:
            runs.append((start, i - start))
            start = None
    return runs
