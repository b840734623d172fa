"""Cards in flight between places: position, size and angle eased together.

Sizes and angles are snapped to a few steps so every frame of every flight
comes from the renderer's cache instead of a fresh rotate or scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.animation import Tween, lerp
from game.ui.style import Style
from game.ui.widgets.card_shadow import draw_shadow

Point = tuple[float, float]
SIZE_STEP = 0.1
ANGLE_STEP = 6.0
ARC = 0.18  # of the distance flown: how high a card's path bows at its middle
FLIP_STEP = 0.125  # a flipping card's width, snapped to eighths of its own
FLIP_FROM = 0.35  # of a flight's time: a drawn card turns over in the rest of the way


def snapped_size(card_size: tuple[int, int], scale: float) -> tuple[int, int]:
    s = max(SIZE_STEP, round(scale / SIZE_STEP) * SIZE_STEP)
    return max(1, round(card_size[0] * s)), max(1, round(card_size[1] * s))


def card_image(
    style: Style, face: str | None, scale: float = 1.0, angle: float = 0.0
) -> pygame.Surface:
    """A face (None: the back) at a snapped scale and angle, from the cache."""
    size = snapped_size(style.renderer.card_size, scale)
    return style.card(face, size, round(angle / ANGLE_STEP) * ANGLE_STEP)


def narrowed(image: pygame.Surface, turn: float) -> pygame.Surface:
    """A card `turn` (0 to 1) of the way over, as narrow as it looks edge-on then
    (`image` is its back before halfway, its face after); whole at either end."""
    width = max(FLIP_STEP, round(abs(math.cos(math.pi * turn)) / FLIP_STEP) * FLIP_STEP)
    if width >= 1:
        return image
    w, h = image.get_size()
    return pygame.transform.scale(image, (max(1, round(w * width)), h))


@dataclass
class Flight:
    """One card moving from `start` to wherever `end()` says (a hand card moves)."""

    face: str | None
    start: Point
    end: Callable[[], Point]
    tween: Tween
    scale: tuple[float, float] = (1.0, 1.0)
    angle: tuple[float, float] = (0.0, 0.0)
    flip: bool = False  # shown as its back, turned over halfway (a card drawn to its owner)
    beat: int = 0  # the event it shows (the table's choreographer counts them)

    def where(self) -> tuple[int, int]:
        """The card's centre now: along a gentle arc bowing upwards, as if tossed."""
        t = self.tween.progress
        ex, ey = self.end()
        sx, sy = self.start
        bow = ARC * math.hypot(ex - sx, ey - sy) * math.sin(math.pi * t)
        return round(lerp(sx, ex, t)), round(lerp(sy, ey, t) - bow)

    def turned(self) -> float:
        """How far over a flipping card has turned (0 back up, 1 face up): in the later
        part of its way, by the clock (the eased path is nearly there at halfway)."""
        tween = self.tween
        if tween.duration <= 0:
            return 1.0 if tween.started else 0.0
        linear = (tween.elapsed - tween.delay) / tween.duration
        return min(1.0, max(0.0, (linear - FLIP_FROM) / (1 - FLIP_FROM)))

    def image(self, style: Style) -> pygame.Surface:
        """The card as it looks now: its size and angle on the way, and while it turns
        over, its back until halfway, narrowed as it turns."""
        t = self.tween.progress
        turn = self.turned()
        face = None if self.flip and turn < 0.5 else self.face
        image = card_image(style, face, lerp(*self.scale, t), lerp(*self.angle, t))
        return narrowed(image, turn) if self.flip else image

    def draw(self, surface: pygame.Surface, style: Style) -> pygame.Rect | None:
        """Draws the card where it is now; returns where (None: not set off yet)."""
        if not self.tween.started:
            return None
        image = self.image(style)
        centre = self.where()
        rect = image.get_rect(center=centre)
        # In the air: the lifted shadow, further off and softer than a resting card's;
        # the upright card's, so a few sizes serve every angle (each new size is a blur).
        upright = pygame.Rect((0, 0), snapped_size(style.renderer.card_size, self._scale()))
        upright.center = centre
        shade = draw_shadow(surface, upright, lifted=True)
        return surface.blit(image, rect).union(shade)

    def _scale(self) -> float:
        return lerp(*self.scale, self.tween.progress)
