"""A burst: a star flashes behind a moment's word and the theme's pieces fly out
from it (paper confetti, pixel blocks, bats), falling and shrinking as they go."""

from __future__ import annotations

import math
import random

import pygame

from game.ui.animation import ease_out_cubic
from game.ui.effects.look import EffectLook

PIECES = 14
FLASH_END = 0.35  # of the burst: the star is gone by then
FLAT = 0.65  # the star's height to its width
Point = tuple[float, float]


def draw_burst(
    surface: pygame.Surface,
    look: EffectLook,
    centre: Point,
    done: float,
    reach: int,
    seed: int = 0,
) -> pygame.Rect | None:
    """The burst `done` (0 to 1) of the way through, about `centre`, its pieces flying
    up to `reach` pixels; `seed` varies the pieces from one burst to another (and
    keeps the same burst the same from frame to frame)."""
    if not 0 <= done < 1:
        return None
    flash = _flash(surface, look, centre, done, reach)
    drawn = [flash] if flash is not None else []
    rng = random.Random(seed)
    size = max(3, reach // 9)
    for i in range(PIECES):
        angle = 2 * math.pi * (i + rng.random() * 0.6) / PIECES
        far = reach * (0.55 + 0.45 * rng.random()) * ease_out_cubic(done)
        fall = reach * 0.35 * done * done if look.shape != "bat" else -reach * 0.2 * done
        at = (centre[0] + far * math.cos(angle), centre[1] + far * math.sin(angle) + fall)
        side = max(2, round(size * (1 - done) ** 0.5))
        colour = look.pieces[i % len(look.pieces)]
        drawn.append(_piece(surface, look.shape, colour, at, side, done * 9 + i))
    return drawn[0].unionall(drawn[1:]) if drawn else None


def _flash(
    surface: pygame.Surface, look: EffectLook, centre: Point, done: float, reach: int
) -> pygame.Rect | None:
    """A star that springs out and shrinks away in the burst's first moments."""
    if done >= FLASH_END:
        return None
    t = done / FLASH_END
    radius = reach * 0.9 * math.sin(math.pi * t) ** 0.7
    if radius < 2:
        return None
    points = 8 if look.shape != "block" else 4
    star = []
    for k in range(2 * points):
        r = radius if k % 2 == 0 else radius * (0.45 if look.shape != "block" else 0.3)
        a = math.pi * k / points + (math.pi / 4 if look.shape == "block" else t)
        # Flatter than it is wide: it spreads beside the word, not down over a name.
        star.append((centre[0] + r * math.cos(a), centre[1] + FLAT * r * math.sin(a)))
    rect = pygame.draw.polygon(surface, look.flash, star)
    pygame.draw.polygon(surface, (20, 20, 20), star, 2)
    return rect


def _piece(
    surface: pygame.Surface,
    shape: str,
    colour: tuple[int, int, int],
    at: Point,
    side: int,
    turn: float,
) -> pygame.Rect:
    x, y = at
    if shape == "block":  # square pixels, never turned: blocks stay on the grid
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, (20, 20, 20), rect, 1)
        return rect
    if shape == "bat":
        return _bat(surface, colour, at, side, turn)
    # Paper: a thin strip that tumbles (its width swings as it turns over).
    w, h = side * abs(math.cos(turn)) + 1, side * 0.55
    a = turn * 0.7
    corners = [
        (x + dx * math.cos(a) - dy * math.sin(a), y + dx * math.sin(a) + dy * math.cos(a))
        for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))
    ]
    return pygame.draw.polygon(surface, colour, corners)


def _bat(
    surface: pygame.Surface, colour: tuple[int, int, int], at: Point, side: int, flap: float
) -> pygame.Rect:
    """A small bat: a body and two wings that beat."""
    x, y = at
    lift = side * 0.8 * math.sin(flap * 2.0)
    wing = side * 1.6
    points = [
        (x - wing, y - lift),
        (x - wing * 0.45, y + side * 0.25),
        (x - side * 0.3, y - side * 0.2),
        (x, y - side * 0.55),  # the ears
        (x + side * 0.3, y - side * 0.2),
        (x + wing * 0.45, y + side * 0.25),
        (x + wing, y - lift),
        (x + side * 0.35, y + side * 0.6),
        (x - side * 0.35, y + side * 0.6),
    ]
    return pygame.draw.polygon(surface, colour, points)
