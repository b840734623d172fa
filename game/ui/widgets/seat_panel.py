"""A seat at the table: card backs fanned, the name, the count as a number, a
ring when it is their turn, an UNO! badge at one card, and short badges
("Skipped", "+2") after something happens to them."""

from __future__ import annotations

import pygame

from game.ui.style import Style
from game.ui.table_geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table_state import ShownTable
from game.ui.widgets.card_sprite import card_image

MAX_BACKS = 8
UNO_RED = (220, 30, 40)


def draw_opponent(surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable,
                  seat: int, name: str, thinking: bool) -> None:
    count = shown.counts[seat]
    cx, cy = g.backs_center(seat)
    shown_backs = min(count, MAX_BACKS)
    spread = style.px(7)
    for i in range(shown_backs):
        offset = i - (shown_backs - 1) / 2
        image = card_image(style, None, OPPONENT_CARD_SCALE, -offset * 6)
        surface.blit(image, image.get_rect(center=(round(cx + offset * spread),
                                                   round(cy + abs(offset) * 1.5))))
    plate = name_plate(surface, style, g.seat_rect(seat), name, count, seat == shown.current)
    if thinking:
        style.label(surface, "thinking…", 18, (plate.centerx, plate.bottom + style.px(2)),
                        style.text_rgb, "midtop")
    if count == 1 and not shown.dealing:
        uno_badge(surface, style, (round(cx + style.px(40)), round(cy - style.px(26))))
    draw_badge(surface, style, shown, seat, (round(cx), round(cy)))


def name_plate(surface: pygame.Surface, style: Style, seat_rect: pygame.Rect, name: str,
               count: int, turn: bool) -> pygame.Rect:
    """The name and the number of cards; an accent ring on the seat whose turn it is."""
    label = f"{name}  ·  {count}"
    text = style.text(label, 20)
    plate = pygame.Rect(0, 0, text.get_width() + style.px(20), text.get_height() + style.px(8))
    plate.midbottom = (seat_rect.centerx, seat_rect.bottom)
    if turn:
        glow = plate.inflate(style.px(8), style.px(8))
        pygame.draw.rect(surface, style.accent_rgb, glow, border_radius=style.px(12))
    style.panel(surface, plate, 235)
    surface.blit(text, text.get_rect(center=plate.center))
    return plate


def uno_badge(surface: pygame.Surface, style: Style, center: tuple[int, int]) -> None:
    text = style.text("UNO!", 18, (255, 255, 255))
    rect = text.get_rect(center=center).inflate(style.px(12), style.px(6))
    pygame.draw.rect(surface, UNO_RED, rect, border_radius=style.px(8))
    pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=style.px(8))
    surface.blit(text, text.get_rect(center=rect.center))


def draw_badge(surface: pygame.Surface, style: Style, shown: ShownTable, seat: int,
               center: tuple[int, int]) -> None:
    badge = shown.badges.get(seat)
    if badge is None:
        return
    words, _ = badge
    text = style.text(words, 24, (20, 20, 20))
    rect = text.get_rect(center=center).inflate(style.px(16), style.px(8))
    pygame.draw.rect(surface, style.accent_rgb, rect, border_radius=style.px(10))
    pygame.draw.rect(surface, (20, 20, 20), rect, 2, border_radius=style.px(10))
    surface.blit(text, text.get_rect(center=rect.center))
