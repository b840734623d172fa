"""A face for each computer player, drawn in the theme's style, with a mood.

Our own art, drawn by code: a round cartoon face (Classic), a blocky head
(Minecraft), a monster-school student with pale skin and a stitched cheek
(Monster High). Each seat keeps its own look (face_looks.py: skin, hair colour and
style, glasses, earrings, a hat, a beard...), twelve in all; the mood shows what is
happening to them: thinking, happy (UNO, a good catch), annoyed (hit by +4,
skipped, caught). Faces are drawn large, scaled down smoothly and cached.
"""

from __future__ import annotations

import math

import pygame

from game.ui.table.mood import Mood
from game.ui.widgets.face_looks import HAIRS, SKINS, Look, look_of

RGB = tuple[int, int, int]
MOODS = tuple(Mood)
SUPERSAMPLE = 3
INK: RGB = (30, 24, 28)
WHITE: RGB = (250, 250, 250)

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
        look = look_of(seat)
        skins, hairs = SKINS[style], HAIRS[style]
        skin, hair = skins[look.skin % len(skins)], hairs[look.hair % len(hairs)]
        DRAWERS[style](big, skin, hair, mood, look)
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


def _round_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, look: Look) -> None:
    w = s.get_width()
    c = w // 2
    if look.style == 2:  # long hair falls behind the face
        pygame.draw.rect(
            s,
            hair,
            (round(w * 0.08), round(w * 0.2), round(w * 0.84), round(w * 0.7)),
            border_radius=round(w * 0.2),
        )
    pygame.draw.circle(s, _shade(skin, 0.75), (c, c), round(w * 0.48))
    pygame.draw.circle(s, skin, (c, c), round(w * 0.45))
    _round_hair(s, hair, skin, look.style, w)
    if look.extra == "beard":  # under the mouth, so the mood still shows
        _extra(s, look.extra, hair, skin, w, round(w * 0.56))
    _cartoon_features(s, mood, c, round(w * 0.56), w, INK)
    cheek = _shade(skin, 0.88)
    for dx in (-1, 1):
        pygame.draw.circle(s, cheek, (c + dx * round(w * 0.24), round(w * 0.68)), round(w * 0.06))
    if look.extra != "beard":
        _extra(s, look.extra, hair, skin, w, round(w * 0.56))


def _round_hair(s: pygame.Surface, hair: RGB, skin: RGB, style: int, w: int) -> None:
    """Five cuts: a cap and fringe, spikes, long, a bun on top, cropped short."""
    c = w // 2
    if style == 4:  # cropped: a thin cap
        cap = pygame.Rect(0, 0, round(w * 0.86), round(w * 0.4))
        cap.midtop = (c, round(w * 0.05))
        pygame.draw.ellipse(s, hair, cap)
        inner = cap.inflate(-round(w * 0.06), 0).move(0, round(w * 0.1))
        pygame.draw.ellipse(s, skin, inner)
        return
    top = pygame.Rect(0, 0, round(w * 0.9), round(w * 0.62))
    top.midtop = (c, round(w * 0.04))
    pygame.draw.ellipse(s, hair, top)
    if style == 1:  # spikes over the crown
        for i in range(5):
            x = round(w * (0.2 + 0.15 * i))
            pygame.draw.polygon(s, hair, [(x - w * 0.09, w * 0.2), (x, 0), (x + w * 0.09, w * 0.2)])
    if style == 3:  # a bun on top
        pygame.draw.circle(s, hair, (c, round(w * 0.06)), round(w * 0.13))
    fringe = pygame.Rect(0, 0, round(w * 0.72), round(w * 0.34))
    shift = (style - 2) * round(w * 0.05)
    fringe.midtop = (c + shift, round(w * 0.33))
    pygame.draw.ellipse(s, skin, fringe)


def _extra(s: pygame.Surface, extra: str, hair: RGB, skin: RGB, w: int, ey: int) -> None:
    """One thing that makes a face someone's: drawn over the features."""
    c = w // 2
    line = max(2, round(w * 0.03))
    if extra == "glasses":
        for side in (-1, 1):
            pygame.draw.circle(s, INK, (c + side * round(w * 0.15), ey), round(w * 0.11), line)
        pygame.draw.line(s, INK, (c - round(w * 0.04), ey), (c + round(w * 0.04), ey), line)
    elif extra == "earrings":
        for side in (-1, 1):
            pygame.draw.circle(
                s, (240, 200, 60), (c + side * round(w * 0.44), round(w * 0.7)), round(w * 0.05)
            )
    elif extra == "hat":
        crown = pygame.Rect(round(w * 0.2), 0, round(w * 0.6), round(w * 0.24))
        pygame.draw.rect(s, (200, 50, 60), crown, border_radius=round(w * 0.1))
        pygame.draw.rect(
            s, (200, 50, 60), (round(w * 0.1), round(w * 0.2), round(w * 0.8), round(w * 0.07))
        )
    elif extra == "beard":
        chin = pygame.Rect(0, 0, round(w * 0.6), round(w * 0.36))
        chin.midbottom = (c, round(w * 0.96))
        pygame.draw.ellipse(s, hair, chin)
        lip = pygame.Rect(0, 0, round(w * 0.4), round(w * 0.16))
        lip.center = (c, round(w * 0.74))
        pygame.draw.ellipse(s, skin, lip)
    elif extra == "freckles":
        for dx, dy in (
            (-0.26, 0.63),
            (-0.2, 0.66),
            (-0.23, 0.7),
            (0.26, 0.63),
            (0.2, 0.66),
            (0.23, 0.7),
        ):
            pygame.draw.circle(
                s,
                _shade(skin, 0.62),
                (round(w * (0.5 + dx)), round(w * dy)),
                max(1, round(w * 0.014)),
            )
    elif extra == "bow":
        x, y = round(w * 0.72), round(w * 0.16)
        r = round(w * 0.1)
        pygame.draw.polygon(s, (236, 64, 140), [(x, y), (x - 2 * r, y - r), (x - 2 * r, y + r)])
        pygame.draw.polygon(s, (236, 64, 140), [(x, y), (x + 2 * r, y - r), (x + 2 * r, y + r)])
        pygame.draw.circle(s, (180, 30, 100), (x, y), max(2, r // 2))


def _cartoon_features(s: pygame.Surface, mood: str, cx: int, ey: int, w: int, ink: RGB) -> None:
    """Eyes, brows and mouth for a mood, shared by the two round styles."""
    dx, r = round(w * 0.15), round(w * 0.055)
    line = max(2, round(w * 0.035))
    for side in (-1, 1):
        _cartoon_eye(s, mood, cx + side * dx, ey, r, side, line, ink)
    mouth = pygame.Rect(0, 0, round(w * 0.3), round(w * 0.16))
    mouth.midtop = (cx, ey + round(w * 0.12))
    if mood in ("happy", "winning"):  # a wide open grin: flat on top, round below
        steps = 16
        grin = mouth.inflate(round(w * 0.06), 0) if mood == "winning" else mouth
        points = [
            (
                grin.centerx + grin.w / 2 * math.cos(math.pi * i / steps),
                grin.y + grin.h * math.sin(math.pi * i / steps),
            )
            for i in range(steps + 1)
        ]
        pygame.draw.polygon(s, ink, points)
    elif mood == "caught":  # a small round "oh!" and a drop of sweat at the temple
        pygame.draw.ellipse(s, ink, mouth.inflate(-mouth.w // 2, 0), line)
        drop = (cx + round(w * 0.3), ey - round(w * 0.12))
        pygame.draw.polygon(
            s,
            (120, 190, 240),
            [(drop[0], drop[1] - r * 2), (drop[0] - r, drop[1]), (drop[0] + r, drop[1])],
        )
        pygame.draw.circle(s, (120, 190, 240), drop, r)
    elif mood == "annoyed":
        pygame.draw.arc(s, ink, mouth.move(0, round(w * 0.04)), 0.4, 2.75, line)
    elif mood == "thinking":
        pygame.draw.line(
            s, ink, (mouth.x + mouth.w // 4, mouth.centery), (mouth.right, mouth.y + 2), line
        )
    else:
        pygame.draw.arc(s, ink, mouth.move(0, -mouth.h // 2), 3.5, 5.9, line)


def _cartoon_eye(
    s: pygame.Surface, mood: str, x: int, ey: int, r: int, side: int, line: int, ink: RGB
) -> None:
    """One eye and its brow: closed in a smile (happy; the right one winking when
    winning), wide with a small pupil (caught), looking up (thinking), or open."""
    if mood == "happy" or (mood == "winning" and side > 0):  # ^
        pygame.draw.arc(s, ink, (x - r * 2, ey - r, r * 4, r * 3), 0.3, 2.8, line)
    else:
        look = (r // 2, -r // 2) if mood == "thinking" else (0, 0)
        white = round(r * (2.0 if mood == "caught" else 1.6))
        pygame.draw.circle(s, WHITE, (x, ey), white)
        pupil = max(2, r * 2 // 3) if mood == "caught" else r
        pygame.draw.circle(s, ink, (x + look[0], ey + look[1]), pupil)
    if mood == "annoyed":  # brows down towards the nose
        inner = (x - side * r * 2, ey - r * 2)
        outer = (x + side * r * 2, ey - r * 4)
        pygame.draw.line(s, ink, outer, inner, line + 1)
    elif mood == "thinking":
        pygame.draw.line(s, ink, (x - r * 2, ey - r * 4), (x + r * 2, ey - r * 3), line)
    elif mood in ("caught", "winning"):  # brows raised high
        pygame.draw.arc(s, ink, (x - r * 2, ey - r * 5, r * 4, r * 3), 0.4, 2.7, line)


# -- Minecraft: a blocky head on an 8x8 grid --------------------------------------------

MINECRAFT_EYES = {
    "calm": ("..WP..PW", "........"),
    "thinking": ("...WP.WP", "........"),
    "happy": ("..PP..PP", "........"),
    "annoyed": ("..PW..WP", "........"),
    "caught": ("..WW..WW", "........"),
    "winning": ("..WP..PP", "........"),
}
MINECRAFT_MOUTHS = {
    "calm": "...MM...",
    "thinking": "....MM..",
    "happy": "..MMMM..",
    "annoyed": "..M..M..",
    "caught": "...MM...",
    "winning": ".MMMMMM.",
}


def _blocky_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, look: Look) -> None:
    w = s.get_width()
    cell = w // 8
    pixels = [[skin] * 8 for _ in range(8)]
    for c in range(8):  # hair on top, down the sides by style
        pixels[0][c] = pixels[1][c] = hair
    side_rows = {0: 1, 1: 0, 2: 5, 3: 2, 4: 0}[look.style]
    for r in range(2, 2 + side_rows):
        pixels[r][0] = pixels[r][7] = hair
    if look.style == 1:  # a tuft over one eye
        pixels[2][1] = pixels[2][2] = hair
    if look.style == 3:  # a fringe cut straight across
        for c in range(1, 7):
            pixels[2][c] = hair
    eyes, _ = MINECRAFT_EYES.get(mood, MINECRAFT_EYES["calm"])
    iris = EYE_COLOURS[(look.skin + look.hair) % len(EYE_COLOURS)]
    colours = {"W": WHITE, "P": iris, "M": _shade(skin, 0.45)}
    eye_row = 3 if mood != "annoyed" else 4
    for c, ch in enumerate(eyes):
        if ch in colours:
            pixels[eye_row][c - 1 if c > 0 else c] = colours[ch]
    if mood == "annoyed":  # a dark brow line over the eyes
        for c in (1, 2, 5, 6):
            pixels[3][c] = _shade(hair, 0.6)
    if mood == "caught":  # pupils shrunk to dots, brows up, the mouth dropped open
        pixels[eye_row][2] = pixels[eye_row][6] = colours["P"]
        pixels[7][3] = pixels[7][4] = colours["M"]
    if mood == "winning":  # a grin turned up at the corners
        pixels[5][1] = pixels[5][6] = colours["M"]
    pixels[5][3] = pixels[5][4] = _shade(skin, 0.8)  # the nose
    for c, ch in enumerate(MINECRAFT_MOUTHS.get(mood, MINECRAFT_MOUTHS["calm"])):
        if ch == "M":
            pixels[6][c] = colours["M"]
    _blocky_extra(pixels, look.extra, hair, eye_row)
    for r, row in enumerate(pixels):
        for c, rgb in enumerate(row):
            pygame.draw.rect(s, rgb, (c * cell, r * cell, cell, cell))
    pygame.draw.rect(s, _shade(skin, 0.5), (0, 0, cell * 8, cell * 8), max(2, cell // 3))


EYE_COLOURS: tuple[RGB, ...] = ((60, 70, 160), (60, 120, 60), (100, 60, 30), (40, 140, 160))


def _blocky_extra(pixels: list[list[RGB]], extra: str, hair: RGB, eye_row: int) -> None:
    if extra == "glasses":  # dark frames either side of each eye
        for c in (0, 3, 4, 7):
            pixels[eye_row][c] = (30, 30, 34)
    elif extra == "beard":
        for c in range(1, 7):
            pixels[7][c] = hair
        pixels[6][1] = pixels[6][6] = hair
    elif extra == "hat":  # an iron helmet
        for c in range(8):
            pixels[0][c] = pixels[1][c] = (196, 196, 204) if c % 3 else (150, 150, 160)
    elif extra == "earrings":
        pixels[5][0] = pixels[5][7] = (240, 200, 60)
    elif extra == "freckles":
        pixels[5][1] = pixels[5][6] = _shade(pixels[5][1], 0.75)
    elif extra == "bow":  # a headband
        for c in range(8):
            pixels[1][c] = (200, 50, 60)


# -- Monster High: pale skin, dark hair with a streak, a stitched cheek -----------------


def _monster_face(s: pygame.Surface, skin: RGB, hair: RGB, mood: str, look: Look) -> None:
    w = s.get_width()
    c = w // 2
    if look.style in (0, 2):  # long hair behind the face
        back = pygame.Rect(0, 0, round(w * 0.96), round(w * 0.96))
        back.center = (c, c + round(w * 0.02))
        pygame.draw.ellipse(s, hair, back)
    if look.style == 3:  # twin buns
        for side in (-1, 1):
            pygame.draw.circle(
                s, hair, (c + side * round(w * 0.34), round(w * 0.14)), round(w * 0.14)
            )
    head = pygame.Rect(0, 0, round(w * 0.7), round(w * 0.8))
    head.midtop = (c, round(w * 0.14))
    pygame.draw.ellipse(s, _shade(skin, 0.7), head.inflate(4, 4))
    pygame.draw.ellipse(s, skin, head)
    fringe = pygame.Rect(0, 0, round(w * 0.8), round(w * (0.42 if look.style != 4 else 0.3)))
    fringe.midtop = (c, round(w * 0.02))
    pygame.draw.ellipse(s, hair, fringe)
    if look.style == 1:  # a side-swept point
        pygame.draw.polygon(
            s, hair, [(c - w * 0.3, w * 0.2), (c + w * 0.1, w * 0.44), (c + w * 0.2, w * 0.2)]
        )
    streak = (240, 90, 170) if hair != (240, 90, 170) else (40, 30, 50)
    sx = c + (1 if look.skin % 2 else -1) * round(w * 0.16)
    pygame.draw.line(s, streak, (sx, round(w * 0.05)), (sx, round(w * 0.36)), round(w * 0.06))
    ink = (50, 20, 60)
    _cartoon_features(s, mood, c, round(w * 0.54), w, ink)
    for side in (-1, 1):  # lashes
        x = c + side * round(w * 0.15)
        y = round(w * 0.54) - round(w * 0.09)
        pygame.draw.line(
            s, ink, (x + side * round(w * 0.06), y), (x + side * round(w * 0.1), y - 6), 3
        )
    _monster_extra(s, look, ink, w)


def _monster_extra(s: pygame.Surface, look: Look, ink: RGB, w: int) -> None:
    """Spooky-glam touches: a stitched cheek, fangs, little horns, cat ears, a bat bow."""
    c = w // 2
    extra = look.extra
    if extra in ("", "freckles", "beard"):  # a stitched cheek
        stitch_x = c + (-1 if look.skin % 2 else 1) * round(w * 0.22)
        y0 = round(w * 0.62)
        pygame.draw.line(s, ink, (stitch_x, y0), (stitch_x, y0 + round(w * 0.14)), 3)
        for i in range(3):
            y = y0 + round(w * 0.03) + i * round(w * 0.045)
            pygame.draw.line(s, ink, (stitch_x - 8, y), (stitch_x + 8, y), 3)
    if extra in ("earrings", "beard"):  # fangs over the lip
        for side in (-1, 1):
            x = c + side * round(w * 0.06)
            y = round(w * 0.74)
            pygame.draw.polygon(
                s, WHITE, [(x - w * 0.025, y), (x + w * 0.025, y), (x, y + w * 0.07)]
            )
    if extra == "hat":  # little horns
        for side in (-1, 1):
            x = c + side * round(w * 0.22)
            pygame.draw.polygon(
                s,
                (120, 30, 60),
                [(x - w * 0.06, w * 0.14), (x + w * 0.06, w * 0.14), (x + side * w * 0.08, 0)],
            )
    if extra == "glasses":  # cat-eye glasses
        for side in (-1, 1):
            x = c + side * round(w * 0.15)
            rect = pygame.Rect(0, 0, round(w * 0.22), round(w * 0.15))
            rect.center = (x, round(w * 0.54))
            pygame.draw.ellipse(s, (230, 40, 130), rect, max(2, round(w * 0.03)))
    if extra == "freckles":  # cat ears
        for side in (-1, 1):
            x = c + side * round(w * 0.3)
            pygame.draw.polygon(
                s, look_hair_dark(s), [(x - w * 0.1, w * 0.16), (x + w * 0.1, w * 0.16), (x, 0)]
            )
    if extra == "bow":  # a bat-wing bow
        x, y = round(w * 0.7), round(w * 0.12)
        for side in (-1, 1):
            pygame.draw.polygon(
                s,
                (20, 16, 24),
                [
                    (x, y),
                    (x + side * w * 0.18, y - w * 0.08),
                    (x + side * w * 0.13, y + w * 0.02),
                    (x + side * w * 0.18, y + w * 0.08),
                ],
            )
        pygame.draw.circle(s, (230, 40, 130), (x, y), round(w * 0.035))


def look_hair_dark(s: pygame.Surface) -> RGB:
    """Cat ears in the colour of the hair already drawn at the crown."""
    colour = s.get_at((s.get_width() // 2, s.get_width() // 20))
    return _shade((colour.r, colour.g, colour.b), 0.85)


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
