"""The title screen's look, carried to the pages around a match (set-up, statistics,
a round's and a match's end) from one place: the theme's backdrop, panels with the
title's accent edge and an inner line, headings in the accent with a rule under
them, and a small still fan of the theme's cards beside a heading where it fits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import layout_record
from game.ui.layout_record import Kind
from game.ui.style import RGB, Style, _mix
from game.ui.widgets.title_fan import fan_faces

SMALL_FAN = 3  # cards in a heading's fan
SMALL_SPREAD = 30.0  # degrees from its first card to its last


def title_backdrop(surface: pygame.Surface, style: Style) -> None:
    """The title screen's backdrop (the theme's table seen from afar)."""
    surface.blit(style.renderer.menu(), (0, 0))


def title_panel(
    surface: pygame.Surface,
    style: Style,
    rect: pygame.Rect,
    edge: RGB | None = None,
    alpha: int = 235,
) -> None:
    """A panel framed as the title is: an accent edge and a fine line inside it."""
    edge = edge or style.accent_rgb
    style.panel(surface, rect, alpha, border=edge)
    inset = style.px(7)
    inner = rect.inflate(-2 * inset, -2 * inset)
    if inner.w > 0 and inner.h > 0:
        line = _mix(edge, style.panel_rgb, 0.55)
        pygame.draw.rect(surface, line, inner, 1, border_radius=style.px(6))


def title_heading(
    surface: pygame.Surface,
    style: Style,
    words: str,
    size: float,
    at: tuple[int, int],
    anchor: str = "midtop",
    colour: RGB | None = None,
) -> pygame.Rect:
    """A page's heading in the title's accent, with a short rule under it."""
    rect = style.blit_text(surface, words, size, at, colour or style.accent_rgb, anchor)
    rule = max(2, style.px(3))
    reach = min(rect.w, style.px(120))
    left = rect.centerx - reach // 2 if "mid" in anchor or anchor == "center" else rect.x
    y = rect.bottom + style.px(2)
    pygame.draw.line(surface, colour or style.accent_rgb, (left, y), (left + reach, y), rule)
    return rect


def heading_fans(
    surface: pygame.Surface,
    style: Style,
    heading: pygame.Rect,
    inside: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    """A small fan of the theme's cards either side of a centred heading, as the title
    has its fans either side of the menu: each only where it lies in `inside` (the
    panel's inside) and clear of `avoid`."""
    reach, y, tall = style.px(56), heading.centery + style.px(4), style.px(56)
    small_fan(surface, style, (heading.x - reach, y), tall, avoid, within=inside)
    small_fan(surface, style, (heading.right + reach, y), tall, avoid, True, inside)


def small_fan(
    surface: pygame.Surface,
    style: Style,
    at: tuple[int, int],
    height: int,
    avoid: Sequence[pygame.Rect] = (),
    mirrored: bool = False,
    within: pygame.Rect | None = None,
) -> pygame.Rect | None:
    """Three of the theme's cards fanned, centred on `at`, `height` tall; not drawn
    where it would touch any of `avoid` or leave `within` (the window unless given):
    None then."""
    card_h = round(height * 0.8)
    size = (max(1, round(card_h * 2 / 3)), max(1, card_h))
    faces = fan_faces(style)[:SMALL_FAN][:: -1 if mirrored else 1]
    if size[0] < 12 or not faces:
        return None
    images, centres = [], []
    for i, face in enumerate(faces):
        t = i / max(1, len(faces) - 1) - 0.5
        angle = -t * SMALL_SPREAD
        shift = math.sin(math.radians(-angle)) * size[1] * 0.6
        images.append(style.card(face, size, angle))
        centres.append((round(at[0] + shift), round(at[1] + abs(shift) * 0.3)))
    rects = [image.get_rect(center=c) for image, c in zip(images, centres, strict=True)]
    whole = rects[0].unionall(rects[1:])
    bounds = surface.get_rect() if within is None else within.clip(surface.get_rect())
    if not bounds.contains(whole) or whole.collidelist(list(avoid)) >= 0:
        return None
    for image, rect in zip(images, rects, strict=True):
        surface.blit(image, rect)
    layout_record.note("a fan of the theme's cards", Kind.PICTURE, whole)
    return whole
