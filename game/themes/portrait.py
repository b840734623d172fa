"""The table for a window taller than it is wide (a portrait tablet, 800x1280).

A theme's map describes a landscape table (1280x720). Squeezed into a portrait
window it shrinks to the window's width (scale 0.625 at 800x1280): small cards,
an empty middle. A portrait window gets this arrangement instead, worked out in
code at 800x1280 and scaled like a map (`TableLayout.fit`) to other portrait sizes:
the person's hand in large cards along the bottom, the opponents along the top
and down both sides, the piles in the middle, the event log and the scores under
them, the UNO button at the end of the row of decisions above the hand.

Pure standard library, like the map reader (no pygame here).
"""

from __future__ import annotations

from game.limits import PLAYER_COUNTS
from game.themes.layout import Rect, TableLayout

PORTRAIT_SIZE = (800, 1280)
CARD = (120, 180)  # large cards: the hand is what a finger touches most
SEAT = (160, 110)  # an opponent: face, card backs, name plate
MARGIN = 8
TOP_ROW_Y = 62  # under the corner's buttons (Hint, Speed, Pause)
SIDE_ZONE = (190, 600)  # the side columns' top and bottom, beside the piles
PILES_CENTER_Y = 440


def is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0]


def table_layout(reference: TableLayout, size: tuple[int, int]) -> TableLayout:
    """The table for a window of `size`: the theme's own map, fitted, in a landscape
    window; the portrait arrangement in a portrait one."""
    if is_portrait(size):
        return portrait_layout().fit(*size)
    return reference.fit(*size)


def portrait_layout() -> TableLayout:
    """The portrait table at its reference size, 800x1280."""
    w, h = PORTRAIT_SIZE
    cw, ch = CARD
    cx = w // 2
    hand = (16, h - MARGIN - 206, w - 32, 206)
    places: dict[str, Rect] = {
        "draw_pile": (cx - 10 - cw, PILES_CENTER_Y - ch // 2, cw, ch),
        "discard_pile": (cx + 10, PILES_CENTER_Y - ch // 2, cw, ch),
        "direction": (cx - 205, PILES_CENTER_Y - 150, 410, 300),
        "hand": hand,
        # at the right end of the row of decisions over the hand
        "uno_button": (w - MARGIN - 150, hand[1] - 84, 150, 60),
        "event_log": (12, 650, 456, 230),
        "score_panel": (484, 670, w - 484 - 12, 124),
    }
    viewer = (cx - 80, hand[1] - 12 - 84, 160, 84)  # its bottom: just over a raised card
    seats = {n: (viewer, *_opponents(n - 1)) for n in PLAYER_COUNTS}
    return TableLayout(size=PORTRAIT_SIZE, places=places, seats=seats)


def side_count(opponents: int) -> int:
    """How many opponents sit down each side; the rest go along the top."""
    return opponents // 3


def _opponents(n: int) -> tuple[Rect, ...]:
    """Clockwise from the person: up the left side, along the top, down the right."""
    w = PORTRAIT_SIZE[0]
    sw, sh = SEAT
    side = side_count(n)
    top = n - 2 * side
    left_x, right_x = MARGIN, w - MARGIN - sw
    ys = _spread(SIDE_ZONE[0], SIDE_ZONE[1], side)
    left = [(left_x, round(y - sh / 2), sw, sh) for y in reversed(ys)]
    right = [(right_x, round(y - sh / 2), sw, sh) for y in ys]
    xs = _spread(0, w, top)
    across = [(round(x - sw / 2), TOP_ROW_Y, sw, sh) for x in xs]
    return (*left, *across, *right)


def _spread(start: float, end: float, count: int) -> list[float]:
    """`count` centres spaced evenly from `start` to `end`, half a space at each end."""
    step = (end - start) / max(1, count)
    return [start + step * (i + 0.5) for i in range(count)]
