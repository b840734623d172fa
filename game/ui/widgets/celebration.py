"""A match won, celebrated in the theme's way for a couple of seconds: confetti
(Classic), blocks tumbling down (Minecraft), bats flapping up and away (Monster
High). Everything is over in LASTS seconds and leaves the screen, so the
standings under it are covered only briefly. A few dozen rectangles and polygons
a frame; nothing is rendered ahead.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.style import RGB, Style

LASTS = 2.4  # seconds from the first piece to the last one gone
COUNT = {"classic": 120, "minecraft": 40, "monster_high": 22}
UNIT = {"classic": 10, "minecraft": 13, "monster_high": 18}  # px at 720p: a piece's size
GRAVITY = 1.6  # of the window's height per second squared, for blocks


@dataclass
class Piece:
    x: float  # of the window's width
    y: float  # of its height
    vx: float
    vy: float
    spin: float  # a confetti's flutter, a bat's wing beat
    colour: RGB
    delay: float


def kind_of(style: Style) -> str:
    """Which celebration: the theme's preset's own, else confetti."""
    preset = style.manifest.preset
    return preset if preset in COUNT else "classic"


class Celebration:
    def __init__(self, style: Style, seed: int = 7) -> None:
        self.kind = kind_of(style)
        self.clock = 0.0
        rng = random.Random(seed)
        colours = [c.rgb for c in style.manifest.colours] or [style.accent_rgb]
        self.pieces = [self._piece(rng, colours) for _ in range(COUNT[self.kind])]

    def _piece(self, rng: random.Random, colours: list[RGB]) -> Piece:
        colour = rng.choice(colours)
        delay = rng.uniform(0.0, 0.6)
        if self.kind == "monster_high":  # bats rise from the foot and scatter
            return Piece(
                rng.uniform(0.1, 0.9), 1.05, rng.uniform(-0.3, 0.3), -0.75, 0, colour, delay
            )
        if self.kind == "minecraft":  # blocks drop from above and fall away
            return Piece(
                rng.random(), rng.uniform(-0.1, 0.1), 0.0, rng.uniform(0.2, 0.5), 0, colour, delay
            )
        spin = rng.uniform(4, 9)
        return Piece(rng.random(), -0.05, rng.uniform(-0.08, 0.08), 0.4, spin, colour, delay)

    @property
    def done(self) -> bool:
        return self.clock >= LASTS

    def update(self, dt: float) -> None:
        self.clock = min(LASTS, self.clock + dt)

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        if self.done:
            return
        w, h = surface.get_size()
        unit = style.px(UNIT[self.kind])
        for piece in self.pieces:
            t = self.clock - piece.delay
            if t <= 0:
                continue
            x, y = piece.x + piece.vx * t, piece.y + piece.vy * t
            if self.kind == "minecraft":
                y += GRAVITY * t * t / 2
            at = (round(x * w), round(y * h))
            if not -unit * 3 < at[1] < h + unit * 3:
                continue
            DRAW[self.kind](surface, at, unit, piece, t)


def _confetti(surface: pygame.Surface, at: tuple[int, int], unit: int, p: Piece, t: float) -> None:
    """A paper strip fluttering: its width turns with the spin."""
    turn = abs(math.cos(p.spin * t))
    rect = pygame.Rect(0, 0, max(2, round(unit * 1.1 * turn)), round(unit * 1.8))
    rect.center = (at[0] + round(math.sin(p.spin * t * 0.7) * unit), at[1])
    pygame.draw.rect(surface, p.colour, rect)


def _block(surface: pygame.Surface, at: tuple[int, int], unit: int, p: Piece, t: float) -> None:
    """A block with a darker rim and a lit top edge."""
    rect = pygame.Rect(0, 0, unit * 2, unit * 2)
    rect.center = at
    pygame.draw.rect(surface, p.colour, rect)
    dark = tuple(c // 2 for c in p.colour)
    light = tuple(min(255, c + 70) for c in p.colour)
    pygame.draw.rect(surface, dark, rect, max(1, unit // 4))
    pygame.draw.line(surface, light, rect.topleft, (rect.right - 1, rect.top), max(1, unit // 4))


def _bat(surface: pygame.Surface, at: tuple[int, int], unit: int, p: Piece, t: float) -> None:
    """A bat's silhouette, wings beating: the theme's colour, deepened, with it as an edge."""
    dark = tuple(c // 3 for c in p.colour)
    beat = math.sin(t * 14 + p.x * 9)
    x, y = at
    span, lift = unit * 1.8, unit * 0.9 * beat
    body = [(x, y - unit * 0.4), (x + unit * 0.3, y), (x, y + unit * 0.5), (x - unit * 0.3, y)]
    for side in (-1, 1):
        wing = [
            (x, y - unit * 0.2),
            (x + side * span, y - lift),
            (x + side * span * 0.7, y + unit * 0.2 - lift * 0.4),
            (x + side * span * 0.35, y + unit * 0.05),
            (x, y + unit * 0.3),
        ]
        pygame.draw.polygon(surface, dark, wing)
        pygame.draw.polygon(surface, p.colour, wing, max(1, unit // 8))
    pygame.draw.polygon(surface, dark, body)


DRAW = {"classic": _confetti, "minecraft": _block, "monster_high": _bat}
