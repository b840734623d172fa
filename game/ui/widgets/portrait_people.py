"""An illustrated head-and-shoulders bust: a lit backdrop, shoulders in the
character's clothes and collar, a neck in the chin's shadow, a rounded head lit
from the upper left, and a haircut that throws a soft shadow on the forehead.
Classic draws its people with it; Monster High adds each creature's features
(portrait_monsters.py) through the `before`/`after` hooks.

`bust` is the part that never changes with the mood (it is cached); `features`
(portrait_expressions.py) is drawn over a copy for each mood."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.widgets.face_looks import Character
from game.ui.widgets.portrait_expressions import Head
from game.ui.widgets.portrait_paint import RGB, backdrop, cast, layer, mix, scaled, shade

CLEAR = (0, 0, 0, 0)
Hook = Callable[[pygame.Surface, Head, Character, str], None]


def head_of(w: int) -> Head:
    return Head(w // 2, round(w * 0.43), round(w * 0.2), round(w * 0.25), w)


def bust(w: int, ch: Character, before: Hook | None = None) -> tuple[pygame.Surface, Head]:
    """The sitter without a face: backdrop, hair behind, body, neck, head, hair.
    `before(part, head, character, which)` adds a kind's own pieces to a part
    ("back", "body", "head", "front") before it is shaded."""
    h = head_of(w)
    out = backdrop(w, ch.backdrop)
    hook = before or (lambda *_: None)
    back = layer(w)
    _hair_back(back, h, ch)
    hook(back, h, ch, "back")
    shade(back, 0.5, gloss=40)
    out.blit(back, (0, 0))
    neck, body = layer(w), layer(w)
    pygame.draw.rect(neck, scaled(ch.skin, 0.9), (h.cx - h.px(0.08), h.cy, h.px(0.16), h.px(0.4)))
    _body(body, h, ch)
    hook(body, h, ch, "body")
    shade(neck, 0.75, gloss=0)
    shade(body, 0.55, reach=0.06, gloss=45)
    head = layer(w)
    _head(head, h, ch.skin)
    hook(head, h, ch, "head")
    cast(neck, head, (h.px(0.01), h.px(0.04)), 0.5)
    cast(body, head, (h.px(0.02), h.px(0.05)), 0.7)
    out.blit(neck, (0, 0))
    out.blit(body, (0, 0))
    front = layer(w)
    _hair_front(front, h, ch)
    hook(front, h, ch, "front")
    shade(head, 0.62, reach=0.045, gloss=36)
    cast(head, front, (h.px(0.012), h.px(0.03)), 0.62)
    out.blit(head, (0, 0))
    shade(front, 0.5, reach=0.04, gloss=55)
    out.blit(front, (0, 0))
    return out, h


def _head(s: pygame.Surface, h: Head, skin: RGB) -> None:
    ear = h.px(0.045)
    for side in (-1, 1):
        pygame.draw.ellipse(
            s,
            scaled(skin, 0.94),
            (h.cx + side * h.rx - ear, h.cy - ear // 2, ear * 2, round(ear * 2.4)),
        )
    pygame.draw.ellipse(s, skin, (h.cx - h.rx, h.cy - h.ry, h.rx * 2, round(h.ry * 1.8)))
    jaw = pygame.Rect(0, 0, round(h.rx * 1.56), round(h.ry * 1.1))
    jaw.midbottom = (h.cx, h.cy + h.ry)
    pygame.draw.ellipse(s, skin, jaw)


def _body(s: pygame.Surface, h: Head, ch: Character) -> None:
    w, cx = h.w, h.cx
    top = round(w * 0.74)
    if ch.collar == "hood":  # the hood gathered behind the neck
        pygame.draw.ellipse(s, ch.trim, (cx - h.px(0.22), top - h.px(0.07), h.px(0.44), h.px(0.2)))
    if ch.collar == "cape":  # a high stiff collar rising behind the head
        for side in (-1, 1):
            pygame.draw.polygon(
                s,
                ch.trim,
                [
                    (cx, top),
                    (cx + side * h.px(0.3), h.cy + h.px(0.02)),
                    (cx + side * h.px(0.36), top + h.px(0.06)),
                ],
            )
    pygame.draw.ellipse(s, ch.outfit, (round(w * 0.08), top, round(w * 0.84), round(w * 0.6)))
    pygame.draw.rect(s, ch.outfit, (round(w * 0.12), top + h.px(0.12), round(w * 0.76), w))
    neck_skin = scaled(ch.skin, 0.9)
    if ch.collar in ("v", "cape"):
        pygame.draw.polygon(
            s,
            neck_skin,
            [(cx - h.px(0.08), top - 2), (cx + h.px(0.08), top - 2), (cx, top + h.px(0.13))],
        )
        for side in (-1, 1):
            pygame.draw.line(
                s, ch.trim, (cx + side * h.px(0.085), top), (cx, top + h.px(0.14)), h.px(0.02)
            )
    elif ch.collar == "shirt":
        shirt = (244, 244, 240)
        pygame.draw.polygon(
            s, shirt, [(cx - h.px(0.1), top - 2), (cx + h.px(0.1), top - 2), (cx, top + h.px(0.2))]
        )
        pygame.draw.polygon(
            s,
            ch.trim,
            [
                (cx - h.px(0.02), top + h.px(0.02)),
                (cx + h.px(0.02), top + h.px(0.02)),
                (cx + h.px(0.03), top + h.px(0.2)),
                (cx, top + h.px(0.24)),
                (cx - h.px(0.03), top + h.px(0.2)),
            ],
        )
        for side in (-1, 1):
            pygame.draw.polygon(
                s,
                scaled(shirt, 0.92),
                [
                    (cx + side * h.px(0.02), top),
                    (cx + side * h.px(0.1), top - h.px(0.02)),
                    (cx + side * h.px(0.08), top + h.px(0.08)),
                ],
            )
    elif ch.collar == "crew":
        band = pygame.Rect(cx - h.px(0.11), top - h.px(0.06), h.px(0.22), h.px(0.1))
        pygame.draw.arc(s, ch.trim, band, math.pi * 1.05, math.pi * 1.95, h.px(0.025))
    elif ch.collar == "turtle":
        pygame.draw.rect(
            s,
            ch.trim,
            (cx - h.px(0.095), top - h.px(0.08), h.px(0.19), h.px(0.12)),
            border_radius=h.px(0.03),
        )
    elif ch.collar == "hood":
        for side in (-1, 1):
            x = cx + side * h.px(0.06)
            pygame.draw.line(
                s, (240, 240, 240), (x, top + h.px(0.02)), (x, top + h.px(0.14)), h.px(0.012)
            )


def _cap(s: pygame.Surface, h: Head, colour: RGB, part: float, low: float = 0.5) -> None:
    """Hair over the crown with a hairline cut out of it: `part` moves the cut
    sideways (a side parting), `low` how far down the forehead the hair comes."""
    cap = pygame.Rect(0, 0, round(h.rx * 2.24), round(h.ry * 1.5))
    cap.midtop = (h.cx, h.cy - round(h.ry * 1.13))
    pygame.draw.ellipse(s, colour, cap)
    cut = pygame.Rect(0, 0, round(h.rx * 1.72), round(h.ry * 1.7))
    cut.midtop = (h.cx + round(part * h.rx), h.cy - round(h.ry * low))
    pygame.draw.ellipse(s, CLEAR, cut)
    pygame.draw.rect(s, CLEAR, (0, h.cy + h.px(0.02), h.w, h.w))


def _hair_back(s: pygame.Surface, h: Head, ch: Character) -> None:
    hair, cx, cy = ch.hair, h.cx, h.cy
    if ch.style == "long":
        pygame.draw.rect(
            s,
            hair,
            (cx - round(h.rx * 1.28), cy - h.ry, round(h.rx * 2.56), round(h.ry * 2.5)),
            border_radius=h.rx,
        )
    elif ch.style == "bob":
        pygame.draw.rect(
            s,
            hair,
            (cx - round(h.rx * 1.22), cy - h.ry, round(h.rx * 2.44), round(h.ry * 1.75)),
            border_radius=h.rx // 2,
        )
    elif ch.style == "curly":
        for i in range(16):
            a = math.pi * (0.9 + 1.2 * i / 15)
            at = (cx + round(h.rx * 1.15 * math.cos(a)), cy + round(h.ry * 0.95 * math.sin(a)))
            pygame.draw.circle(s, hair, at, h.px(0.085))
        pygame.draw.ellipse(
            s,
            hair,
            (cx - round(h.rx * 1.25), cy - round(h.ry * 1.2), round(h.rx * 2.5), round(h.ry * 1.8)),
        )
    elif ch.style == "pony":
        pygame.draw.ellipse(
            s, hair, (cx + round(h.rx * 0.6), cy - round(h.ry * 0.6), h.px(0.14), round(h.ry * 1.9))
        )
    elif ch.style == "braids":
        for side in (-1, 1):
            x = cx + side * round(h.rx * 1.05) - h.px(0.04)
            for i in range(6):
                pygame.draw.ellipse(
                    s, hair, (x, cy - h.px(0.04) + i * h.px(0.07), h.px(0.08), h.px(0.09))
                )
            pygame.draw.circle(s, ch.trim, (x + h.px(0.04), cy + h.px(0.42)), h.px(0.02))


def _hair_front(s: pygame.Surface, h: Head, ch: Character) -> None:
    hair, style = ch.hair, ch.style
    if style == "bald":
        for side in (-1, 1):
            pygame.draw.ellipse(
                s,
                hair,
                (
                    h.cx + side * round(h.rx * 0.98) - h.px(0.03),
                    h.cy - h.px(0.1),
                    h.px(0.06),
                    h.px(0.12),
                ),
            )
        return
    if style == "curly":
        _cap(s, h, hair, 0.0, 0.55)
        for i in range(7):
            x = h.cx - round(h.rx * 0.85) + i * round(h.rx * 0.28)
            pygame.draw.circle(s, hair, (x, h.cy - round(h.ry * 0.72)), h.px(0.05))
        return
    if style == "bob":  # a fringe cut straight across
        pygame.draw.ellipse(s, hair, h.oval(-1.12, -1.13, 2.24, 1.5))
        pygame.draw.rect(s, CLEAR, (0, h.cy - round(h.ry * 0.42), h.w, h.w))
        return
    part = {
        "short": 0.25,
        "long": 0.0,
        "pony": -0.2,
        "spiky": 0.1,
        "quiff": 0.3,
        "braids": 0.0,
        "bun": 0.0,
    }.get(style, 0.0)
    _cap(s, h, hair, part, 0.46 if style != "bun" else 0.6)
    if style == "bun":
        pygame.draw.circle(s, hair, (h.cx, h.cy - round(h.ry * 1.1)), h.px(0.08))
    elif style == "spiky":
        for i in range(6):
            x = h.cx - round(h.rx * 0.95) + i * round(h.rx * 0.38)
            pygame.draw.polygon(
                s,
                hair,
                [
                    (x - h.px(0.05), h.cy - round(h.ry * 0.7)),
                    (x + h.px(0.02), h.cy - round(h.ry * 1.35)),
                    (x + h.px(0.05), h.cy - round(h.ry * 0.75)),
                ],
            )
    elif style == "quiff":
        pygame.draw.ellipse(s, hair, h.oval(-0.9, -1.3, 1.6, 0.7))
    if ch.extra == "headband":
        band = pygame.Rect(0, 0, round(h.rx * 2.1), h.px(0.04))
        band.center = (h.cx, h.cy - round(h.ry * 0.72))
        pygame.draw.ellipse(s, ch.trim, band.inflate(0, h.px(0.04)), h.px(0.03))


def extras(s: pygame.Surface, h: Head, ch: Character) -> None:
    """Worn things over the face: glasses, earrings, a beard, freckles."""
    if ch.extra == "glasses":
        for side in (-1, 1):
            x, y = h.at(side * 0.085, 0.0)
            pygame.draw.rect(
                s,
                (40, 34, 40),
                (x - h.px(0.058), y - h.px(0.042), h.px(0.116), h.px(0.084)),
                h.px(0.012),
                border_radius=h.px(0.025),
            )
        pygame.draw.line(s, (40, 34, 40), h.at(-0.028, -0.005), h.at(0.028, -0.005), h.px(0.012))
    elif ch.extra == "earrings":
        for side in (-1, 1):
            x, y = h.at(side * 0.2, 0.09)
            pygame.draw.circle(s, (250, 210, 80), (x, y), h.px(0.018))
            pygame.draw.circle(s, (255, 250, 200), (x - 1, y - 1), max(1, h.px(0.006)))
    elif ch.extra == "freckles":
        for dx, dy in (
            (-0.13, 0.05),
            (-0.1, 0.07),
            (-0.14, 0.08),
            (0.13, 0.05),
            (0.1, 0.07),
            (0.14, 0.08),
        ):
            pygame.draw.circle(s, scaled(ch.skin, 0.72), h.at(dx, dy), h.px(0.007))


def beard(s: pygame.Surface, h: Head, ch: Character) -> None:
    """A beard round the jaw (on the head layer, so the mouth is drawn over it)."""
    pygame.draw.ellipse(
        s,
        ch.hair,
        (h.cx - round(h.rx * 0.95), h.cy + h.px(0.02), round(h.rx * 1.9), round(h.ry * 1.0)),
    )
    pygame.draw.ellipse(
        s, ch.skin, (h.cx - round(h.rx * 0.8), h.cy - h.px(0.1), round(h.rx * 1.6), h.px(0.19))
    )
    pygame.draw.ellipse(
        s,
        mix(ch.hair, ch.skin, 0.2),
        (h.cx - h.px(0.07), h.cy + h.px(0.105), h.px(0.14), h.px(0.07)),
    )
