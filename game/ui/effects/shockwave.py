"""A shock wave: rings that run out from a point and thin away, for a shriek."""

from __future__ import annotations

import pygame

from game.ui.animation import ease_out_cubic

RINGS = 3
SPACING = 0.22  # of the wave: the next ring sets off this much later


def draw_shockwave(
    surface: pygame.Surface,
    colour: tuple[int, int, int],
    room: pygame.Rect,
    done: float,
    width: int,
) -> pygame.Rect | None:
    """Rings `done` (0 to 1) of the way out from `room`'s centre to its edge, each
    `width` pixels thick as it sets off and a hairline as it reaches the edge."""
    drawn: list[pygame.Rect] = []
    span = 1 - SPACING * (RINGS - 1)
    for k in range(RINGS):
        t = (done - k * SPACING) / span
        if not 0 < t < 1:
            continue
        out = ease_out_cubic(t)
        ring = pygame.Rect(0, 0, max(4, round(room.w * out)), max(4, round(room.h * out)))
        ring.center = room.center
        thick = max(1, round(width * (1 - t)))
        drawn.append(pygame.draw.ellipse(surface, colour, ring, thick))
    return drawn[0].unionall(drawn[1:]) if drawn else None
