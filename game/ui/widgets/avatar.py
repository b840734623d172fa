"""A face for each computer player, drawn in the theme's style, with a mood.

Our own art, drawn by code: a round cartoon face (Classic), a blocky head
(Minecraft), a monster-school student with pale skin and a stitched cheek
(Monster High). Each seat keeps its own skin and hair; the mood shows what is
happening to them: thinking, happy (UNO, a good catch), annoyed (hit by +4,
skipped, caught). Faces are drawn large, scaled down smoothly and cached.
"""

from __future__ import annotations

import math

import pygame

from game.ui.table.mood import Mood

RGB = tuple[int, int, int]
MOODS = tuple(Mood)
SUPERSAMPLE = 3
INK: RGB = (30, 24, 28)
WHITE: RGB = (250, 250, 250)

SKINS: dict[str, tuple[RGB, ...]] = {
    "classic": ((241, 200, 160), (198, 140, 100), (141, 85, 54), (255, 219, 180), (224, 172, 105)),
    "minecraft": ((198, 142, 108), (240, 196, 160), (120, 80, 56), (96, 160, 80), (170, 120, 90)),
    "monster_high": ((170, 220, 190), (200, 180, 230), (176, 210, 235), (215, 215, 220)),
}
HAIRS: dict[str, tuple[RGB, ...]] = {
    "classic": ((70, 45, 30), (230, 190, 90), (30, 30, 35), (170, 70, 40), (120, 120, 125)),
    "minecraft": ((72, 48, 28), (200, 120, 40), (40, 30, 20), (60, 90, 50), (150, 100, 50)),
    "monster_high": ((25, 20, 35), (240, 90, 170), (60, 30, 90), (20, 80, 90)),
}

_cache: dict[tuple[str, int, str, int], pygame.Surface] = {}


def face(theme: str, seat: int, mood: str, size: int) -> pygame.Surface:
    """The face of `seat` (its own colours) in `mood`, `size` pixels square."""
    style = theme if theme in SKINS else "classic"
    key = (style, seat, mood, size)
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) > 400:
            _cache.clear()
        big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
        skins, hairs = SKINS[style], HAIRS[style]
        skin, hair = skins[seat % len(skins)], hairs[(seat * 2 + 1) % len(hairs)]
        DRAWERS[style](big, skin, hair, mood, seat)
        surface = pygame.transform.smoothscale(big, (size, size))
        _cache[key] = surface
    return surface


def _shade(rgb: RGB, factor: float) -> RGB:
    return (
        max(0, min(255, round(rgb[0] * factor))),
        max(0, min(255, round(rgb[1] * factor))),
        max(0, min(255, round(rgb[2] * factor))),
    )


# -- Classic: a round cartoon face -------------------------------------------------------


def _round_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, seat: int) -> None:
    w = s.get_width()
    c = w // 2
    pygame.draw.circle(s, _shade(skin, 0.75), (c, c), round(w * 0.48))
    pygame.draw.circle(s, skin, (c, c), round(w * 0.45))
    # Hair: a cap over the top, a fringe that differs by seat.
    top = pygame.Rect(0, 0, round(w * 0.9), round(w * 0.62))
    top.midtop = (c, round(w * 0.04))
    pygame.draw.ellipse(s, hair, top)
    fringe = pygame.Rect(0, 0, round(w * 0.72), round(w * 0.34))
    fringe.midtop = (c + (seat % 3 - 1) * round(w * 0.06), round(w * 0.26))
    pygame.draw.ellipse(s, skin, fringe.move(0, round(w * 0.07)))
    _cartoon_features(s, mood, c, round(w * 0.56), w, INK)
    cheek = _shade(skin, 0.88)
    for dx in (-1, 1):
        pygame.draw.circle(s, cheek, (c + dx * round(w * 0.24), round(w * 0.68)), round(w * 0.06))


def _cartoon_features(s: pygame.Surface, mood: str, cx: int, ey: int, w: int, ink: RGB) -> None:
    """Eyes, brows and mouth for a mood, shared by the two round styles."""
    dx, r = round(w * 0.15), round(w * 0.055)
    line = max(2, round(w * 0.035))
    for side in (-1, 1):
        x = cx + side * dx
        if mood == "happy":  # eyes closed in a smile: ^ ^
            pygame.draw.arc(s, ink, (x - r * 2, ey - r, r * 4, r * 3), 0.3, 2.8, line)
        else:
            look = (r // 2, -r // 2) if mood == "thinking" else (0, 0)
            pygame.draw.circle(s, WHITE, (x, ey), round(r * 1.6))
            pygame.draw.circle(s, ink, (x + look[0], ey + look[1]), r)
        if mood == "annoyed":  # brows down towards the nose
            inner = (x - side * r * 2, ey - r * 2)
            outer = (x + side * r * 2, ey - r * 4)
            pygame.draw.line(s, ink, outer, inner, line + 1)
        elif mood == "thinking":
            pygame.draw.line(s, ink, (x - r * 2, ey - r * 4), (x + r * 2, ey - r * 3), line)
    mouth = pygame.Rect(0, 0, round(w * 0.3), round(w * 0.16))
    mouth.midtop = (cx, ey + round(w * 0.12))
    if mood == "happy":  # a wide open grin: flat on top, round below
        steps = 16
        points = [
            (
                mouth.centerx + mouth.w / 2 * math.cos(math.pi * i / steps),
                mouth.y + mouth.h * math.sin(math.pi * i / steps),
            )
            for i in range(steps + 1)
        ]
        pygame.draw.polygon(s, ink, points)
    elif mood == "annoyed":
        pygame.draw.arc(s, ink, mouth.move(0, round(w * 0.04)), 0.4, 2.75, line)
    elif mood == "thinking":
        pygame.draw.line(
            s, ink, (mouth.x + mouth.w // 4, mouth.centery), (mouth.right, mouth.y + 2), line
        )
    else:
        pygame.draw.arc(s, ink, mouth.move(0, -mouth.h // 2), 3.5, 5.9, line)


# -- Minecraft: a blocky head on an 8x8 grid --------------------------------------------

MINECRAFT_EYES = {
    "calm": ("..WP..PW", "........"),
    "thinking": ("...WP.WP", "........"),
    "happy": ("..PP..PP", "........"),
    "annoyed": ("..PW..WP", "........"),
}
MINECRAFT_MOUTHS = {
    "calm": "...MM...",
    "thinking": "....MM..",
    "happy": "..MMMM..",
    "annoyed": "..M..M..",
}


def _blocky_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, seat: int) -> None:
    w = s.get_width()
    cell = w // 8
    pixels = [[skin] * 8 for _ in range(8)]
    for c in range(8):  # hair on top, down the sides by seat
        pixels[0][c] = pixels[1][c] = hair
    for r in range(2, 2 + seat % 3 + 1):
        pixels[r][0] = pixels[r][7] = hair
    eyes, _ = MINECRAFT_EYES.get(mood, MINECRAFT_EYES["calm"])
    colours = {"W": WHITE, "P": (60, 70, 160), "M": _shade(skin, 0.45)}
    eye_row = 3 if mood != "annoyed" else 4
    for c, ch in enumerate(eyes):
        if ch in colours:
            pixels[eye_row][c - 1 if c > 0 else c] = colours[ch]
    if mood == "annoyed":  # a dark brow line over the eyes
        for c in (1, 2, 5, 6):
            pixels[3][c] = _shade(hair, 0.6)
    pixels[5][3] = pixels[5][4] = _shade(skin, 0.8)  # the nose
    for c, ch in enumerate(MINECRAFT_MOUTHS.get(mood, MINECRAFT_MOUTHS["calm"])):
        if ch == "M":
            pixels[6][c] = colours["M"]
    for r, row in enumerate(pixels):
        for c, rgb in enumerate(row):
            pygame.draw.rect(s, rgb, (c * cell, r * cell, cell, cell))
    pygame.draw.rect(s, _shade(skin, 0.5), (0, 0, cell * 8, cell * 8), max(2, cell // 3))


# -- Monster High: pale skin, dark hair with a streak, a stitched cheek -----------------


def _monster_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, seat: int) -> None:
    w = s.get_width()
    c = w // 2
    back = pygame.Rect(0, 0, round(w * 0.96), round(w * 0.96))
    back.center = (c, c + round(w * 0.02))
    pygame.draw.ellipse(s, hair, back)  # long hair behind the face
    head = pygame.Rect(0, 0, round(w * 0.7), round(w * 0.8))
    head.midtop = (c, round(w * 0.14))
    pygame.draw.ellipse(s, _shade(skin, 0.7), head.inflate(4, 4))
    pygame.draw.ellipse(s, skin, head)
    fringe = pygame.Rect(0, 0, round(w * 0.8), round(w * 0.42))
    fringe.midtop = (c, round(w * 0.02))
    pygame.draw.ellipse(s, hair, fringe)
    streak = (240, 90, 170) if hair != (240, 90, 170) else (40, 30, 50)
    sx = c + (1 if seat % 2 else -1) * round(w * 0.16)
    pygame.draw.line(s, streak, (sx, round(w * 0.05)), (sx, round(w * 0.36)), round(w * 0.06))
    ink = (50, 20, 60)
    _cartoon_features(s, mood, c, round(w * 0.54), w, ink)
    for side in (-1, 1):  # lashes
        x = c + side * round(w * 0.15)
        y = round(w * 0.54) - round(w * 0.09)
        pygame.draw.line(
            s, ink, (x + side * round(w * 0.06), y), (x + side * round(w * 0.1), y - 6), 3
        )
    stitch_x = c + (-1 if seat % 2 else 1) * round(w * 0.22)
    y0 = round(w * 0.62)
    pygame.draw.line(s, ink, (stitch_x, y0), (stitch_x, y0 + round(w * 0.14)), 3)
    for i in range(3):
        y = y0 + round(w * 0.03) + i * round(w * 0.045)
        pygame.draw.line(s, ink, (stitch_x - 8, y), (stitch_x + 8, y), 3)


DRAWERS = {"classic": _round_face, "minecraft": _blocky_face, "monster_high": _monster_face}


_framed: dict[tuple[str, int, str, int, RGB | None], pygame.Surface] = {}


def draw_avatar(
    surface: pygame.Surface,
    theme: str,
    seat: int,
    mood: str,
    center: tuple[int, int],
    size: int,
    ring: RGB | None = None,
) -> pygame.Rect:
    """The face in a frame (a ring in `ring` colour, e.g. on the player whose turn it
    is), pre-drawn once per look so a frame costs one blit per seat."""
    image = framed_avatar(theme, seat, mood, size, ring)
    rect = image.get_rect(center=center)
    surface.blit(image, rect)
    return rect


def framed_avatar(
    theme: str, seat: int, mood: str, size: int, ring: RGB | None = None
) -> pygame.Surface:
    """The face in its frame, as draw_avatar draws it."""
    key = (theme, seat, mood, size, ring)
    image = _framed.get(key)
    if image is None:
        if len(_framed) > 400:
            _framed.clear()
        image = _framed[key] = _frame(face(theme, seat, mood, size), theme, size, ring)
    return image


def _frame(picture: pygame.Surface, theme: str, size: int, ring: RGB | None) -> pygame.Surface:
    pad = size // 16
    out = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    frame = out.get_rect()
    radius = frame.w // 2 if theme != "minecraft" else max(2, size // 10)
    pygame.draw.rect(out, ring or (40, 40, 46), frame, border_radius=radius)
    inner = frame.inflate(-2 * pad + size // 20, -2 * pad + size // 20)
    pygame.draw.rect(out, (245, 245, 240), inner, border_radius=radius)
    out.blit(picture, picture.get_rect(center=frame.center))
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out
