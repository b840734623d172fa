"""A match's final standings as a podium: first, second and third on steps (second
on the left, third on the right), each with the seat's face, name and points, and
everyone else listed below in place order. The steps rise as it opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import layout_record
from game.ui.layout_record import Kind
from game.ui.style import Style, fitted
from game.ui.widgets.avatar import draw_avatar
from game.ui.widgets.title_style import title_panel

STEPS = (1.0, 0.7, 0.48)  # the steps' heights, first to third, as shares of the tallest
ON_SCREEN = (1, 0, 2)  # left to right: second, first, third
REST_ROW = 30  # px at 720p: a row of the list under the podium
REST_COLUMN = 230  # px at 720p: the widest a column of that list is


@dataclass(frozen=True)
class Standing:
    place: int  # 1 for first; a tie shares its place
    seat: int
    name: str
    points: int


def draw_podium(
    surface: pygame.Surface,
    style: Style,
    area: pygame.Rect,
    standings: Sequence[Standing],
    points_words: Callable[[int], str],
    rise: float = 1.0,
) -> None:
    """The podium fitted into `area`, its steps at `rise` (0 to 1) of their height."""
    top, rest = standings[:3], standings[3:]
    columns, rows = _rest_shape(style, area, len(rest))
    row_h = _row_height(style)
    podium = pygame.Rect(
        area.x, area.y, area.w, area.h - rows * row_h - (style.px(10) if rows else 0)
    )
    col_w = min(podium.w // 3, style.px(280))
    tallest = round(min(podium.h * 0.4, col_w * 0.9))  # steps, not towers, in a tall window
    text_h = style.text("Ag", 22).get_height() + style.text("Ag", 18).get_height()
    room = podium.h - tallest - text_h - style.px(16)
    face = max(16, min(round(col_w * 0.55), room, style.px(140)))
    # Where the podium is shorter than its room, it stands in the middle of it.
    used = tallest + text_h + face + style.px(24)
    podium.y += max(0, (podium.h - used) // 2)
    podium.h = min(podium.h, used)
    for slot, index in enumerate(ON_SCREEN):
        if index < len(top):
            x = podium.centerx + (slot - 1) * col_w
            full = max(style.px(20), round(tallest * STEPS[index]))
            column = pygame.Rect(x - col_w // 2, podium.y, col_w, podium.h)
            risen = (full, round(full * rise))
            _draw_column(surface, style, column, risen, face, top[index], points_words)
    if rest:
        below = pygame.Rect(area.x, podium.bottom + style.px(10), area.w, rows * row_h)
        _draw_rest(surface, style, below, columns, rest)


def _row_height(style: Style) -> int:
    """A row of the list: REST_ROW, or its words' height and a margin where the
    font cannot shrink with the window."""
    return max(style.px(REST_ROW), style.text("Ág", 18).get_height() + style.px(8))


def _rest_shape(style: Style, area: pygame.Rect, count: int) -> tuple[int, int]:
    """Columns and rows of the list under the podium: as few rows as fit across."""
    if not count:
        return 0, 0
    columns = max(1, min(count, area.w // style.px(REST_COLUMN)))
    return columns, -(-count // columns)


def _draw_column(
    surface: pygame.Surface,
    style: Style,
    column: pygame.Rect,
    risen: tuple[int, int],
    face: int,
    standing: Standing,
    points_words: Callable[[int], str],
) -> None:
    """One place: its step (`risen`: its full height and how much of it is up, the
    rest still under the floor, so the step is one size as it rises), and over it
    the face, the name and the points."""
    full, up = risen
    step = pygame.Rect(column.x + style.px(6), column.bottom - up, column.w - style.px(12), full)
    first = standing.place == 1
    with layout_record.widget(column):
        clip = surface.get_clip()
        surface.set_clip(column.clip(clip))
        title_panel(surface, style, step, style.accent_rgb if first else style.muted_rgb)
        surface.set_clip(clip)
        layout_record.note(f"step {standing.place}", Kind.PANEL, step.clip(column))
        number = str(standing.place)
        size = min(60, max(18, full / style.scale * 0.6))
        colour = style.accent_rgb if first else style.text_rgb
        said = style.text(number, size).get_rect(center=step.center)
        if column.contains(said):  # risen far enough to say it whole
            style.blit_text(surface, number, size, step.center, colour, "center")
        room = column.w - style.px(8)
        points = points_words(standing.points)
        y = step.y - style.px(4)
        y = style.blit_text(
            surface,
            fitted(style, points, 18, room),
            18,
            (column.centerx, y),
            style.muted_rgb,
            "midbottom",
        ).top
        name = fitted(style, standing.name, 22, room)
        y = style.blit_text(surface, name, 22, (column.centerx, y), colour, "midbottom").top
        mood = "winning" if first else "happy"
        centre = (column.centerx, y - style.px(6) - face // 2)
        shown = draw_avatar(surface, style.manifest.id, standing.seat, mood, centre, face)
        layout_record.note(f"face {standing.seat}", Kind.PICTURE, shown)


def _draw_rest(
    surface: pygame.Surface,
    style: Style,
    area: pygame.Rect,
    columns: int,
    rest: Sequence[Standing],
) -> None:
    """Fourth place on, in rows down each column: place, name, points."""
    rows = -(-len(rest) // columns)
    col_w = min(area.w // columns, style.px(REST_COLUMN))
    left = area.centerx - col_w * columns // 2
    row_h = _row_height(style)
    for i, standing in enumerate(rest):
        row = pygame.Rect(left + (i // rows) * col_w, area.y + (i % rows) * row_h, col_w, row_h)
        row = row.inflate(-style.px(6), -style.px(2))
        with layout_record.widget(row):
            style.panel(surface, row, 200)
            layout_record.note(f"place {standing.place}", Kind.PANEL, row)
            mid = row.centery
            place = style.blit_text(
                surface,
                f"{standing.place}.",
                18,
                (row.x + style.px(8), mid),
                style.muted_rgb,
                "midleft",
            )
            points = style.blit_text(
                surface, str(standing.points), 18, (row.right - style.px(8), mid), None, "midright"
            )
            room = points.x - place.right - style.px(16)
            name = fitted(style, standing.name, 18, room)
            style.blit_text(surface, name, 18, (place.right + style.px(8), mid), None, "midleft")
