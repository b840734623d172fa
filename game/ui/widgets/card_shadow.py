"""Soft shadows under cards: a blurred rounded rectangle per card size and height,
drawn once and cached, so a frame pays one blit per card for its depth."""

from __future__ import annotations

import pygame

# Resting on the table: close and faint; lifted or flying: further, wider, softer.
RESTING = (0.03, 0.035, 0.05, 80)  # (x offset, y offset, blur) of card width; alpha
LIFTED = (0.07, 0.1, 0.1, 70)

_cache: dict[tuple[tuple[int, int], bool], tuple[pygame.Surface, tuple[int, int]]] = {}


def shadow(size: tuple[int, int], lifted: bool = False) -> tuple[pygame.Surface, tuple[int, int]]:
    """The shadow for a card of `size` and where its top-left sits from the card's."""
    key = (size, lifted)
    cached = _cache.get(key)
    if cached is None:
        if len(_cache) > 64:
            _cache.clear()
        cached = _cache[key] = _render(size, LIFTED if lifted else RESTING)
    return cached


def _render(
    size: tuple[int, int], look: tuple[float, float, float, int]
) -> tuple[pygame.Surface, tuple[int, int]]:
    w, h = size
    dx, dy, blur_share, alpha = look
    blur = max(1, round(w * blur_share))
    out = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
    body = pygame.Rect(2 * blur, 2 * blur, w, h)
    pygame.draw.rect(out, (0, 0, 0, alpha), body, border_radius=max(2, w // 12))
    out = pygame.transform.gaussian_blur(out, blur)
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out, (round(w * dx) - 2 * blur, round(w * dy) - 2 * blur)


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, lifted: bool = False) -> pygame.Rect:
    """The shadow of a card at `rect`, drawn before the card."""
    image, (ox, oy) = shadow(rect.size, lifted)
    return surface.blit(image, (rect.x + ox, rect.y + oy))
