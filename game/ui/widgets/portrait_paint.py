"""Painting helpers for the portraits: light and shadow on a flat shape, a soft
shadow one part casts on another, a backdrop. Shapes are drawn flat on their own
layer (transparent around them); these helpers then shade that layer in place.
Blurs are made at a quarter size and scaled back up, so a portrait stays cheap."""

from __future__ import annotations

import pygame

RGB = tuple[int, int, int]
LIGHT = (-1, -1)  # the light comes from the upper left


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a share `t` of the way to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def scaled(rgb: RGB, factor: float) -> RGB:
    return (
        max(0, min(255, round(rgb[0] * factor))),
        max(0, min(255, round(rgb[1] * factor))),
        max(0, min(255, round(rgb[2] * factor))),
    )


def layer(w: int) -> pygame.Surface:
    return pygame.Surface((w, w), pygame.SRCALPHA)


def soften(surface: pygame.Surface, steps: int = 6) -> pygame.Surface:
    """A blurred copy: scaled down `steps` times smaller, then smoothly back up."""
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, w // steps), max(1, h // steps)))
    return pygame.transform.smoothscale(small, (w, h))


def _silhouette(part: pygame.Surface, steps: int) -> pygame.Surface:
    """The part's shape, white, at 1/`steps` of its size (all the shading maps are
    made small and smooth, then scaled up: cheap, and soft by nature)."""
    w, h = part.get_size()
    small = pygame.transform.smoothscale(part, (max(1, w // steps), max(1, h // steps)))
    small.fill((255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
    return small


def _grown(small: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(soften(small, 2), size)


def shade(part: pygame.Surface, depth: float = 0.55, reach: float = 0.05, gloss: int = 50) -> None:
    """Rounds a flat part: its edges away from the light fall into shadow (down to
    `depth` of its colour), and a soft gloss lies on the side facing the light."""
    steps = 4
    shape = _silhouette(part, steps)
    d = max(1, round(shape.get_width() * reach))
    dark = round(255 * depth)
    shadow = pygame.Surface(shape.get_size())
    shadow.fill((dark, dark, dark))
    shadow.blit(shape, (d * LIGHT[0], d * LIGHT[1]))
    part.blit(_grown(shadow, part.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if gloss:
        shine = pygame.Surface(shape.get_size())
        shine.fill((0, 0, 0))
        bounds = shape.get_bounding_rect()
        spot = pygame.Rect(0, 0, bounds.w // 2, bounds.h // 3)
        spot.center = (bounds.x + bounds.w * 2 // 5, bounds.y + bounds.h * 3 // 10)
        pygame.draw.ellipse(shine, (gloss, gloss, gloss), spot)
        part.blit(_grown(shine, part.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_ADD)


def cast(
    onto: pygame.Surface, caster: pygame.Surface, drop: tuple[int, int], depth: float = 0.6
) -> None:
    """The soft shadow `caster` throws on `onto` (hair on a forehead, a chin on a
    neck), moved by `drop` pixels; only `onto`'s own pixels darken."""
    steps = 4
    shape = _silhouette(caster, steps)
    shape.fill((255 - round(255 * depth),) * 3, special_flags=pygame.BLEND_RGB_SUB)
    shadow = pygame.Surface(shape.get_size())
    shadow.fill((255, 255, 255))
    shadow.blit(shape, (drop[0] // steps, drop[1] // steps))
    onto.blit(_grown(shadow, onto.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def backdrop(w: int, colour: RGB) -> pygame.Surface:
    """A lit wall behind the sitter: brighter up and to the left, darker below."""
    out = pygame.Surface((w, w))
    out.fill(scaled(colour, 0.55))
    for i in range(8, 0, -1):
        r = round(w * 0.09 * i)
        pygame.draw.circle(
            out, mix(colour, (255, 255, 255), 0.35 - i * 0.04), (w * 2 // 5, w // 3), r
        )
    return soften(out, 4)
