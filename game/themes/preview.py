"""Contact sheet of a theme: the table in play, every seat map, the whole deck.

    python -m game.themes.preview --theme minecraft --out sheet.png

For people judging a pack by eye: art, legibility and layout on one image.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pygame

from game.limits import PLAYER_COUNTS
from game.themes.faces import preset_faces
from game.themes.layout import Rect
from game.themes.loader import discover
from game.themes.render import ThemeRenderer

WIDTH, TABLE_H = 1280, 720
MARGIN = 16
CAPTION = (235, 235, 235)
SHEET_BG = (34, 34, 38)
DEMO_PLAYERS = 6


def _outline(surface: pygame.Surface, rect: Rect, label: str, font: pygame.font.Font) -> None:
    box = pygame.Rect(rect)
    pygame.draw.rect(surface, (255, 255, 255), box, 1)
    surface.blit(font.render(label, True, (255, 255, 255), (0, 0, 0)), (box.x + 2, box.y + 2))


def draw_table(r: ThemeRenderer, faces: list[str], players: int) -> pygame.Surface:
    """A plausible moment of play: piles, a hand of seven, opponents' card backs."""
    sheet = r.table().copy()
    layout = r.layout
    small = pygame.font.Font(None, 18)
    sheet.blit(r.back(), layout.places["draw_pile"][:2])
    for i, angle in enumerate((-8, 5, 0)):  # the discard pile shows its last few cards
        x, y = layout.places["discard_pile"][:2]
        sheet.blit(r.card(faces[(i * 7) % len(faces)], angle=angle), (x - 6 + i * 3, y - 6))
    _draw_hand(sheet, r, faces[::8][:7])
    for seat in range(1, players):
        _draw_opponent(sheet, r, layout.seat(players, seat), seat)
    for name, rect in layout.places.items():
        if name not in ("draw_pile", "discard_pile"):
            _outline(sheet, rect, name, small)
    _outline(sheet, layout.seat(players, 0), "seat_0 (you)", small)
    return sheet


def _draw_hand(sheet: pygame.Surface, r: ThemeRenderer, hand: list[str]) -> None:
    x, y, w, _ = r.layout.places["hand"]
    card_w = r.card_size[0]
    step = min(card_w + 6, (w - card_w) / max(1, len(hand) - 1))
    left = x + (w - (step * (len(hand) - 1) + card_w)) / 2
    for i, face in enumerate(hand):
        lift = r.card_size[1] * 0.15 if i == 2 else 0  # one card hovered
        sheet.blit(r.card(face), (left + i * step, y + 10 - lift))


def _draw_opponent(sheet: pygame.Surface, r: ThemeRenderer, rect: Rect, seat: int) -> None:
    x, y, w, h = rect
    size = (round(h * 0.55 * 2 / 3), round(h * 0.55))
    for i in range(5):
        sheet.blit(r.back(size, angle=(2 - i) * 5), (x + w / 2 - size[0] * 0.9 + i * 10, y + 2))
    font = r.font(20)
    label = font.render(
        f"Player {seat}  ·  7", True, r.manifest.palette["text"], r.manifest.palette["panel"]
    )
    sheet.blit(label, (x + (w - label.get_width()) / 2, y + h - label.get_height()))


def draw_seat_maps(r: ThemeRenderer) -> pygame.Surface:
    """Every player count at a quarter of the size, seats numbered."""
    cols, scale = 3, 0.3
    cell = (round(WIDTH * scale), round(TABLE_H * scale))
    rows = -(-len(PLAYER_COUNTS) // cols)
    out = pygame.Surface((WIDTH, rows * (cell[1] + MARGIN)), pygame.SRCALPHA)
    font = pygame.font.Font(None, 18)
    mini = r.layout.fit(*cell)
    table = pygame.transform.smoothscale(r.table(), cell)
    for i, n in enumerate(PLAYER_COUNTS):
        ox = MARGIN + (i % cols) * (cell[0] + MARGIN)
        oy = (i // cols) * (cell[1] + MARGIN)
        out.blit(table, (ox, oy))
        for rect in mini.places.values():
            pygame.draw.rect(out, (200, 200, 200), pygame.Rect(rect).move(ox, oy), 1)
        for seat, rect in enumerate(mini.seats[n]):
            box = pygame.Rect(rect).move(ox, oy)
            pygame.draw.rect(out, (255, 220, 60), box, 2)
            out.blit(font.render(str(seat), True, (255, 255, 255)), box.move(3, 2))
        out.blit(font.render(f"{n} players", True, CAPTION, (0, 0, 0)), (ox + 4, oy + 4))
    return out


def draw_deck(r: ThemeRenderer, faces: list[str]) -> pygame.Surface:
    w, h = r.card_size
    cols = (WIDTH - MARGIN) // (w + MARGIN)
    cell_h = h + 24
    rows = -(-(len(faces) + 1) // cols)
    out = pygame.Surface((WIDTH, rows * cell_h), pygame.SRCALPHA)
    font = pygame.font.Font(None, 18)
    for i, face in enumerate([*faces, "back"]):
        x, y = MARGIN + (i % cols) * (w + MARGIN), (i // cols) * cell_h
        out.blit(r.back() if face == "back" else r.card(face), (x, y))
        out.blit(font.render(face, True, CAPTION), (x, y + h + 4))
    return out


def draw_colours(r: ThemeRenderer) -> pygame.Surface:
    """The four colours as the colour picker would show them: swatch, symbol, names."""
    out = pygame.Surface((WIDTH, 90), pygame.SRCALPHA)
    font = r.font(22)
    for i, colour in enumerate(r.manifest.colours):
        x = MARGIN + i * (WIDTH // 4)
        pygame.draw.rect(out, colour.rgb, (x, 10, 70, 70), border_radius=10)
        out.blit(r.symbol(colour.key, 50), (x + 10, 20))
        text = f"{colour.names['en']} / {colour.names['es']}"
        out.blit(font.render(text, True, CAPTION), (x + 80, 32))
    return out


def contact_sheet(theme_id: str) -> pygame.Surface:
    catalog = discover()
    pack = catalog.packs.get(theme_id)
    if pack is None or not pack.available:
        raise SystemExit(f"theme '{theme_id}' unavailable: {pack.reason if pack else 'not found'}")
    r = ThemeRenderer(pack, (WIDTH, TABLE_H))
    faces = preset_faces(r.manifest.preset)
    parts = [
        draw_table(r, faces, DEMO_PLAYERS),
        draw_colours(r),
        draw_deck(r, faces),
        draw_seat_maps(r),
    ]
    height = sum(p.get_height() + MARGIN for p in parts)
    sheet = pygame.Surface((WIDTH, height))
    sheet.fill(SHEET_BG)
    y = 0
    for part in parts:
        sheet.blit(part, (0, y))
        y += part.get_height() + MARGIN
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw a theme's contact sheet.")
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--out", type=Path, default=Path("sheet.png"))
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window needed
    pygame.init()
    try:
        pygame.image.save(contact_sheet(args.theme), str(args.out))
    finally:
        pygame.quit()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
