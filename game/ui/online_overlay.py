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
    width = min(style.px(360), _area(v).width)
    heights = [_button_height(style, b, width) for b in buttons]
    column = sum(heights) + style.px(6) * len(buttons)
    for right, top in _button_places(v, column):
        for button, tall in zip(buttons, heights, strict=True):
            button.rect = pygame.Rect(0, 0, width, tall)
            button.rect.topright = (right, top)
            top = button.rect.bottom + style.px(6)
        if not _on_a_seat(v, [b.rect for b in buttons]):
            break
    return buttons


def _button_height(style: Any, button: Button, width: int) -> int:
    """One line's height, or two lines' where the label is wider than a small window's
    corner allows even at the smallest size (it ran past the window's edge at 640x480)."""
    room = width - 2 * style.px(MARGIN + 2)  # as the button measures its room
    one_line = style.text(button.label, 12).get_width() <= room
    return style.px(34) if one_line else style.px(34) + style.font(style.font_px(12)).get_linesize()


def _button_places(v: OnlineView, column: int) -> list[tuple[int, int]]:
    """Where the buttons' column (`column` tall) may go (its top right), best first:
    under the lines; above the score panel; under the lines again, whatever it covers."""
    style, area = v.style, _area(v)
    under_lines = (area.right, area.top + len(_rows(v)) * _line_step(style))
    score = score_rect(style, v.geometry)
    above_score = (score.right, score.top - style.px(8) - column)
    return [under_lines, above_score, under_lines]


def _on_a_seat(v: OnlineView, rects: list[pygame.Rect]) -> bool:
    """Whether any of `rects` covers another seat (its backs, face or name)."""
    g = v.geometry
    seats = [g.seat_rect(seat) for seat in range(g.players) if seat != v.viewer]
    return any(r.colliderect(seat) for r in rects for seat in seats)


def _line_step(style: Any) -> int:
    """A line's label (its text and panel margin) and the gap under it."""
    return style.text("Ag", LINE_SIZE).get_height() + style.px(6) + style.px(4)


def _lines(v: OnlineView) -> list[str]:
    clock = clock_line(v)
    return away_lines(v) + ([clock] if clock else [])


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
    return pygame.Rect(left, bottom, max(right - left, style.px(200)), 0)


def _rows(v: OnlineView) -> list[str]:
    """The lines, wrapped to the corner's width (each row's panel adds a margin)."""
    lines = _lines(v)
    if not lines:
        return []
    style = v.style
    room = _area(v).width - style.px(16)
    font = style.font(style.font_px(LINE_SIZE))
    return [row for line in lines for row in _no_orphan(wrap(line, font, room))]


def _no_orphan(rows: list[str]) -> list[str]:
    """A wrapped line never ends on a lone unit ("... en 2" / "s."): the word
    before it goes down with it (the row is as narrow as that, so it fits)."""
    if len(rows) < 2 or len(rows[-1]) > ORPHAN or " " not in rows[-2]:
        return rows
    head, _, last_word = rows[-2].rpartition(" ")
    return [*rows[:-2], head, f"{last_word} {rows[-1]}"]


def draw_overlay(v: OnlineView, surface: pygame.Surface) -> int:
    """The lines and buttons; the y under them, where the corner is free again."""
    style, area = v.style, _area(v)
    y = area.top
    for line in _rows(v):
        style.label(surface, line, LINE_SIZE, (area.right, y), anchor="topright")
        y += _line_step(style)
    for button in overlay_buttons(v):
        button.draw(surface, style, hovered=button.rect.collidepoint(v.mouse))
        y = max(y, button.rect.bottom + style.px(6))
    return y
