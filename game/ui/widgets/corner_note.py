"""A small note in a screen's spare corner, for as long as what it says lasts: a
second copy of the game (read-only) says so at the table and the set-up."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import N_
from game.ui.style import Style, fitted, wrap

# Said at the table and the set-up of a second copy of the game (the menu says more).
READ_ONLY = N_("Read-only: nothing is saved")


LINES = 2  # the most a note takes: where a seat leaves less room, it wraps


def corner_note(
    surface: pygame.Surface,
    s: Style,
    words: str,
    at: tuple[int, int],
    beside: Sequence[pygame.Rect],
) -> pygame.Rect:
    """A small note with its top left at `at`, each line ending before the first of
    `beside` on its row (at the table: the buttons along the top, the seats), on a
    second line where the first has not room for it all (the last cut short)."""
    size = 15
    font = s.font(s.font_px(size))
    height = s.text("Ag", size).get_height() + s.px(6)
    x, y = at
    boxes: list[pygame.Rect] = []
    rest = words
    while rest:
        row = pygame.Rect(0, y, surface.get_width(), height)
        ends = [r.left for r in beside if r.colliderect(row) and r.left > x]
        room = max(1, min(ends, default=surface.get_width()) - x - s.px(24))
        lines = wrap(rest, font, room)
        last = len(boxes) == LINES - 1
        line = fitted(s, rest, size, room) if last else fitted(s, lines[0], size, room)
        rest = "" if last else " ".join(lines[1:])
        boxes.append(s.label(surface, line, size, (x, y), s.muted_rgb))
        y = boxes[-1].bottom + s.px(2)
    return boxes[0].unionall(boxes[1:])
