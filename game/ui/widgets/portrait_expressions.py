"""Eyes, brows and a mouth for each mood, drawn on an illustrated head (Classic's
people and Monster High's students). Calm: a small smile; thinking: eyes up and
aside, one brow raised; happy: eyes closed in a smile, an open grin; annoyed:
brows down, lids half shut, a frown; caught: eyes wide, brows up, an "oh!" and a
drop of sweat; winning: a wink and a sly wide grin."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.widgets.portrait_paint import RGB, mix, scaled

WHITE: RGB = (252, 250, 248)
MOUTH: RGB = (120, 36, 44)
INK: RGB = (34, 22, 30)  # fixed, not a darker skin: it must show on every skin


@dataclass(frozen=True)
class Head:
    cx: int
    cy: int
    rx: int
    ry: int
    w: int  # the canvas width, the unit of every length

    def at(self, dx: float, dy: float) -> tuple[int, int]:
        """A point `dx`, `dy` canvas widths from the head's centre."""
        return (round(self.cx + dx * self.w), round(self.cy + dy * self.w))

    def oval(self, left: float, top: float, wide: float, high: float) -> pygame.Rect:
        """A box measured in head radii from the head's centre (x in rx, y in ry)."""
        return pygame.Rect(
            self.cx + round(left * self.rx),
            self.cy + round(top * self.ry),
            round(wide * self.rx),
            round(high * self.ry),
        )

    def px(self, share: float) -> int:
        return max(1, round(self.w * share))


def features(
    s: pygame.Surface, h: Head, mood: str, skin: RGB, brow: RGB, iris: RGB, one_eye: bool = False
) -> None:
    ink = INK
    eyes = ((0, 0.0),) if one_eye else ((-1, -0.085), (1, 0.085))
    for side, dx in eyes:
        size = 1.8 if one_eye else 1.0
        _eye(s, h, mood, side, h.at(dx, 0.0), size, skin, iris, ink)
        _brow(s, h, mood, side, h.at(dx, -0.06 * size), size, brow)
    pygame.draw.line(s, scaled(skin, 0.72), h.at(-0.012, 0.07), h.at(0.016, 0.074), h.px(0.012))
    glad = mood in ("happy", "winning")
    blush = mix(skin, (250, 90, 110), 0.45 if glad else 0.14)
    for side in (-1, 1):
        pygame.draw.ellipse(s, blush, (*h.at(side * 0.125 - 0.03, 0.055), h.px(0.06), h.px(0.035)))
    _mouth(s, h, mood, skin, ink)
    if mood == "caught":
        _sweat(s, h)
    elif mood == "thinking":
        _musing(s, h)
    elif mood == "annoyed":
        _vexed(s, h)
    elif mood == "winning":
        _sparkle(s, h)


def _eye(
    s: pygame.Surface,
    h: Head,
    mood: str,
    side: int,
    at: tuple[int, int],
    size: float,
    skin: RGB,
    iris: RGB,
    ink: RGB,
) -> None:
    x, y = at
    rw, rh = h.px(0.044 * size), h.px(0.031 * size)
    line = h.px(0.011)
    if mood == "happy" or (mood == "winning" and side > 0):  # closed, smiling: ^
        box = pygame.Rect(x - rw, y - rh, rw * 2, rh * 3)
        pygame.draw.arc(s, ink, box, 0.35, math.pi - 0.35, line + 1)
        return
    if mood == "caught":
        rh = round(rh * 1.45)
    white = pygame.Rect(x - rw, y - rh, rw * 2, rh * 2)
    pygame.draw.ellipse(s, WHITE, white)
    look = {"thinking": (side * 0 + 0.4, -0.45)}.get(mood, (0.0, 0.1))
    ir = round(rh * (0.62 if mood == "caught" else 0.95))
    ic = (x + round(look[0] * rw), y + round(look[1] * rh))
    clip = s.get_clip()
    s.set_clip(white)
    pygame.draw.circle(s, iris, ic, ir)
    pygame.draw.circle(s, scaled(iris, 0.55), ic, ir, max(1, line // 2))
    pygame.draw.circle(s, (16, 12, 16), ic, max(1, ir // 2))
    pygame.draw.circle(s, WHITE, (ic[0] - ir // 3, ic[1] - ir // 3), max(1, ir // 3))
    if mood == "annoyed":  # the upper lid comes half down
        lid = pygame.Rect(white.x, white.y - rh, white.w, round(rh * 1.9))
        pygame.draw.rect(s, scaled(skin, 0.9), lid)
    s.set_clip(clip)
    top = white.y + (round(rh * 0.9) if mood == "annoyed" else 0)
    if mood == "annoyed":
        pygame.draw.line(s, ink, (white.x, top), (white.right, top), line + 1)
    else:
        pygame.draw.arc(s, ink, white.inflate(line, line), 0.15, math.pi - 0.15, line + 1)
        lash = (
            (white.right, white.centery - rh // 3)
            if side > 0
            else (white.x, white.centery - rh // 3)
        )
        pygame.draw.line(s, ink, lash, (lash[0] + side * line * 2, lash[1] - line * 2), line)


def _brow(
    s: pygame.Surface, h: Head, mood: str, side: int, at: tuple[int, int], size: float, colour: RGB
) -> None:
    x, y = at
    half = h.px(0.04 * size)
    lift = h.px(0.016)
    inner, outer = (x - side * half, y), (x + side * half, y)
    if mood == "annoyed":  # down towards the nose
        inner, outer = (inner[0], y + lift), (outer[0], y - lift)
    elif mood == "caught":
        inner, outer = (inner[0], y - lift * 2), (outer[0], y - lift)
    elif mood == "thinking" and side > 0:
        inner, outer = (inner[0], y - lift * 2), (outer[0], y - lift * 2)
    elif mood == "winning" and side < 0:
        inner, outer = (inner[0], y - lift), (outer[0], y - lift * 2)
    elif mood == "happy":
        inner, outer = (inner[0], y - lift), (outer[0], y - lift)
    mid = ((inner[0] + outer[0]) // 2, min(inner[1], outer[1]) - lift // 2)
    pygame.draw.lines(s, colour, False, [inner, mid, outer], h.px(0.016))


def _mouth(s: pygame.Surface, h: Head, mood: str, skin: RGB, ink: RGB) -> None:
    x, y = h.at(0.0, 0.135)
    line = h.px(0.011)
    half = h.px(0.065)
    if mood in ("happy", "winning"):
        wide = half + h.px(0.025 if mood == "winning" else 0.012)
        tilt = h.px(0.012) if mood == "winning" else 0
        top = [(x - wide, y - tilt), (x + wide, y + tilt // 2 - tilt)]
        points = [
            (x + wide * math.cos(math.pi * i / 14), y + h.px(0.075) * math.sin(math.pi * i / 14))
            for i in range(15)
        ]
        pygame.draw.polygon(s, MOUTH, [top[1], *points[1:-1], top[0]])
        pygame.draw.ellipse(s, (230, 110, 120), (x - wide // 2, y + h.px(0.025), wide, h.px(0.03)))
        pygame.draw.polygon(
            s,
            WHITE,
            [top[0], top[1], (x + wide * 0.8, y + h.px(0.014)), (x - wide * 0.8, y + h.px(0.014))],
        )
        pygame.draw.polygon(s, ink, [top[1], *points[1:-1], top[0]], line)
    elif mood == "caught":
        o = pygame.Rect(0, 0, h.px(0.055), h.px(0.07))
        o.center = (x, y + h.px(0.01))
        pygame.draw.ellipse(s, MOUTH, o)
        pygame.draw.ellipse(s, ink, o, line)
    elif mood == "annoyed":
        pygame.draw.arc(s, ink, (x - half, y, half * 2, h.px(0.05)), 0.5, math.pi - 0.5, line + 1)
    elif mood == "thinking":
        pygame.draw.line(
            s, ink, (x - half // 2, y + h.px(0.01)), (x + half, y - h.px(0.004)), line + 1
        )
    else:
        pygame.draw.arc(
            s,
            ink,
            (x - half, y - h.px(0.05), half * 2, h.px(0.06)),
            math.pi + 0.5,
            2 * math.pi - 0.5,
            line + 1,
        )


def _sweat(s: pygame.Surface, h: Head) -> None:
    x, y = h.at(0.19, -0.09)
    r = h.px(0.028)
    blue = (130, 200, 250)
    pygame.draw.polygon(s, blue, [(x, y - r * 3), (x - r, y), (x + r, y)])
    pygame.draw.circle(s, blue, (x, y), r)
    pygame.draw.circle(s, (240, 250, 255), (x - r // 3, y - r // 3), max(1, r // 3))
    for angle in (0.65, 0.85, 1.05):  # shock lines springing from the crown
        a, b = 0.27, 0.36
        start = h.at(-a * math.cos(angle * math.pi / 2), -a * math.sin(angle * math.pi / 2) - 0.06)
        end = h.at(-b * math.cos(angle * math.pi / 2), -b * math.sin(angle * math.pi / 2) - 0.06)
        pygame.draw.line(s, INK, start, end, h.px(0.014))


def _musing(s: pygame.Surface, h: Head) -> None:
    """Three bubbles rising from the head to the upper right: "hmm..."."""
    for i, (dx, dy, r) in enumerate(((0.24, -0.12, 0.02), (0.3, -0.2, 0.03), (0.37, -0.31, 0.045))):
        at = h.at(dx, dy)
        pygame.draw.circle(s, (90, 90, 110), at, h.px(r) + h.px(0.008))
        pygame.draw.circle(s, WHITE if i < 2 else (240, 244, 255), at, h.px(r))


def _vexed(s: pygame.Surface, h: Head) -> None:
    """A comic cross-vein at the temple: annoyed."""
    x, y = h.at(-0.21, -0.2)
    r = h.px(0.04)
    red = (220, 40, 50)
    for ax, ay in ((-1, -1), (1, -1), (-1, 1), (1, 1)):  # four arcs bulging inwards
        facing = math.atan2(ay, -ax)
        box = (x + ax * r - r, y + ay * r - r, r * 2, r * 2)
        pygame.draw.arc(s, red, box, facing - math.pi / 4, facing + math.pi / 4, h.px(0.02))


def _sparkle(s: pygame.Surface, h: Head) -> None:
    """A four-pointed gold glint beside the head: winning."""
    x, y = h.at(-0.26, -0.2)
    big, small = h.px(0.06), h.px(0.016)
    star = [
        (x, y - big),
        (x + small, y - small),
        (x + big, y),
        (x + small, y + small),
        (x, y + big),
        (x - small, y + small),
        (x - big, y),
        (x - small, y - small),
    ]
    pygame.draw.polygon(s, (255, 214, 60), star)
    pygame.draw.circle(s, (255, 250, 220), (x, y), max(1, small))
