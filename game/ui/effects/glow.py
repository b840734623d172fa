"""A seat that glows: a soft halo that breathes round its face and name while
something about it matters (they called UNO and hold one card)."""

from __future__ import annotations

import math

import pygame

RINGS = 4  # rings of the halo, from bright near the seat to faint further out
LEVELS = 8  # a breath's steps: each halo is drawn once and kept
_HALOS: dict[tuple, pygame.Surface] = {}


def draw_glow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: tuple[int, int, int],
    clock: float,
    step: int,
) -> pygame.Rect:
    """A halo round `rect` that swells and ebbs with `clock` (seconds), reaching
    `step` pixels out per ring at its widest; returns the part of the window it covers."""
    breath = 0.5 + 0.5 * math.sin(clock * 3.2)
    level = round(breath * (LEVELS - 1))
    halo = _halo(rect.size, colour, step, level)
    return surface.blit(halo, halo.get_rect(center=rect.center))


def _halo(
    size: tuple[int, int], colour: tuple[int, int, int], step: int, level: int
) -> pygame.Surface:
    key = (size, colour, step, level)
    halo = _HALOS.get(key)
    if halo is None:
        if len(_HALOS) > 4 * LEVELS:
            _HALOS.clear()
        reach = RINGS * step
        halo = pygame.Surface((size[0] + 2 * reach, size[1] + 2 * reach), pygame.SRCALPHA)
        strength = 0.5 + 0.5 * level / (LEVELS - 1)
        inner = pygame.Rect((reach, reach), size)
        for k in range(RINGS, 0, -1):  # outside in, each ring brighter
            ring = inner.inflate(2 * step * k, 2 * step * k)
            alpha = round(200 * strength * (1 - (k - 1) / RINGS) ** 1.5)
            pygame.draw.rect(halo, (*colour, alpha), ring, step, border_radius=step * (k + 2))
        if pygame.display.get_surface() is not None:
            halo = halo.convert_alpha()
        _HALOS[key] = halo
    return halo
