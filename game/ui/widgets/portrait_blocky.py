"""Minecraft's adventurers: a blocky bust on a 16x16 grid, our own designs (no
game's skins). An 8x8 head with a face of big pixels, a darker side face for
depth, a torso and shoulders in the character's clothes, headgear (a helmet, a
straw hat, a wizard's hat, a chef's hat, goggles, a crown...). Every block is
lit from the upper left and speckled a little, like a textured game block."""

from __future__ import annotations

import random

import pygame

from game.ui.widgets.face_looks import Character
from game.ui.widgets.portrait_paint import RGB, mix, scaled

GRID = 16
HEAD_X, HEAD_Y = 4, 3  # the head's top-left cell
Cells = dict[tuple[int, int], RGB]
W: RGB = (250, 250, 250)
DARK: RGB = (40, 28, 30)

# Each mood's face rows (head rows 2-6): "b" brow, "W" eye white, "I" iris,
# "D" dark (closed eye, mouth), "T" teeth, "S" sweat. "." leaves the skin.
FACES = {
    "calm": ("........", ".bb..bb.", ".WI..IW.", "........", "...DD...", "........"),
    "thinking": ("......bb", ".bb.....", "..WI.WI.", "........", "....DD..", "........"),
    "happy": ("........", ".bb..bb.", ".DD..DD.", "........", ".D....D.", "..DTTD.."),
    "annoyed": ("........", ".b....b.", "..b..b..", ".WI..IW.", "........", "..DDDD.."),
    "caught": (".bb..bb.", "......S.", ".WW..WW.", ".WI..IW.", "...DD...", "...DD..."),
    "winning": (".bb.....", ".....bb.", ".WI..DD.", "........", ".D...D..", "..DTTD.."),
}


def blocky(w: int, ch: Character, mood: str, seed: int) -> pygame.Surface:
    """The bust at `w` pixels square (w a multiple of 16 draws crisp blocks)."""
    cells = _backdrop(ch)
    _body(cells, ch)
    _head(cells, ch, mood)
    _headgear(cells, ch)
    cell = w // GRID
    out = pygame.Surface((w, w))
    out.fill(scaled(ch.backdrop, 0.5))
    speckle = random.Random(seed)
    for (c, r), rgb in cells.items():
        jitter = 1 + speckle.uniform(-0.05, 0.05)
        pygame.draw.rect(out, scaled(rgb, jitter), (c * cell, r * cell, cell, cell))
    return out


def _lit(rgb: RGB, col: int, row: int, cols: int, rows: int) -> RGB:
    """Lighter at a part's upper-left block, darker towards its lower right."""
    return scaled(rgb, 1.1 - 0.25 * col / max(1, cols - 1) - 0.15 * row / max(1, rows - 1))


def _backdrop(ch: Character) -> Cells:
    return {
        (c, r): scaled(
            ch.backdrop, 0.95 - 0.025 * r - 0.01 * c + (0.02 if (c * 7 + r * 3) % 5 == 0 else 0)
        )
        for c in range(GRID)
        for r in range(GRID)
    }


def _body(cells: Cells, ch: Character) -> None:
    for r in range(11, GRID):
        for c in range(1, 15):
            rgb = ch.outfit if 4 <= c <= 11 or r >= 12 else scaled(ch.outfit, 0.9)
            cells[(c, r)] = _lit(rgb, c - 1, r - 11, 14, 5)
    for c in range(4, 12):  # the chin's shadow on the chest
        cells[(c, 11)] = scaled(cells[(c, 11)], 0.7)
    neck = scaled(ch.skin, 0.7)
    if ch.collar == "v":
        for c, r in ((6, 11), (7, 11), (8, 11), (9, 11), (7, 12), (8, 12)):
            cells[(c, r)] = neck
        for c, r in ((5, 11), (6, 12), (7, 13), (8, 13), (9, 12), (10, 11)):
            cells[(c, r)] = ch.trim
    elif ch.collar == "shirt":
        for c, r in ((6, 11), (7, 11), (8, 11), (9, 11), (6, 12), (9, 12)):
            cells[(c, r)] = (236, 236, 232)
        for r in range(11, GRID):
            cells[(7, r)] = cells[(8, r)] = _lit(ch.trim, 0, r - 11, 2, 5)
    elif ch.collar == "hood":
        for r in range(4, 12):
            for c in (3, 12):
                cells[(c, r)] = _lit(ch.trim, c - 3, r - 4, 10, 8)
        for c in range(3, 13):
            cells[(c, 11)] = scaled(ch.trim, 0.85)
    else:  # a crew neck
        for c in range(6, 10):
            cells[(c, 11)] = ch.trim


def _head(cells: Cells, ch: Character, mood: str) -> None:
    face = [[ch.skin] * 8 for _ in range(8)]
    for c in range(8):
        face[0][c] = ch.hair
        face[1][c] = ch.hair if ch.style != "bald" else face[1][c]
    sides = {"long": 6, "braids": 7, "short": 1, "spiky": 1, "bald": 0}.get(ch.style, 1)
    for r in range(2, min(8, 2 + sides)):
        face[r][0] = face[r][7] = ch.hair
    if ch.style == "spiky":
        face[2][2] = face[2][5] = ch.hair
    if ch.extra == "beard":
        for r, c in (
            (5, 1),
            (5, 6),
            (6, 1),
            (6, 2),
            (6, 5),
            (6, 6),
            (7, 1),
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (7, 6),
        ):
            face[r][c] = ch.hair
    brow = scaled(ch.hair, 0.7) if ch.style != "bald" else scaled(ch.skin, 0.6)
    ink = {"b": brow, "W": W, "I": ch.eyes, "D": DARK, "T": W, "S": (120, 190, 250)}
    for i, row in enumerate(FACES.get(mood, FACES["calm"])):
        for c, mark in enumerate(row):
            if mark in ink and not (i + 1 < 2 and face[i + 1][c] == ch.hair and mark == "b"):
                face[i + 1][c] = ink[mark]
    face[4][3] = face[4][4] = (
        scaled(ch.skin, 0.85) if face[4][3] == ch.skin else face[4][3]
    )  # the nose
    for r in range(8):
        for c in range(8):
            cells[(HEAD_X + c, HEAD_Y + r)] = _lit(face[r][c], c, r, 8, 8)
        cells[(HEAD_X + 8, HEAD_Y + r)] = scaled(face[r][7], 0.62)  # the side of the head


def _headgear(cells: Cells, ch: Character) -> None:
    x, y, extra = HEAD_X, HEAD_Y, ch.extra
    if extra == "helmet":
        iron = (196, 196, 204)
        for c in range(-1, 10):
            cells[(x + c, y)] = _lit(iron, c + 1, 0, 11, 3)
            cells[(x + c, y - 1)] = _lit(iron, c + 1, 0, 11, 3)
        for c in (0, 3, 6, 9):
            cells[(x + c, y)] = (150, 150, 160)
    elif extra == "straw":
        for c in range(-2, 11):
            cells[(x + c, y)] = _lit((220, 190, 100), c + 2, 0, 13, 2)
        for c in range(1, 8):
            cells[(x + c, y - 1)] = _lit((230, 200, 110), c, 0, 8, 2)
            cells[(x + c, y)] = (180, 60, 50) if c in (1, 7) else cells[(x + c, y)]
    elif extra in ("wizard", "chef", "crown"):
        colour = {"wizard": ch.trim, "chef": (244, 244, 244), "crown": (240, 200, 50)}[extra]
        rows = {
            "wizard": ((1, 7), (2, 6), (3, 5)),
            "chef": ((1, 7), (1, 7), (2, 6)),
            "crown": ((1, 7),),
        }[extra]
        for i, (a, b) in enumerate(rows):
            for c in range(a, b + 1):
                if extra != "crown" or c % 2:
                    cells[(x + c, y - 1 - i)] = _lit(colour, c, i, 8, 3)
        if extra == "crown":
            for c in range(1, 8):
                cells[(x + c, y)] = (240, 200, 50) if c != 4 else (220, 40, 60)
        if extra == "wizard":  # a long white beard
            for r, c in (
                (6, 1),
                (6, 6),
                (7, 1),
                (7, 2),
                (7, 5),
                (7, 6),
                (8, 2),
                (8, 3),
                (8, 4),
                (8, 5),
            ):
                cells[(x + c, y + r - 1 if r < 8 else y + 7)] = (232, 232, 236)
    elif extra == "goggles":
        for c in range(8):
            cells[(x + c, y + 1)] = (60, 50, 40)
        for c in (1, 2, 5, 6):
            cells[(x + c, y + 1)] = mix((80, 200, 230), (255, 255, 255), 0.3 if c in (1, 5) else 0)
    elif extra == "headband":
        for c in range(9):
            cells[(x + c, y + 1)] = scaled(ch.trim, 1.0 if c < 8 else 0.62)
    elif extra == "patch":
        cells[(x + 5, y + 3)] = cells[(x + 6, y + 3)] = (24, 20, 22)
        for c, r in ((4, 2), (3, 1), (7, 2)):
            cells[(x + c, y + r)] = (24, 20, 22)
    elif extra == "flower":
        cells[(x + 7, y)] = (240, 100, 160)
        cells[(x + 8, y + 1)] = (240, 100, 160)
        cells[(x + 7, y + 1)] = (250, 220, 60)
