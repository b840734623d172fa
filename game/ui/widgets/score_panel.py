"""The match totals beside the table, best first; two columns when more than four
play. Drawn by the table and, while a round's points count in, by the tally."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.style import Style, fitted
from game.ui.table.geometry import TableGeometry

SCORE_PAD = 8  # 720p pixels
SCORE_LINE = 22  # tighter than the font's own spacing: ten names must fit


def score_rect(s: Style, g: TableGeometry) -> pygame.Rect:
    """The score panel as drawn: its place on the map, with room above for a heading,
    and taller where the last row would not fit (ten seats in a small window, where
    the font cannot shrink with the window)."""
    place = g.place("score_panel")
    rect = pygame.Rect(place.x, place.y - s.px(20), place.w, place.h + s.px(20))
    rows = -(-g.players // score_columns(g.players))
    need = 2 * s.px(SCORE_PAD) + rows * score_line(s) + s.text("0", 18).get_height()
    rect.h = max(rect.h, need)
    return rect


def score_line(s: Style) -> int:
    """A score row's height: tighter than the font's own spacing, but where the font
    cannot shrink with the window (800x600) never so tight that the rows touch."""
    return max(s.px(SCORE_LINE), round(s.text("0", 18).get_height() * 0.75))


def score_columns(players: int) -> int:
    return 1 if players <= 4 else 2


def draw_scores(
    surface: pygame.Surface,
    s: Style,
    rect: pygame.Rect,
    heading: str,
    scores: Sequence[int],
    names: Sequence[str],
) -> None:
    """`heading` over the totals `scores` of the seats `names`."""
    pad = s.px(SCORE_PAD)
    size = 18  # the heading's text, smaller until it fits (a wide pixel font)
    while size > 12 and s.text(heading, size).get_width() > rect.w - 2 * pad:
        size -= 2
    if s.text(heading, size).get_width() > rect.w:  # past the smallest size: tighter,
        heading = heading.replace(" · ", "·")  # then cut short rather than clipped
        heading = fitted(s, heading, size, rect.w)
    spare = rect.w - s.text(heading, size).get_width()  # a pixel font shrinks in steps:
    left = pad if spare >= 2 * pad else max(0, spare // 2)  # if need be, centred in the pads
    s.blit_text(surface, heading, size, (rect.x + left, rect.y + pad))
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    line = score_line(s)
    columns = score_columns(len(order))
    col_w = (rect.w - pad) // columns
    per_column = -(-len(order) // columns)
    for i, seat in enumerate(order):
        col, row = divmod(i, per_column)
        x, y = rect.x + pad + col * col_w, rect.y + pad + (row + 1) * line
        if y + line > rect.bottom:
            continue
        score = s.blit_text(surface, str(scores[seat]), 18, (x + col_w - pad, y), anchor="topright")
        # The name keeps clear of its score (ten seats at 800x600, a wide pixel font).
        name = fitted(s, names[seat], 18, score.left - s.px(6) - x)
        s.blit_text(surface, name, 18, (x, y), s.muted_rgb)
