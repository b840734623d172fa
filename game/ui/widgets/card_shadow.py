"""Soft shadows under cards: a blurred rounded rectangle per card size and height,
drawn once and cached, so a frame pays one blit per card for its depth.

The blur is made at a quarter of the size and scaled up: a shadow has no detail
to lose (alpha within ~20 of 255 of the full-size blur), and pygame's blur costs
grow with the radius as well as the area: a lifted card's shadow at 1080p took
~30 ms at full size (the longest job of a table's first frames), ~0.3 this way."""

from __future__ import annotations

import pygame

# Resting on the table: close and faint; lifted or flying: further, wider, softer.
RESTING = (0.03, 0.035, 0.05, 80)  # (x offset, y offset, blur) of card width; alpha
LIFTED = (0.07, 0.1, 0.1, 70)
SHRINK = 4  # the blur made at 1/SHRINK of the size (less for a small blur)

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
    whole = (w + 4 * blur, h + 4 * blur)
    k = max(1, min(SHRINK, blur // 2))  # a blur of 2 small pixels or more
    small = pygame.Surface((-(-whole[0] // k), -(-whole[1] // k)), pygame.SRCALPHA)
    body = pygame.Rect(round(2 * blur / k), round(2 * blur / k), round(w / k), round(h / k))
    corner = max(1, round(max(2, w // 12) / k))
    pygame.draw.rect(small, (0, 0, 0, alpha), body, border_radius=corner)
    out = pygame.transform.smoothscale(
        pygame.transform.gaussian_blur(small, round(blur / k)), whole
    )
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out, (round(w * dx) - 2 * blur, round(w * dy) - 2 * blur)


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, lifted: bool = False) -> pygame.Rect:
    """The shadow of a card at `rect`, drawn before the card."""
    image, (ox, oy) = shadow(rect.size, lifted)
    return surface.blit(image, (rect.x + ox, rect.y + oy))
