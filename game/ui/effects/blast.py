"""A Creeper going off: its fuse (the card flashes white, faster and faster, while
sparks fizz over it), then its blast (a flash and a cloud of blocks thrown out)."""

from __future__ import annotations

import math
import random

import pygame

from game.ui.animation import ease_out_cubic

FUSE = 0.55  # of the moment: the fuse burns, then the blast
FLASH_LEVELS = 6
SMOKE = ((70, 70, 70), (120, 120, 120), (190, 190, 190), (86, 150, 42), (240, 240, 240))
BLOCKS = 30
_WHITES: dict[tuple, pygame.Surface] = {}


def draw_creeper(
    surface: pygame.Surface, card: pygame.Rect, room: pygame.Rect, done: float, unit: int
) -> pygame.Rect | None:
    """The Creeper's moment `done` (0 to 1) through: over the `card` it shows while the
    fuse burns, then a blast filling `room`; `unit` is a block's side."""
    if not 0 <= done < 1:
        return None
    if done < FUSE:
        return _fuse(surface, card, done / FUSE, unit)
    return _blast(surface, room, (done - FUSE) / (1 - FUSE), unit)


def _fuse(surface: pygame.Surface, card: pygame.Rect, t: float, unit: int) -> pygame.Rect:
    """White flashes that come quicker as the fuse burns down, and sparks on top."""
    beats = 1.5 + 5.0 * t  # flashes so far: quicker and quicker
    phase = 0.5 - 0.5 * math.cos(2 * math.pi * beats * t)
    level = round(phase * t * (FLASH_LEVELS - 1))
    drawn = card
    if level:
        white = _white(card.size, level)
        drawn = surface.blit(white, card)
    rng = random.Random(int(t * 40))  # the sparks jump a few times a second
    for _ in range(5):
        x = card.centerx + rng.randint(-card.w // 3, card.w // 3)
        y = card.top - rng.randint(0, 2 * unit)
        spark = pygame.Rect(x, y, unit, unit)
        drawn = drawn.union(pygame.draw.rect(surface, (255, 230, 120), spark))
    return drawn


def _white(size: tuple[int, int], level: int) -> pygame.Surface:
    key = (size, level)
    image = _WHITES.get(key)
    if image is None:
        if len(_WHITES) > 4 * FLASH_LEVELS:
            _WHITES.clear()
        image = pygame.Surface(size, pygame.SRCALPHA)
        image.fill((255, 255, 255, round(220 * level / (FLASH_LEVELS - 1))))
        _WHITES[key] = image
    return image


def _blast(surface: pygame.Surface, room: pygame.Rect, t: float, unit: int) -> pygame.Rect:
    """A square flash that shrinks as blocks of smoke fly out to `room`'s edge."""
    drawn: list[pygame.Rect] = []
    cx, cy = room.center
    if t < 0.35:  # the flash: as tall as the room, gone in a third of the blast
        side = round(room.h * (1 - t / 0.35))
        flash = pygame.Rect(0, 0, side, side)
        flash.center = room.center
        drawn.append(pygame.draw.rect(surface, (255, 255, 255), flash))
    rng = random.Random(3)
    out = ease_out_cubic(t)
    for i in range(BLOCKS):
        angle = 2 * math.pi * (i + rng.random()) / BLOCKS
        far = (0.35 + 0.65 * rng.random()) * out
        x = cx + far * room.w / 2 * math.cos(angle)
        y = cy + far * room.h / 2 * math.sin(angle) - unit * 6 * t  # smoke rises
        side = max(unit, round(unit * (3 + 4 * rng.random()) * (1 - t) ** 0.7))
        block = pygame.Rect(0, 0, side, side)
        block.center = (round(x), round(y))
        drawn.append(pygame.draw.rect(surface, SMOKE[i % len(SMOKE)], block.clamp(room)))
    return drawn[0].unionall(drawn[1:])
