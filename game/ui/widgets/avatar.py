"""A portrait for each computer player, in the theme's style, with a mood, set in
a framed medallion.

Our own art, drawn by code: Classic's illustrated people and Monster High's
monster students are head-and-shoulders busts lit from the upper left
(portrait_people.py, portrait_monsters.py); Minecraft's adventurers are blocky
pixel busts (portrait_blocky.py). Each seat keeps its own character
(face_looks.py, twelve per theme); the mood shows what is happening to them:
thinking, happy (UNO, a good catch), annoyed (hit by +4, skipped), caught,
winning (one card left).

Nothing is drawn at start-up. A bust without its face is painted once per
seat and size (the shading is the costly part) and kept; each mood then only
draws eyes and a mouth over a copy and scales it down, then the framed
medallion is kept too, so a frame costs one blit per seat. The table paints a
few a frame (table/portraits.py): a seat not painted yet shows the empty
medallion (mood None) for a frame or two."""

from __future__ import annotations

import pygame

from game.ui.table.mood import Mood
from game.ui.widgets import portrait_monsters
from game.ui.widgets.face_looks import CASTS, character
from game.ui.widgets.portrait_blocky import GRID, blocky
from game.ui.widgets.portrait_expressions import Head, features
from game.ui.widgets.portrait_paint import RGB, mix, scaled
from game.ui.widgets.portrait_people import beard, bust, extras

MOODS = tuple(Mood)
SUPERSAMPLE = 2  # twice the size, then smoothed down: 3 looked no better and cost twice
LIMIT = 400

_busts: dict[tuple[str, int, int], tuple[pygame.Surface, Head]] = {}
_cache: dict[tuple[str, int, str, int], pygame.Surface] = {}


def _theme(theme: str) -> str:
    return theme if theme in CASTS else "classic"


def face(theme: str, seat: int, mood: str, size: int) -> pygame.Surface:
    """The portrait of `seat` (its own character) in `mood`, `size` pixels square."""
    style = _theme(theme)
    key = (style, seat, mood, size)
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) > LIMIT:
            _cache.clear()
        if style == "minecraft":
            cell = max(1, -(-size // GRID))  # just over the size: blocks stay crisp
            big = blocky(cell * GRID, character(style, seat), mood, seat)
        else:
            big = _illustrated(style, seat, mood, size * SUPERSAMPLE)
        surface = _cache[key] = pygame.transform.smoothscale(big, (size, size))
    return surface


def painted(theme: str, seat: int, mood: str, size: int) -> bool:
    """Whether the portrait is painted already (showing it costs a blit, not ~1 ms)."""
    return (_theme(theme), seat, mood, size) in _cache


def _illustrated(style: str, seat: int, mood: str, w: int) -> pygame.Surface:
    ch = character(style, seat)
    monster = style == "monster_high"
    key = (style, seat, w)
    made = _busts.get(key)
    if made is None:
        if len(_busts) > LIMIT // 8:
            _busts.clear()
        before = portrait_monsters.before if monster else None
        made = _busts[key] = bust(w, ch, before)
    base, head = made
    out = base.copy()
    if ch.extra == "beard":
        beard(out, head, ch)
    brow = scaled(ch.hair, 0.7) if ch.style != "bald" else scaled(ch.skin, 0.55)
    features(out, head, mood, ch.skin, brow, ch.eyes, one_eye=ch.extra == "cyclops")
    extras(out, head, ch)
    if monster:
        portrait_monsters.after(out, head, ch, mood)
    return out


_framed: dict[tuple[str, int, str | None, int, RGB | None], pygame.Surface] = {}

# The medallion's metal per theme: gold for Classic, dark silver and violet for
# Monster High, weathered stone for Minecraft's square frame.
METALS: dict[str, RGB] = {
    "classic": (214, 172, 82),
    "monster_high": (176, 150, 196),
    "minecraft": (140, 136, 128),
}


def draw_avatar(
    surface: pygame.Surface,
    theme: str,
    seat: int,
    mood: str | None,
    center: tuple[int, int],
    size: int,
    ring: RGB | None = None,
) -> pygame.Rect:
    """The portrait in its medallion (a ring in `ring` colour around it, e.g. on
    the player whose turn it is), made once per look so a frame costs one blit."""
    image = framed_avatar(theme, seat, mood, size, ring)
    rect = image.get_rect(center=center)
    surface.blit(image, rect)
    return rect


def framed_avatar(
    theme: str, seat: int, mood: str | None, size: int, ring: RGB | None = None
) -> pygame.Surface:
    """The portrait in its medallion, as draw_avatar draws it (mood None: the
    medallion empty, waiting for its portrait)."""
    key = (theme, seat, mood, size, ring)
    image = _framed.get(key)
    if image is None:
        if len(_framed) > LIMIT:
            _framed.clear()
        picture = _empty(theme, size) if mood is None else face(theme, seat, mood, size)
        image = _framed[key] = _frame(picture, _theme(theme), size, ring)
    return image


def _empty(theme: str, size: int) -> pygame.Surface:
    """The medallion's back, in its metal's shadow: no face yet, and no gap either."""
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    picture.fill((*scaled(METALS[_theme(theme)], 0.3), 255))
    return picture


def _frame(picture: pygame.Surface, theme: str, size: int, ring: RGB | None) -> pygame.Surface:
    """A bevelled metal rim (lit at the top left, shadowed at the bottom right),
    the portrait set inside it, and the turn's ring outside."""
    pad = max(2, size // 14)
    out = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    frame = out.get_rect()
    square = theme == "minecraft"
    radius = max(2, size // 12) if square else frame.w // 2
    metal = METALS[theme]
    pygame.draw.rect(out, ring or scaled(metal, 0.4), frame, border_radius=radius)
    rim = frame.inflate(-max(2, pad // 2), -max(2, pad // 2))
    pygame.draw.rect(out, scaled(metal, 0.7), rim, border_radius=radius)
    lit = rim.inflate(-max(1, pad // 3), -max(1, pad // 3)).move(
        -max(1, pad // 4), -max(1, pad // 4)
    )
    pygame.draw.rect(out, mix(metal, (255, 250, 230), 0.35), lit, border_radius=radius)
    face_box = picture.get_rect(center=frame.center).inflate(-pad // 2, -pad // 2)
    pygame.draw.rect(out, metal, face_box.inflate(pad, pad), border_radius=radius)
    pygame.draw.rect(out, scaled(metal, 0.45), face_box.inflate(2, 2), border_radius=radius)
    window = pygame.Surface(face_box.size, pygame.SRCALPHA)
    pygame.draw.rect(
        window, (255, 255, 255, 255), window.get_rect(), border_radius=max(1, radius - pad)
    )
    window.blit(
        picture,
        (
            -(face_box.x - picture.get_rect(center=frame.center).x),
            -(face_box.y - picture.get_rect(center=frame.center).y),
        ),
        special_flags=pygame.BLEND_RGBA_MULT,
    )
    out.blit(window, face_box)
    if pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out
