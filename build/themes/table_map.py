"""The table map: a Tiled .tmx whose object groups name the places on the table.

Reference size 1280x720. Group "places" holds the fixed places; "seats_<n>"
holds seat_0..seat_<n-1> for n players, seat 0 being the human at the bottom
and the others following clockwise round the table (left side, top, right side).
"""

from __future__ import annotations

import math

from common import REPO  # noqa: F401 - puts the repository on the path for game.limits

from game.limits import PLAYER_COUNTS  # noqa: E402

WIDTH, HEIGHT, TILE = 1280, 720, 16
SEAT_W, SEAT_H = 150, 96
HUMAN_SEAT = (560, 452, 160, 84)
# The opponents sit on the upper half of an ellipse round the piles.
ARC_CENTRE, ARC_RX, ARC_RY = (640.0, 460.0), 540.0, 380.0

PLACES: dict[str, tuple[int, int, int, int]] = {
    "draw_pile": (532, 244, 96, 144),
    "discard_pile": (652, 244, 96, 144),
    "direction": (470, 196, 340, 240),
    "hand": (340, 548, 660, 164),
    "uno_button": (1016, 604, 120, 64),
    "event_log": (12, 456, 316, 256),  # ten 25 px lines: five entries of two lines
    "score_panel": (1012, 468, 256, 124),
}


def seat_rects(players: int) -> list[tuple[int, int, int, int]]:
    rects = [HUMAN_SEAT]
    opponents = players - 1
    for i in range(opponents):
        angle = math.radians(180 + 180 * (i + 0.5) / opponents)
        cx = ARC_CENTRE[0] + ARC_RX * math.cos(angle)
        cy = ARC_CENTRE[1] + ARC_RY * math.sin(angle)
        rects.append((round(cx - SEAT_W / 2), round(cy - SEAT_H / 2), SEAT_W, SEAT_H))
    return rects


def _object(oid: int, name: str, rect: tuple[int, int, int, int]) -> str:
    x, y, w, h = rect
    return f'  <object id="{oid}" name="{name}" x="{x}" y="{y}" width="{w}" height="{h}"/>'


def tmx_text() -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{WIDTH // TILE}" height="{HEIGHT // TILE}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0">',
    ]
    oid, layer = 1, 1
    groups = [("places", list(PLACES.items()))]
    for n in PLAYER_COUNTS:
        groups.append((f"seats_{n}", [(f"seat_{i}", r) for i, r in enumerate(seat_rects(n))]))
    for name, objects in groups:
        lines.append(f' <objectgroup id="{layer}" name="{name}">')
        for obj_name, rect in objects:
            lines.append(_object(oid, obj_name, rect))
            oid += 1
        lines.append(" </objectgroup>")
        layer += 1
    lines.append("</map>")
    return "\n".join(lines) + "\n"
