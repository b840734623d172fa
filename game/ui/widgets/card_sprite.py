"""Cards in flight between places: position, size and angle eased together.

Sizes and angles are snapped to a few steps so every frame of every flight
comes from the renderer's cache instead of a fresh rotate or scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.animation import Tween, lerp
from game.ui.style import Style

Point = tuple[float, float]
SIZE_STEP = 0.1
ANGLE_STEP = 6.0


def snapped_size(card_size: tuple[int, int], scale: float) -> tuple[int, int]:
    s = max(SIZE_STEP, round(scale / SIZE_STEP) * SIZE_STEP)
    return max(1, round(card_size[0] * s)), max(1, round(card_size[1] * s))


def card_image(
    style: Style, face: str | None, scale: float = 1.0, angle: float = 0.0
) -> pygame.Surface:
    """A face (None: the back) at a snapped scale and angle, from the cache."""
    size = snapped_size(style.renderer.card_size, scale)
    return style.card(face, size, round(angle / ANGLE_STEP) * ANGLE_STEP)


@dataclass
class Flight:
    """One card moving from `start` to wherever `end()` says (a hand card moves)."""

    face: str | None
    start: Point
    end: Callable[[], Point]
    tween: Tween
    scale: tuple[float, float] = (1.0, 1.0)
    angle: tuple[float, float] = (0.0, 0.0)
    beat: int = 0  # the event it shows (the table's choreographer counts them)

    def where(self) -> tuple[int, int]:
        """The card's centre now."""
        t = self.tween.progress
        ex, ey = self.end()
        return round(lerp(self.start[0], ex, t)), round(lerp(self.start[1], ey, t))

    def draw(self, surface: pygame.Surface, style: Style) -> pygame.Rect | None:
        """Draws the card where it is now; returns where (None: not set off yet)."""
        if not self.tween.started:
            return None
        t = self.tween.progress
        image = card_image(style, self.face, lerp(*self.scale, t), lerp(*self.angle, t))
        return surface.blit(image, image.get_rect(center=self.where()))
