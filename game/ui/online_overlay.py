"""What only a table online shows, drawn over the ordinary table: who is away and
for how long before a computer plays for them (or that one does), the clock of
a timed turn, and the buttons to vote an idle seat to a computer or to take
one's own seat back. The table scene's drawing is not touched: the online scene
calls `draw_overlay` after it, and `overlay_buttons` for clicks, each given the
scene's `OnlineView`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.online_words import away_line, back_line
from game.ui.social_overlay import watching_line
from game.ui.style import wrap
from game.ui.widgets.button import MARGIN, Button
from game.ui.widgets.score_panel import score_rect

if TYPE_CHECKING:
    from game.online.client.remote_table import RemoteTable
    from game.ui.online_view import OnlineView

VOTE_AFTER = 10.0  # seconds into a person's turn before the others may vote (PROTOCOL.md)
LINE_SIZE = 17
BACK_SHOWN = 6.0  # seconds "X is back" stays over the table
ORPHAN = 3  # characters: a last row this short ("s.") is not left alone


def away_lines(v: OnlineView) -> list[str]:
    """Who is away (and for how long before a computer plays), or played for; who
    has just come back."""
    remote, now, names = v.remote, time.monotonic(), v.names
    lines = []
    for seat, away in sorted(remote.news.people.away.items()):
        if remote.news.is_mine(seat) or seat >= len(names):
            continue
        left = None if away.until is None else away.until - now
        lines.append(away_line(names[seat], left, away.computer, v.gettext))
    for seat, at in sorted(remote.news.people.back_at.items()):
        if not remote.news.is_mine(seat) and seat < len(names) and now - at < BACK_SHOWN:
            lines.append(back_line(names[seat], v.gettext))
    return lines


def clock_line(v: OnlineView) -> str | None:
    """The timed turn's seconds, for everyone: the player's own, or another's."""
    clock = v.remote.turn_left()
    if clock is None:
        return None
    seat, left = clock
    _ = v.gettext
    if v.remote.news.is_mine(seat):
        return _("Your turn: {s} s left").format(s=int(left + 0.999))
    return _("{name}: {s} s left").format(name=v.names[seat], s=int(left + 0.999))


def votable(remote: RemoteTable) -> int | None:
    """The seat the player may vote to a computer now: another person's, whose turn
    has lasted VOTE_AFTER seconds (or who is away), not played by a computer yet."""
    if remote.news.watching:  # only the people at the table vote
        return None
    latest = remote.update(remote.seat) if remote.started else None
    if latest is None or latest.over or latest.current == remote.seat:
        return None
    seat = latest.current
    if seat >= len(remote.news.seats) or remote.news.seats[seat].kind != "person":
        return None
    if remote.news.seats[seat].computer or (
        seat in remote.news.people.away and remote.news.people.away[seat].computer
    ):
        return None
    clock = remote.turn_left()
    waited = clock is not None and clock[0] == seat and remote.news.timer - clock[1] >= VOTE_AFTER
    return seat if waited or seat in remote.news.people.away else None


def overlay_buttons(v: OnlineView) -> list[Button]:
    """The vote and take-back buttons now, placed under the overlay's lines."""
    _, remote, style = v.gettext, v.remote, v.style
    buttons = []
    seat = votable(remote)
    if seat is not None:
        votes = remote.news.people.votes.get(seat)
        label = _("Let a computer play for {name}").format(name=v.names[seat])
        if votes is not None:
            label += f" ({votes.votes}/{votes.needed})"
        buttons.append(Button(f"vote:{seat}", label, pygame.Rect(0, 0, 1, 1), text_size=17))
    mine = remote.news.people.away.get(remote.seat)
    if mine is not None and mine.computer and not remote.news.watching:
        buttons.append(
            Button("back", _("Take my seat back"), pygame.Rect(0, 0, 1, 1), primary=True)
        )
    shapes = _shapes(style, buttons, _area(v).width)
    for size in shapes:
        step = size[1] + style.px(6)
        for right, top in _button_places(v, len(buttons), step, size[0]):
            _stack(buttons, size, step, (right, top))
            if not _on_a_seat(v, [b.rect for b in buttons]):
                return buttons
    # Nowhere free: under the lines, on one line, whatever they cover.
    under_lines = _button_places(v, len(buttons), 0, 0)[0]
    _stack(buttons, shapes[0], shapes[0][1] + style.px(6), under_lines)
    return buttons


def _shapes(style: Any, buttons: list[Button], room: int) -> list[tuple[int, int]]:
    """The buttons' size, best first: wide, each label on one line; then the
    narrowest that takes each label on two lines, for a small window where no wide
    column fits beside the seats (a vote and "Take my seat back" at 640x480)."""
    least = max((b.least_width(style) for b in buttons), default=0)
    wide = (max(least, min(style.px(360), room)), _button_height(style))
    tall = wide[1] + style.text("Ag", 17).get_height()
    for width in range(least // 2 + style.px(2 * MARGIN), wide[0], style.px(4)):
        if all(_fits(style, button, (width, tall)) for button in buttons):
            return [wide, (width, tall)]
    return [wide]


def _fits(style: Any, button: Button, size: tuple[int, int]) -> bool:
    """Whether `button`'s label would lie whole inside it at `size`."""
    kept_rect, button.rect = button.rect, pygame.Rect((0, 0), size)
    try:
        return button.fits(style)
    finally:
        button.rect = kept_rect


def _stack(buttons: list[Button], size: tuple[int, int], step: int, at: tuple[int, int]) -> None:
    """The buttons in a column of `size` each, its top right at `at`."""
    right, top = at
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect((0, 0), size)
        button.rect.topright = (right, top + i * step)


def _button_height(style: Any) -> int:
    return max(style.px(34), style.text("Ag", 22).get_height() + style.px(4))


def _button_places(v: OnlineView, count: int, step: int, width: int) -> list[tuple[int, int]]:
    """Where the buttons' column may go (its top right), best first: under the
    lines; above the score panel; down the right edge, then down the left."""
    style, area = v.style, _area(v)
    under_lines = (area.right, area.top + len(_placed_rows(v)) * _line_step(style))
    score = score_rect(style, v.geometry)
    above_score = (score.right, score.top - style.px(8) - count * step)
    # Else the first free place down the right edge, then down the left.
    down = range(area.top, v.size[1] - count * step, style.px(10))
    left = style.px(12) + width
    edges = [(area.right, y) for y in down] + [(left, y) for y in down]
    return [under_lines, above_score, *edges]


def _on_a_seat(v: OnlineView, rects: list[pygame.Rect]) -> bool:
    """Whether any of `rects` covers another seat (its backs, face or name), the log,
    the scores, what the table drew this frame or the corner's lines."""
    panels = [v.geometry.place("event_log"), score_rect(v.style, v.geometry)]
    lines = [rect for _row, rect in _placed_rows(v)]
    watching = watching_line(v)
    lines += [watching[1]] if watching is not None else []
    return any(r.collidelist([*v.seats(), *panels, *v.taken, *lines]) >= 0 for r in rects)


def _line_step(style: Any) -> int:
    """A line's label (its text and panel margin) and the gap under it."""
    return style.text("Ag", LINE_SIZE).get_height() + style.px(6) + style.px(4)


def _lines(v: OnlineView) -> list[str]:
    """The clock first: where the corner has room for few rows, it is the one that
    matters now (who is away the seats' badges say too)."""
    clock = clock_line(v)
    return ([clock] if clock else []) + away_lines(v)


def _area(v: OnlineView) -> pygame.Rect:
    """Where the lines go: under the top-right corner's buttons, as wide as they are.
    That corner is no seat's (see table_controls); the middle of the top edge is the
    top seat's, and a long line there ran under Hint."""
    style, width = v.style, v.size[0]
    corner = [r for r in v.corner if r.top < style.px(30)]
    left = min((r.left for r in corner), default=width // 2)
    bottom = max((r.bottom for r in corner), default=0) + style.px(10)
    watching = watching_line(v)
    if watching is not None:  # how many watch is said first, in the same corner
        bottom = max(bottom, watching[1].bottom + style.px(4))
    right = width - style.px(10)
    # Right of a seat at the top (the top seat's name, in a small window).
    beside = [r for r in v.seats() if r.top < bottom + style.px(60) and r.left < right]
    left = max([left, *(r.right + style.px(6) for r in beside if r.right < right - style.px(120))])
    return pygame.Rect(left, bottom, right - left, 0)


def _rows(v: OnlineView) -> list[list[str]]:
    """Each line's rows, wrapped to the corner's width (each row's panel adds a margin)."""
    lines = _lines(v)
    if not lines:
        return []
    style = v.style
    room = _area(v).width - style.px(16)
    font = style.font(style.font_px(LINE_SIZE))
    return [_no_orphan(wrap(line, font, room)) for line in lines]


def _no_orphan(rows: list[str]) -> list[str]:
    """A wrapped line never ends on a lone unit ("... en 2" / "s."): the word
    before it goes down with it (the row is as narrow as that, so it fits)."""
    if len(rows) < 2 or len(rows[-1]) > ORPHAN or " " not in rows[-2]:
        return rows
    head, _, last_word = rows[-2].rpartition(" ")
    return [*rows[:-2], head, f"{last_word} {rows[-1]}"]


def _placed_rows(v: OnlineView) -> list[tuple[str, pygame.Rect]]:
    """Each row and its label's rect, down from the corner's top right. A line
    is drawn whole or not at all: one cut at a seat read as a sentence that
    stopped ("Ada no está: un ordenador jugará por")."""
    style, area = v.style, _area(v)
    out: list[tuple[str, pygame.Rect]] = []
    for rows in _rows(v):
        placed: list[tuple[str, pygame.Rect]] = []
        for row in rows:
            rect = style.text(row, LINE_SIZE).get_rect().inflate(style.px(16), style.px(6))
            rect.topright = (area.right, area.top + (len(out) + len(placed)) * _line_step(style))
            placed.append((row, rect))
        if any(rect.collidelist(v.seats()) >= 0 for _row, rect in placed):
            break  # no room above the seat below: the seats' badges and the log say it
        out += placed
    return out


def kept(v: OnlineView) -> list[pygame.Rect]:
    """Where the overlay's lines and buttons are: what a note over the table avoids."""
    return [rect for _row, rect in _placed_rows(v)] + [b.rect for b in overlay_buttons(v)]


def draw_overlay(v: OnlineView, surface: pygame.Surface) -> int:
    """The lines and buttons; the y under them, where the corner is free again."""
    style = v.style
    y = _area(v).top
    for row, rect in _placed_rows(v):
        style.label(surface, row, LINE_SIZE, rect.topright, anchor="topright")
        y = rect.top + _line_step(style)
    for button in overlay_buttons(v):
        button.draw(surface, style, hovered=button.rect.collidepoint(v.mouse))
        y = max(y, button.rect.bottom + style.px(6))
    return y
