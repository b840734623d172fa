"""A touch screen's fingers as clicks: a tap is a click where it landed, a card
dragged onto the discard pile is played (a click on the card where the drag began),
a long press asks the coach for a hint at the table, and a finger dragged up or down
elsewhere scrolls (the mouse wheel). SDL's own mouse copies of touches are dropped
by the router, so nothing is clicked twice.

Touch targets: the smallest a finger hits reliably is about 9 mm. On a 13-inch
screen (the diagonal: 13 x 25.4 = 330.2 mm) showing the window full screen, a
window w x h pixels has sqrt(w^2 + h^2) / 330.2 pixels a millimetre: 1280x720
gives 4.45 px/mm, so 9 mm = 40 px; 1280x800 and 800x1280 give 4.57 px/mm, 42 px.
`min_target_px` is that figure, and the tests hold the scenes' targets to it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

TARGET_MM = 9.0
SCREEN_INCHES = 13.0
LONG_PRESS = 0.55  # seconds held still: a long press
SLOP_MM = 3.0  # a finger that moves less than this is still a tap
SCROLL_STEP_PX = 40  # one wheel notch (the Rules screen scrolls 40 px a notch)


def px_per_mm(size: tuple[int, int], inches: float = SCREEN_INCHES) -> float:
    return math.hypot(*size) / (inches * 25.4)


def min_target_px(size: tuple[int, int]) -> int:
    """The smallest target, in pixels, that is 9 mm on a 13-inch screen."""
    return math.ceil(TARGET_MM * px_per_mm(size))


@dataclass
class Finger:
    start: tuple[int, int]
    pos: tuple[int, int]
    held: float = 0.0
    moved: bool = False
    long_done: bool = False
    scrolled: float = 0.0  # pixels dragged since the last wheel notch


@dataclass(frozen=True)
class Gesture:
    """What a finger did: "tap" (at `pos`), "drop" (dragged from `start` to `pos`),
    "long" (held still at `pos`), "scroll" (`notches`, + up), "move" (to `pos`)."""

    kind: str
    pos: tuple[int, int]
    start: tuple[int, int] = (0, 0)
    notches: int = 0


class Touch:
    """The fingers on the screen now, and what they did."""

    def __init__(self) -> None:
        self.fingers: dict[int, Finger] = {}

    def down(self, finger: int, pos: tuple[int, int]) -> list[Gesture]:
        self.fingers[finger] = Finger(pos, pos)
        return [Gesture("move", pos)]

    def motion(self, finger: int, pos: tuple[int, int], size: tuple[int, int]) -> list[Gesture]:
        f = self.fingers.get(finger)
        if f is None:
            return []
        dy = pos[1] - f.pos[1]
        f.pos = pos
        if math.dist(pos, f.start) >= SLOP_MM * px_per_mm(size):
            f.moved = True
        out = [Gesture("move", pos)]
        if f.moved:
            f.scrolled += dy
            notches = int(f.scrolled / SCROLL_STEP_PX)
            if notches:
                f.scrolled -= notches * SCROLL_STEP_PX
                out.append(Gesture("scroll", pos, notches=notches))
        return out

    def up(self, finger: int, pos: tuple[int, int]) -> list[Gesture]:
        f = self.fingers.pop(finger, None)
        if f is None or f.long_done:
            return []
        if f.moved:
            return [Gesture("drop", pos, f.start)]
        return [Gesture("tap", f.start)]

    def update(self, dt: float) -> list[Gesture]:
        out = []
        for f in self.fingers.values():
            f.held += dt
            if not f.moved and not f.long_done and f.held >= LONG_PRESS:
                f.long_done = True
                out.append(Gesture("long", f.start))
        return out
