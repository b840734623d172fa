"""Monster High's students: the illustrated bust of portrait_people.py with each
creature's own features, our own designs. A vampire's pointed ears and fangs, a
werewolf's ears and cheek fur, a mummy's bandages, a stitched zombie with neck
bolts, a ghost fading into wisps, a sea creature's fins and scales, a cyclops's
one eye, a gorgon's snakes, a skeleton's painted skull, a devil's horns, a cat's
ears and whiskers, a witch's hat."""

from __future__ import annotations

import math

import pygame

from game.ui.widgets.face_looks import Character
from game.ui.widgets.portrait_expressions import WHITE, Head
from game.ui.widgets.portrait_paint import RGB, mix, scaled

Point = tuple[int, int]


def before(s: pygame.Surface, h: Head, ch: Character, part: str) -> None:
    """Pieces that belong to a part of the bust, shaded with it."""
    kind = ch.extra
    if part == "head":
        _on_head(s, h, ch, kind)
    elif part == "front":
        _on_top(s, h, ch, kind)
    elif part == "body" and kind == "zombie":  # bolts either side of the neck
        for side in (-1, 1):
            pygame.draw.rect(
                s,
                (150, 150, 160),
                (h.cx + side * h.px(0.09) - h.px(0.025), h.cy + h.px(0.26), h.px(0.05), h.px(0.05)),
                border_radius=h.px(0.01),
            )
    elif part == "body" and kind == "ghost":  # the body thins into wisps
        pygame.draw.rect(s, (0, 0, 0, 0), (0, round(h.w * 0.9), h.w, h.w))
        for i in range(5):
            x = round(h.w * (0.14 + 0.18 * i))
            pygame.draw.circle(s, ch.outfit, (x, round(h.w * 0.9)), h.px(0.09))


def _on_head(s: pygame.Surface, h: Head, ch: Character, kind: str) -> None:
    ink = scaled(ch.skin, 0.45)
    if kind in ("vampire", "devil"):  # pointed ears
        for side in (-1, 1):
            x = h.cx + side * h.rx
            pygame.draw.polygon(
                s,
                ch.skin,
                [
                    (x, h.cy - h.px(0.02)),
                    (x + side * h.px(0.08), h.cy - h.px(0.09)),
                    (x, h.cy + h.px(0.07)),
                ],
            )
    elif kind == "sea":  # fins for ears
        for side in (-1, 1):
            x = h.cx + side * h.rx
            fin = [
                (x, h.cy - h.px(0.06)),
                (x + side * h.px(0.1), h.cy - h.px(0.1)),
                (x + side * h.px(0.08), h.cy + h.px(0.02)),
                (x, h.cy + h.px(0.07)),
            ]
            pygame.draw.polygon(s, ch.trim, fin)
            for i in range(3):
                pygame.draw.line(
                    s,
                    scaled(ch.trim, 0.7),
                    (x, h.cy + h.px(0.02 * i - 0.02)),
                    (x + side * h.px(0.09), h.cy - h.px(0.08 - 0.04 * i)),
                    h.px(0.008),
                )
        for dx in (-0.13, -0.1, 0.1, 0.13):  # scales on the cheeks
            pygame.draw.arc(
                s,
                scaled(ch.skin, 0.75),
                (*h.at(dx - 0.015, 0.05), h.px(0.03), h.px(0.03)),
                math.pi,
                2 * math.pi,
                h.px(0.007),
            )
    elif kind == "werewolf":  # fur on the cheeks
        for side in (-1, 1):
            x = h.cx + side * round(h.rx * 0.92)
            for i in range(3):
                y = h.cy + h.px(0.03 + 0.05 * i)
                pygame.draw.polygon(
                    s,
                    ch.hair,
                    [
                        (x, y - h.px(0.04)),
                        (x + side * h.px(0.06), y),
                        (x - side * h.px(0.01), y + h.px(0.03)),
                    ],
                )
    elif kind == "mummy":
        _bandages(s, h, ch.skin)
    elif kind == "zombie":  # stitched scars
        _stitches(s, ink, h.at(0.08, 0.04), h.at(0.16, 0.1), h)
        _stitches(s, ink, h.at(-0.12, -0.14), h.at(-0.02, -0.11), h)
    elif kind == "skeleton":  # a painted skull: dark sockets, a nose, cheek bones
        for side in (-1, 1):
            pygame.draw.ellipse(
                s, (70, 60, 80), (*h.at(side * 0.085 - 0.06, -0.05), h.px(0.12), h.px(0.1))
            )
        pygame.draw.polygon(s, (70, 60, 80), [h.at(0, 0.05), h.at(-0.02, 0.085), h.at(0.02, 0.085)])
        for side in (-1, 1):
            pygame.draw.arc(
                s,
                scaled(ch.skin, 0.7),
                (*h.at(side * 0.13 - 0.04, 0.05), h.px(0.08), h.px(0.06)),
                math.pi,
                2 * math.pi,
                h.px(0.008),
            )
    elif kind == "cat":
        pygame.draw.polygon(
            s, (240, 130, 160), [h.at(-0.018, 0.066), h.at(0.018, 0.066), h.at(0, 0.085)]
        )


def _on_top(s: pygame.Surface, h: Head, ch: Character, kind: str) -> None:
    top = h.cy - h.ry
    if kind in ("werewolf", "cat"):  # ears on top of the head
        for side in (-1, 1):
            x = h.cx + side * round(h.rx * 0.62)
            ear = [
                (x - h.px(0.07), top + h.px(0.06)),
                (x + side * h.px(0.03), top - h.px(0.11)),
                (x + h.px(0.07), top + h.px(0.06)),
            ]
            pygame.draw.polygon(s, ch.hair, ear)
            inner = [
                (x - h.px(0.03), top + h.px(0.04)),
                (x + side * h.px(0.02), top - h.px(0.05)),
                (x + h.px(0.03), top + h.px(0.04)),
            ]
            pygame.draw.polygon(s, (240, 160, 180), inner)
    elif kind == "devil":
        for side in (-1, 1):
            x = h.cx + side * round(h.rx * 0.55)
            pygame.draw.polygon(
                s,
                (200, 30, 40),
                [
                    (x - h.px(0.035), top + h.px(0.05)),
                    (x + side * h.px(0.05), top - h.px(0.1)),
                    (x + h.px(0.035), top + h.px(0.05)),
                ],
            )
    elif kind == "gorgon":  # snakes for hair, each with a head and eyes
        for i in range(7):
            a = math.pi * (1.05 + 0.9 * i / 6)
            root = (h.cx + round(h.rx * 0.8 * math.cos(a)), h.cy + round(h.ry * 0.75 * math.sin(a)))
            tip = (h.cx + round(h.rx * 1.55 * math.cos(a)), h.cy + round(h.ry * 1.35 * math.sin(a)))
            mid = (
                (root[0] + tip[0]) // 2 + h.px(0.03) * (1 if i % 2 else -1),
                (root[1] + tip[1]) // 2,
            )
            body = ch.hair if i % 2 else mix(ch.hair, (200, 230, 120), 0.35)
            pygame.draw.lines(s, body, False, [root, mid, tip], h.px(0.045))
            pygame.draw.circle(s, body, tip, h.px(0.035))
            pygame.draw.circle(
                s, (250, 220, 40), (tip[0] - h.px(0.012), tip[1] - h.px(0.01)), h.px(0.008)
            )
        pygame.draw.ellipse(
            s,
            ch.hair,
            (h.cx - round(h.rx * 0.95), top - h.px(0.02), round(h.rx * 1.9), round(h.ry * 0.5)),
        )
    elif kind == "witch":
        brim = pygame.Rect(0, 0, round(h.rx * 3.0), h.px(0.07))
        brim.center = (h.cx, top + h.px(0.04))
        pygame.draw.ellipse(s, (50, 30, 70), brim)
        pygame.draw.polygon(
            s,
            (50, 30, 70),
            [
                (h.cx - round(h.rx * 0.8), brim.centery),
                (h.cx + h.px(0.1), top - h.px(0.28)),
                (h.cx + round(h.rx * 0.8), brim.centery),
            ],
        )
        pygame.draw.line(
            s,
            ch.trim,
            (h.cx - round(h.rx * 0.72), brim.centery - h.px(0.03)),
            (h.cx + round(h.rx * 0.72), brim.centery - h.px(0.03)),
            h.px(0.03),
        )
    elif kind == "vampire":  # a widow's peak
        pygame.draw.polygon(s, ch.hair, [h.at(-0.09, -0.2), h.at(0.09, -0.2), h.at(0, -0.13)])
    elif kind == "ghost":  # wisps floating off the hair
        for side in (-1, 1):
            pygame.draw.circle(
                s, ch.hair, (h.cx + side * round(h.rx * 1.15), top + h.px(0.02)), h.px(0.04)
            )
            pygame.draw.circle(
                s, ch.hair, (h.cx + side * round(h.rx * 1.35), top - h.px(0.04)), h.px(0.025)
            )
    elif kind == "mummy":  # a loose bandage end
        pygame.draw.polygon(
            s,
            mix(ch.skin, (255, 255, 255), 0.3),
            [h.at(0.12, -0.2), h.at(0.26, -0.26), h.at(0.24, -0.2), h.at(0.15, -0.17)],
        )


def _bandages(s: pygame.Surface, h: Head, skin: RGB) -> None:
    """Bandages wound round the head, the eyes left free, kept inside its outline."""
    bands = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    for i in range(8):
        y = h.cy - round(h.ry * 1.0) + i * h.px(0.065)
        if abs(y - h.cy) < h.px(0.045):
            continue
        tilt = h.px(0.025) * (1 if i % 2 else -1)
        pale = mix(skin, (255, 255, 255), 0.5 if i % 2 else 0.25)
        pygame.draw.line(
            bands, pale, (h.cx - h.rx * 2, y + tilt), (h.cx + h.rx * 2, y - tilt), h.px(0.045)
        )
        pygame.draw.line(
            bands,
            scaled(skin, 0.78),
            (h.cx - h.rx * 2, y + tilt + h.px(0.022)),
            (h.cx + h.rx * 2, y - tilt + h.px(0.022)),
            h.px(0.007),
        )
    outline = s.copy()
    outline.fill((255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
    bands.blit(outline, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(bands, (0, 0))


def _stitches(s: pygame.Surface, ink: RGB, a: Point, b: Point, h: Head) -> None:
    pygame.draw.line(s, ink, a, b, h.px(0.008))
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, math.hypot(dx, dy))
    nx, ny = -dy / length * h.px(0.018), dx / length * h.px(0.018)
    for i in range(1, 4):
        x, y = a[0] + dx * i / 4, a[1] + dy * i / 4
        pygame.draw.line(s, ink, (x - nx, y - ny), (x + nx, y + ny), h.px(0.007))


def after(s: pygame.Surface, h: Head, ch: Character, mood: str) -> None:
    """Pieces over the face, after the mood's eyes and mouth: fangs, whiskers."""
    if ch.extra in ("vampire", "werewolf") and mood not in ("caught",):
        for side in (-1, 1):
            x, y = h.at(side * 0.025, 0.138)
            pygame.draw.polygon(
                s, WHITE, [(x - h.px(0.012), y), (x + h.px(0.012), y), (x, y + h.px(0.03))]
            )
    if ch.extra == "cat":
        for side in (-1, 1):
            for dy in (-0.012, 0.012):
                a = h.at(side * 0.09, 0.09 + dy)
                b = h.at(side * 0.22, 0.08 + dy * 2.5)
                pygame.draw.line(s, (90, 80, 100), a, b, h.px(0.006))
