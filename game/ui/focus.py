"""The keyboard's focus ring: one look for every screen, strong enough to find at a
glance on any theme's table (a light band inside a band of the theme's accent)."""

from __future__ import annotations

import pygame

from game.ui.style import Style


def draw_focus_ring(surface: pygame.Surface, style: Style, rect: pygame.Rect) -> None:
    band = max(2, style.px(3))
    inner = rect.inflate(2 * band + 2, 2 * band + 2)
    outer = inner.inflate(2 * band, 2 * band)
    radius = style.px(10)
    pygame.draw.rect(surface, style.accent_rgb, outer, width=band, border_radius=radius + band)
    pygame.draw.rect(surface, style.text_rgb, inner, width=band, border_radius=radius)
