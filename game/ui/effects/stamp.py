"""A verdict's stamp: a word in ink, framed twice and set at a slant, that slams
down (large, then its size with a small jolt) and stays."""

from __future__ import annotations

import math

import pygame

from game.ui.animation import ease_out_cubic
from game.ui.effects.look import EffectLook
from game.ui.style import Style

SLANTS = {"confetti": -12.0, "block": 0.0, "bat": 9.0}  # a pixel stamp stays square
SLAM = 1.8  # the stamp's size as it comes down, where there is room
STEP = 0.1  # the slam's sizes, in steps of the stamp's own
_STAMPS: dict[tuple, pygame.Surface] = {}


def stamp_size(style: Style, look: EffectLook, words: str, room: pygame.Rect) -> float:
    """The stamp's text size that fits `room` once slanted (40 at most, 14 at least)."""
    size = 40.0
    while size > 14 and not _fits(_stamp(style, look, words, size, 1.0), room):
        size -= 2
    return size


def _fits(image: pygame.Surface, room: pygame.Rect) -> bool:
    return image.get_width() <= room.w and image.get_height() <= room.h


def draw_stamp(
    surface: pygame.Surface,
    style: Style,
    look: EffectLook,
    words: str,
    centre: tuple[int, int],
    done: float,
    room: pygame.Rect,
) -> pygame.Rect:
    """The stamp `done` (0 to 1) of the way down, centred on `centre`, inside `room`
    all the way (it comes down from as large as `room` holds); returns where it went."""
    size = stamp_size(style, look, words, room)
    rest = _stamp(style, look, words, size, 1.0)
    largest = min(SLAM, room.w / rest.get_width(), room.h / rest.get_height())
    t = min(1.0, max(0.0, done))
    grow = 1.0 + max(0.0, largest - 1.0) * (1 - ease_out_cubic(t))
    grow = math.floor(grow / STEP) * STEP  # a few sizes, each scaled once; never past room
    image = _stamp(style, look, words, size, grow) if grow > 1.0 else rest
    return surface.blit(image, image.get_rect(center=centre).clamp(room))


def _stamp(style: Style, look: EffectLook, words: str, size: float, grow: float) -> pygame.Surface:
    key = (style.manifest.id, style.scale, words, size, grow, look.ink)
    image = _STAMPS.get(key)
    if image is None:
        if len(_STAMPS) > 48:
            _STAMPS.clear()
        image = _stamp_face(style, look, words, size)
        slant = SLANTS.get(look.shape, -12.0)
        if slant:
            image = pygame.transform.rotozoom(image, slant, 1.0)
        if grow > 1.0:
            image = pygame.transform.smoothscale_by(image, grow)
        _STAMPS[key] = image
    return image


def _stamp_face(style: Style, look: EffectLook, words: str, size: float) -> pygame.Surface:
    """The stamp unturned: the word on a pale ground in two frames of ink."""
    text = style.text(words, size, look.ink)
    pad = style.px(14)
    face = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
    rect = face.get_rect()
    radius = 0 if look.shape == "block" else style.px(8)
    pygame.draw.rect(face, (250, 246, 236, 215), rect, border_radius=radius)
    pygame.draw.rect(face, look.ink, rect, max(2, style.px(4)), border_radius=radius)
    inner = rect.inflate(-style.px(12), -style.px(12))
    pygame.draw.rect(face, look.ink, inner, max(1, style.px(2)), border_radius=radius)
    face.blit(text, text.get_rect(center=rect.center))
    return face
