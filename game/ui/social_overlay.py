"""The social side of a table online, drawn over it: reactions and quick phrases
(a "Say" button opens them, with a mute switch for each other player), their
bubbles at the sender's seat with a sound, how many watch, and for a spectator
the button to take a seat. Every word is the player's own language: the server
sends codes (`messages.REACTIONS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.online.protocol.checks import REACTIONS
from game.ui import layout_record
from game.ui.online_view import SEAT_MARGIN
from game.ui.style import fitted
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.online.client.remote_table import RemoteTable
    from game.ui.audio import Audio
    from game.ui.online_view import OnlineView

WORDS = {
    "thumbs_up": N_("Thumbs up!"),
    "laugh": N_("Ha ha!"),
    "wow": N_("Wow!"),
    "angry": N_("Grrr!"),
    "uno": N_("UNO!"),
    "gg": N_("GG!"),
    "nice_one": N_("Nice one"),
    "your_turn": N_("Your turn"),
    "oops": N_("Oops"),
    "good_game": N_("Good game"),
}
SOUNDS = {"uno": "uno_call"}  # the rest: the soft sound of a card played
BUBBLE_SIZE = 19
SPECTATOR_BUBBLES = 3  # spectators' bubbles shown at once (the newest)
WATCHING_SIZE = 16
ROW = 30  # a reaction button's height at 720p
WIDEST = 340  # the buttons' widest at 720p
BUTTON_SIZE = 16
GRID_GAP = 6  # 720p px between the open reactions' buttons
GRID_PAD = 12  # 720p px round them, inside their panel
# Window px a small window keeps at the least (720p px shrink with it, and at
# 640x480 the open reactions read as one block of text): room round a label ...
ROOM = 10
APART = 6  # ... and between two buttons of the grid


def words(code: str, gettext: object) -> str:
    return gettext(WORDS[code])  # type: ignore[operator]


def social_buttons(v: OnlineView) -> list[Button]:
    """The "Say" button; when open, every reaction and a mute switch per player
    (`saying_panel`); for a spectator, the button to take a seat."""
    return _column(v) + (_said(v) if v.saying else [])


def _column(v: OnlineView) -> list[Button]:
    """At the top left: "Say" (or "Close"), and a spectator's way to a seat."""
    _, style, remote = v.gettext, v.style, v.remote
    column = [Button("say", _("Say...") if not v.saying else _("Close"), pygame.Rect(0, 0, 1, 1))]
    if remote.news.watching:
        column.append(Button("sit", _("Take a seat when one is free"), pygame.Rect(0, 0, 1, 1)))
    x, y = style.px(12), style.px(12)
    gap = style.px(4)
    width = _width(v, column)
    for button in column:
        rect = pygame.Rect(x, y, width, _row(style))
        for plate in sorted(v.seats(), key=lambda r: r.top):  # never over a seat: below it
            if rect.colliderect(plate):
                rect.top = plate.bottom + gap
        button.rect = rect
        y = rect.bottom + gap
        _fit(style, button, width)
    return column


def _said(v: OnlineView) -> list[Button]:
    """The reactions and the mute switches, in rows of a grid on `saying_panel`."""
    _, style, remote = v.gettext, v.style, v.remote
    buttons = [
        Button(f"react:{code}", words(code, _), pygame.Rect(0, 0, 1, 1)) for code in REACTIONS
    ]
    for seat, name in enumerate(v.names):
        if remote.news.is_mine(seat) or is_computer(remote, seat):
            continue
        muted = seat in remote.news.social.muted
        label = (_("Unmute {name}") if muted else _("Mute {name}")).format(name=name)
        buttons.append(Button(f"mute:{seat}", label, pygame.Rect(0, 0, 1, 1)))
    panel, columns, cell = _grid(v, buttons)
    gap, pad = _gap(style), style.px(GRID_PAD)
    for i, button in enumerate(buttons):
        row, col = divmod(i, columns)
        x = panel.x + pad + col * (cell.w + gap)
        y = panel.y + pad + row * (cell.h + gap)
        button.rect = pygame.Rect((x, y), cell.size)
        _fit(style, button, cell.w)
    return buttons


def _grid(v: OnlineView, buttons: list[Button]) -> tuple[pygame.Rect, int, pygame.Rect]:
    """The open reactions' panel (over the table's middle, in the window), its
    number of columns and a cell's size: as many columns as fit, up to four, and
    fewer where a wider panel would cover a seat (five seats at 1280x720); where
    none fits in the middle (long labels at 640x480), two columns or one, lower or
    higher, before one column in the middle whatever it covers."""
    style, (w, h) = v.style, v.size
    gap, pad = _gap(style), style.px(GRID_PAD)
    cell_w = min(_width(v, buttons), w - 2 * pad - style.px(24))
    cell = pygame.Rect(0, 0, cell_w, _row(style, ROOM))
    most = max(1, min(4, (w - style.px(24) - 2 * pad + gap) // (cell_w + gap)))
    seats, window = v.seats(), pygame.Rect(0, 0, w, h)
    seats += [b.rect for b in _column(v)]  # and "Close" stays in reach
    middle = v.geometry.place("direction").center
    shifts = [s * d for d in range(style.px(10), h // 3, style.px(10)) for s in (1, -1)]
    tries = [(columns, 0) for columns in range(most, 0, -1)]
    tries += [(columns, dy) for columns in range(min(2, most), 0, -1) for dy in shifts]
    for columns, dy in [*tries, (1, 0)]:
        rows = -(-len(buttons) // columns)
        panel = pygame.Rect(
            0,
            0,
            columns * (cell.w + gap) - gap + 2 * pad,
            rows * (cell.h + gap) - gap + 2 * pad,
        )
        panel.center = (middle[0], middle[1] + dy)
        panel = panel.clamp(window)
        if panel.collidelist(seats) == -1:
            break
    return panel, columns, cell


def saying_panel(v: OnlineView) -> pygame.Rect | None:
    """Where the open reactions are drawn (None: closed)."""
    return _grid(v, _said(v))[0] if v.saying else None


def _row(style: Any, room: int = 0) -> int:
    """A button's height: its text and a little room (at least `room` px: the
    grid's), at least ROW at 720p."""
    return max(style.px(ROW), style.text("Ag", BUTTON_SIZE).get_height() + max(style.px(6), room))


def _gap(style: Any) -> int:
    return max(style.px(GRID_GAP), APART)


def _width(v: OnlineView, buttons: list[Button]) -> int:
    """As wide as the longest label needs ("Sentarme cuando haya un asiento libre"),
    within reason: a longer one (a long name to mute) is cut with an ellipsis. In a
    small window the text keeps a least size the column must not: up to two fifths
    of it (a pixel font's "Sentarme cuando haya sitio" at 800x600)."""
    style = v.style
    widest = max(style.text(b.label, BUTTON_SIZE).get_width() for b in buttons)
    most = max(style.px(WIDEST), v.size[0] * 2 // 5)
    return min(most, max(style.px(250), widest + style.px(16)))


def _fit(style: Any, button: Button, width: int) -> None:
    button.text_size = BUTTON_SIZE
    button.label = fitted(style, button.label, BUTTON_SIZE, width - style.px(12))


def watching_rows(v: OnlineView) -> list[tuple[str, pygame.Rect]]:
    """How many watch ("You are watching" first, for a spectator), each row with
    where it is drawn, its label's panel included: at the top right, under the
    table's buttons; on two rows where one would reach a seat."""
    remote = v.remote
    watchers = remote.news.social.watchers
    if not watchers and not remote.news.watching:
        return []
    _, style = v.gettext, v.style
    count = v.ngettext("{n} watching", "{n} watching", watchers).format(n=watchers)
    below = max((r.bottom for r in v.corner if r.top < style.px(30)), default=0)
    top, right = max(style.px(58), below + style.px(6)), v.size[0] - style.px(12)
    one = [_("You are watching") + " · " + count] if remote.news.watching else [count]
    for texts in (one, [_("You are watching"), count] if remote.news.watching else one):
        rows, y = [], top
        for text in texts:
            rect = style.text(text, WATCHING_SIZE).get_rect().inflate(style.px(16), style.px(6))
            rect.topright = (right, y)
            rows.append((text, rect))
            y = rect.bottom + style.px(4)
        if not any(rect.collidelist(v.seats()) >= 0 for _text, rect in rows):
            break
    return rows


def watching_line(v: OnlineView) -> tuple[str, pygame.Rect] | None:
    """The watching rows' words and the place they take together (None: nobody)."""
    rows = watching_rows(v)
    if not rows:
        return None
    return " ".join(text for text, _rect in rows), rows[0][1].unionall([r for _t, r in rows])


def covered(v: OnlineView) -> list[pygame.Rect]:
    """Everything this overlay keeps drawn at the top of the window (the buttons and
    the watching line; not the passing bubbles): what a panel over the table must
    leave clear."""
    line = watching_line(v)
    return [b.rect for b in social_buttons(v)] + ([line[1]] if line else [])


def is_computer(remote: RemoteTable, seat: int) -> bool:
    seats = remote.news.seats
    return seat < len(seats) and seats[seat].kind == "bot"


def play_sounds(remote: RemoteTable, audio: Audio) -> None:
    """Each new bubble's sound, once."""
    social = remote.news.social
    due, social.sounds = social.sounds, []
    for bubble in due[-2:]:  # a burst is not a din
        audio.play(SOUNDS.get(bubble.code, "play"))


def draw_social(v: OnlineView, surface: pygame.Surface, corner_free: int = 0) -> list[pygame.Rect]:
    """`corner_free`: the y under what the online overlay keeps at the top right
    (who is away, the clock), where a spectator's bubble may go. The bubbles'
    places, as drawn."""
    style, _, remote = v.style, v.gettext, v.remote
    for text, rect in watching_rows(v):
        style.label(surface, text, WATCHING_SIZE, rect.topright, anchor="topright")
    for button in _column(v):
        button.draw(surface, style, hovered=button.rect.collidepoint(v.mouse))
    panel = saying_panel(v)
    if panel is not None:  # over the table's middle while a reaction is chosen
        with layout_record.modal("reactions", panel):
            style.panel(surface, panel, 245, border=style.accent_rgb)
            for button in _said(v):
                button.draw(surface, style, hovered=button.rect.collidepoint(v.mouse))
    # The bubbles last: the open reactions never hide what someone has just said.
    shown = remote.news.social.shown()
    seated = [b for b in shown if 0 <= b.seat < len(v.names)]
    spectators = [b for b in shown if not 0 <= b.seat < len(v.names)][-SPECTATOR_BUBBLES:]
    drawn: list[pygame.Rect] = []
    for bubble in seated:
        text = words(bubble.code, _)
        size = style.text(text, BUBBLE_SIZE).get_rect().inflate(style.px(16), style.px(6)).size
        avoid = [*v.taken, *drawn, *covered(v), *_overlay_kept(v)]
        avoid += [panel] if panel is not None else []
        avoid += [seat for _seat, seat in _other_seats(v, bubble.seat)]
        avoid.append(_around(v, bubble.seat))  # its own backs, face and name
        spot = _free(v, _bubble_spots(v, bubble.seat, size), avoid, drawn)
        if spot is None:  # nowhere clear of what was said already: not drawn over it
            continue
        drawn.append(
            style.label(surface, text, BUBBLE_SIZE, spot.center, style.accent_rgb, "center")
        )
    for text, rect in _spectator_places(v, spectators, corner_free, drawn):
        drawn.append(
            style.label(surface, text, BUBBLE_SIZE, rect.center, style.accent_rgb, "center")
        )
    return drawn


def _other_seats(v: OnlineView, seat: int) -> list[tuple[int, pygame.Rect]]:
    """Every seat but `seat` (the person's included), with room round it."""
    return [(s, _around(v, s)) for s in range(v.geometry.players) if s != seat]


def _around(v: OnlineView, seat: int) -> pygame.Rect:
    """The seat with room round it for what is drawn past its rect."""
    style = v.style
    grow = (2 * style.px(SEAT_MARGIN[0]), 2 * style.px(SEAT_MARGIN[1]))
    return v.geometry.seat_rect(seat).inflate(*grow)


def _bubble_spots(v: OnlineView, seat: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where a seat's bubble may go, nearest first: over the seat (its backs), under
    it, beside it, then further out all round. The person's starts beside the plate,
    past its one-card mark (over it are the colour's name and the prompts)."""
    style, gap = v.style, v.style.px(4)
    seat_rect = v.geometry.seat_rect(seat)
    box = _around(v, seat)
    if seat == v.viewer:
        box = seat_rect.inflate(2 * _mark_room(v), 0)
    ways: tuple[tuple[int, int], ...] = ((0, -1), (0, 1), (-1, 0), (1, 0), (1, -1), (-1, -1))
    if seat == v.viewer:
        ways = ((1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1))
    spots = []
    for out in range(0, max(v.size) // 2, style.px(12)):
        for ux, uy in ways:
            spot = pygame.Rect((0, 0), size)
            spot.center = (
                box.centerx + ux * ((box.w + size[0]) // 2 + gap + out),
                box.centery + uy * ((box.h + size[1]) // 2 + gap + out),
            )
            spots.append(spot)
    return spots


def _free(
    v: OnlineView, spots: list[pygame.Rect], avoid: list[pygame.Rect], said: list[pygame.Rect]
) -> pygame.Rect | None:
    """The first spot in the window that covers nothing in `avoid`, else the one in
    the window that covers least of it without touching a bubble already `said`
    (two bubbles on each other are read as neither); None where there is none."""
    window = pygame.Rect((0, 0), v.size)
    inside = [spot for spot in spots if window.contains(spot)] or [s.clamp(window) for s in spots]
    free = next((spot for spot in inside if spot.collidelist(avoid) < 0), None)
    apart = [spot for spot in inside if spot.collidelist(said) < 0]
    if free is not None or not apart:
        return free
    return min(apart, key=lambda spot: sum(_overlap(spot, rect) for rect in avoid))


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def _overlay_kept(v: OnlineView) -> list[pygame.Rect]:
    from game.ui.online_overlay import kept  # the corner's lines and buttons (it imports us)

    return kept(v)


def _mark_room(v: OnlineView) -> int:
    """From the person's plate to past its one-card mark ("1 card!", "UNO!")."""
    style, _ = v.style, v.gettext
    mark = max(style.text(_(m), 18).get_width() for m in ("UNO!", "1 card!"))
    return mark + style.px(14) + 2 * style.px(8)


def _spectator_places(
    v: OnlineView, bubbles: list, corner_free: int, drawn: list[pygame.Rect]
) -> list[tuple[str, pygame.Rect]]:
    """Spectators have no seat: their bubbles stack at the top right, newest lowest,
    else as near there as they stay off the seats and what the table shows (as many
    of the newest as have room)."""
    style, _, (w, h) = v.style, v.gettext, v.size
    panel = saying_panel(v)
    avoid = [*v.seats(), *v.taken, *drawn, *([panel] if panel is not None else [])]
    avoid += [*covered(v), *_overlay_kept(v)]  # the Say and seat buttons, the corner
    top, right = max(style.px(96), corner_free + style.px(4)), w - style.px(12)
    anchors = [(right, y) for y in range(top, h // 2, style.px(10))]
    anchors += [(x, top) for x in range(right, w // 2, -style.px(20))]
    while bubbles:
        texts = [_("A spectator: {words}").format(words=words(b.code, _)) for b in bubbles]
        for x, y in anchors:
            places = []
            for text in texts:
                rect = style.text(text, BUBBLE_SIZE).get_rect().inflate(style.px(16), style.px(6))
                rect.topright = (x, y)
                places.append((text, rect))
                y = rect.bottom + style.px(4)
            if not any(rect.collidelist(avoid) >= 0 for _text, rect in places):
                return places
        bubbles = bubbles[1:]
    return []
