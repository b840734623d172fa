"""Drawing the table scene, back to front: felt, piles, seats, hand, cards in
flight, controls, then whatever asks for attention (pickers, reveals, toasts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.kinds import KINDS
from game.ui.scenes.table_input import (
    SCORE_PAD,
    controls,
    picker,
    score_columns,
    score_line,
    score_rect,
)
from game.ui.style import fitted, wrap
from game.ui.widgets.button import Button
from game.ui.widgets.card_sprite import card_image
from game.ui.widgets.hand_fan import HandFan
from game.ui.widgets.seat_panel import (
    SeatWords,
    draw_badge,
    draw_opponent,
    name_plate,
    plate_limits,
    uno_mark,
)

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene
    from game.ui.style import Style


def _static_layer(t: TableScene) -> pygame.Surface:
    """The table, the resting direction arrows and the panels' backs in one surface,
    so a frame starts with one opaque blit instead of several alpha blends."""
    s, g = t.style, t.geometry
    size = t.host.size
    key = (size[0], size[1], t.shown.direction, t.viewer)
    if t.felt is None or t.felt[0] != key:
        layer = s.renderer.table().copy()
        t.piles.draw_direction(layer, s, g, t.shown.direction, 0)
        s.panel(layer, g.place("event_log"), 200)
        s.panel(layer, score_rect(t), 215)
        t.felt = (key, layer)
    return t.felt[1]


def draw_table(t: TableScene, surface: pygame.Surface) -> None:
    s, g = t.style, t.geometry
    surface.blit(_static_layer(t), (0, 0))
    # The pile lights when it does something: a draw, or taking the cards waiting.
    lit_draw = t.human_turn() and t.prompt.pile is not None
    t.piles.draw(surface, s, g, t.shown, lit_draw)
    thinking = t.table.thinking()
    names, words = t.names, _seat_words(t)
    panels = (g.place("event_log"), score_rect(t))
    widest = plate_limits(s, g, names, t.shown.counts)
    for seat in range(t.setup.players):
        if seat != t.viewer:
            draw_opponent(
                surface,
                s,
                g,
                t.shown,
                seat,
                names[seat],
                seat == thinking,
                words,
                t.shown.clock,
                panels,
                widest[seat],
            )
    buttons = controls(t)  # laid out once a frame, for the status line and to draw
    _viewer_seat(t, surface, buttons)
    _hand(t, surface)
    for flight in t.choreo.flights:
        flight.draw(surface, s)
    _callout(t, surface)
    _showpiece(t, surface)
    t.log.draw(surface, s, g.place("event_log"))
    draw_scores(t, surface)
    hover = t.mouse
    for button in buttons:
        button.draw(surface, s, button.rect.collidepoint(hover))
    p = picker(t)
    if p is not None:
        p.draw(surface, s, hover)
    _reveal(t, surface)
    _toast(t, surface)
    if t.replaying:  # always say so: nobody plays a replay
        s.label(
            surface, t.host.gettext("Replay · Esc: stop"), 18, (s.px(10), s.px(10)), s.accent_rgb
        )


def _viewer_seat(t: TableScene, surface: pygame.Surface, buttons: list[Button]) -> None:
    """The person's name plate, marks and status line."""
    s, g = t.style, t.geometry
    rect = g.seat_rect(t.viewer).move(0, -t.fan.rise)  # a second row of cards pushes it up
    name = t.names[t.viewer]
    plate = name_plate(
        surface, s, rect, name, t.shown.counts[t.viewer], t.shown.current == t.viewer
    )
    if t.shown.counts[t.viewer] == 1 and not t.shown.dealing:
        called = t.viewer in t.shown.uno
        uno_mark(surface, s, called, _seat_words(t), plate.midright, t.shown.clock)
    # Beside the plate: above it go the status line and the prompts.
    draw_badge(surface, s, t.shown, t.viewer, plate.midleft, plate, beside=True)
    status = _status(t)
    # With a second row of cards the lit cards and the ring say enough; the line would
    # run into the colour's name.
    if status and not t.fan.rise and not any(b.primary for b in buttons):
        s.label(surface, status, 22, (plate.centerx, plate.y - s.px(8)), anchor="midbottom")


def _callout(t: TableScene, surface: pygame.Surface) -> None:
    """A big card's word over the pile: it pops in large, settles, then fades."""
    if t.shown.callout is None:
        return
    words, left, total = t.shown.callout
    s = t.style
    done = 1 - left / total
    grow = 1.0 + 0.6 * max(0.0, 1 - done / 0.2) ** 2  # ease out from 1.6x to 1x
    fade = min(1.0, left / (total * 0.35))
    text = s.text(words, 54, s.accent_rgb)
    shadow = s.text(words, 54, (20, 20, 20))
    cx, cy = t.geometry.discard_center
    y = cy - s.renderer.card_size[1] * 0.75
    for image, offset in ((shadow, s.px(3)), (text, 0)):
        scaled = pygame.transform.smoothscale_by(image, grow) if grow > 1.01 else image
        scaled.set_alpha(round(255 * fade))
        surface.blit(scaled, scaled.get_rect(center=(round(cx + offset), round(y + offset))))
        image.set_alpha(None)


def _seat_words(t: TableScene) -> SeatWords:
    _ = t.host.gettext
    return SeatWords(_("thinking…"), _("UNO!"), _("1 card!"))


def _status(t: TableScene) -> str:
    """What the person is asked (the prompt says it), or whose turn it is."""
    if t.latest.over:
        return ""
    if t.human_turn():
        return t.host.gettext(t.prompt.status)
    if t.choreo.busy:
        return ""
    return t.host.gettext("{name}'s turn").format(name=t.names[t.latest.current])


def _hand(t: TableScene, surface: pygame.Surface) -> None:
    s, fan = t.style, t.fan
    # At one computer shared by several people a hand shows only on its own turn.
    face_up = t.confirmed == t.viewer and (not t.hot_seat or t.latest.current == t.viewer)
    playable = _playable(t)
    shaking = t.shake[0] if t.shake else None
    for i, entry in enumerate(fan.cards):
        if not entry.visible:
            continue
        rect = fan.rect_of(i)
        if entry.card is shaking and t.shake is not None:
            rect.x += round(6 * s.scale * (1 if int(t.shake[1] * 30) % 2 else -1))
        if not face_up:
            surface.blit(s.card(None), rect)
            continue
        if playable is not None and entry.card in playable:
            pygame.draw.rect(
                surface, s.accent_rgb, rect.inflate(s.px(10), s.px(10)), border_radius=s.px(10)
            )
        dim = playable is not None and entry.card not in playable
        surface.blit(_card(s, fan, entry.card.text, dim), rect)
        if t.host.settings.colour_symbols and entry.card.color is not None:
            # For colour-blind players: the colour's symbol on every coloured card, on
            # the strip a fan leaves visible (below the corner index), dimmed with it.
            size = max(12, rect.w // 4)
            symbol = _symbol(s, entry.card.color, size, dim)
            surface.blit(symbol, symbol.get_rect(midleft=(rect.x + s.px(3), rect.centery)))
        if entry.card is t.fresh:
            _fresh_mark(s, surface, rect)
        if i == t.focus:
            # Keyboard focus: a bold ring on a card that can be played; on one that
            # cannot, a thin muted outline, so it never looks chosen.
            ring, width = (s.text_rgb, s.px(3)) if not dim else (s.muted_rgb, 1)
            pygame.draw.rect(
                surface, ring, rect.inflate(s.px(4), s.px(4)), width, border_radius=s.px(8)
            )


def _fresh_mark(s: Style, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A card just drawn: an accent arrow over it, so the eye finds where it was sorted."""
    w, h = max(16, s.px(26)), max(10, s.px(16))  # big enough to catch the eye at 800x600
    tip = (rect.centerx, rect.y - s.px(4))
    points = [(tip[0] - w // 2, tip[1] - h), (tip[0] + w // 2, tip[1] - h), tip]
    pygame.draw.polygon(surface, s.accent_rgb, points)
    pygame.draw.polygon(surface, (20, 20, 20), points, 1)


_SYMBOLS: dict[tuple[str, str, int, bool], pygame.Surface] = {}


def _symbol(s: Style, colour: str, size: int, dim: bool) -> pygame.Surface:
    key = (s.manifest.id, colour, size, dim)
    image = _SYMBOLS.get(key)
    if image is None:
        image = s.renderer.symbol(colour, size)
        if dim:  # as the card is dimmed (Style.card)
            image = image.copy()
            image.fill((200, 200, 200, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_SYMBOLS) > 64:
            _SYMBOLS.clear()
        _SYMBOLS[key] = image
    return image


def _playable(t: TableScene) -> frozenset | None:
    """Cards to light up on the person's turn (None: light nothing, dim nothing); out of
    turn, only a card that may jump in is lit."""
    if t.choreo.busy:
        return None
    plays = t.prompt.playable
    if t.human_turn():
        return plays
    return plays or None


def _card(s: Style, fan: HandFan, face: str, dim: bool) -> pygame.Surface:
    return s.card(face, fan.card_size, dim=dim)


def panel_scores(t: TableScene) -> tuple[int, ...]:
    """The totals the side panel shows: as the tally counts them in; until it starts,
    the totals before the round (it showed the new totals, dropped to the old ones,
    then counted up)."""
    latest = t.latest
    if t.shown.scores is not None:
        return tuple(t.shown.scores)
    counting_in = latest.over and t.scored_round != t.round_number
    return latest.view.scores if counting_in else latest.scores


def draw_scores(t: TableScene, surface: pygame.Surface) -> None:
    """Match totals, best first; two columns when more than four play."""
    s, rect = t.style, score_rect(t)
    scores, names = panel_scores(t), t.names
    pad = s.px(SCORE_PAD)
    heading = t.host.gettext("Round {n} · to {target}").format(
        n=t.round_number, target=t.setup.target
    )
    size = 18  # the heading's text, smaller until it fits (a wide pixel font)
    while size > 12 and s.text(heading, size).get_width() > rect.w - 2 * pad:
        size -= 2
    spare = rect.w - s.text(heading, size).get_width()  # a pixel font shrinks in steps:
    left = pad if spare >= 2 * pad else max(0, spare // 2)  # if need be, centred in the pads
    s.blit_text(surface, heading, size, (rect.x + left, rect.y + pad))
    order = sorted(range(t.setup.players), key=lambda i: -scores[i])
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


def _showpiece(t: TableScene, surface: pygame.Surface) -> None:
    """A special card's moment (a Creeper's reveal, an Urrrh's give-away): the card
    large at the centre, pulsing, with its kind's caption."""
    piece = t.shown.showpiece
    if piece is None:
        return
    kind, left = piece
    g = t.geometry
    grow = 1.6 + 0.2 * (1 if int(left * 8) % 2 else 0)
    image = card_image(t.style, kind, grow)
    surface.blit(image, image.get_rect(center=g.place("direction").center))
    words = t.host.gettext(KINDS[kind].showpiece)
    t.style.label(
        surface,
        words,
        28,
        (g.place("direction").centerx, g.place("direction").bottom + t.style.px(4)),
        t.style.accent_rgb,
        "midtop",
    )


def _reveal(t: TableScene, surface: pygame.Surface) -> None:
    reveal = t.shown.reveal
    if reveal is None:
        return
    s = t.style
    w, h = s.renderer.card_size
    small = (round(w * 0.7), round(h * 0.7))
    count = len(reveal.hand)
    panel = pygame.Rect(
        0, 0, max(s.px(520), count * (small[0] + s.px(6)) + s.px(30)), small[1] + s.px(110)
    )
    panel.center = t.geometry.place("direction").center
    s.panel(surface, panel, 245, border=s.accent_rgb)
    _ = t.host.gettext
    verdict = _("guilty: they draw 4") if reveal.guilty else _("honest: you draw 6")
    title = _("{name}'s hand — {verdict}").format(name=t.names[reveal.challenged], verdict=verdict)
    s.blit_text(surface, title, 22, (panel.centerx, panel.y + s.px(12)), anchor="midtop")
    x = panel.centerx - (count * (small[0] + s.px(6))) // 2
    for card in reveal.hand:
        surface.blit(s.card(card.text, small), (x, panel.y + s.px(48)))
        x += small[0] + s.px(6)
    s.blit_text(
        surface,
        t.host.gettext("Click or press a key to go on"),
        18,
        (panel.centerx, panel.bottom - s.px(8)),
        s.muted_rgb,
        "midbottom",
    )


def _toast(t: TableScene, surface: pygame.Surface) -> None:
    if t.toast is None:
        return
    s = t.style
    text = t.toast[0]
    lines, box = _toast_layout(t, text, surface.get_size())
    s.panel(surface, box, 240, border=s.accent_rgb)
    y = box.y + s.px(7)
    for line in lines:
        image = s.text(line, 22)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height()


_TOASTS: dict[tuple, tuple[list[str], pygame.Rect]] = {}
TOAST_WIDTHS = (0.75, 0.55, 0.42, 0.34)  # of the window: narrower, to fit between seats


def _toast_layout(t: TableScene, text: str, size: tuple[int, int]) -> tuple[list[str], pygame.Rect]:
    """The note's lines and box: between the top seats and the arrows, wrapped
    narrower until it covers no seat; where no width fits there, over the arrows'
    centre (a seat is never covered). Worked out once per text and table."""
    s, g = t.style, t.geometry
    key = (text, size, t.viewer, t.setup.players, s.manifest.id, s.language)
    known = _TOASTS.get(key)
    if known is not None:
        return known
    font = s.font(s.font_px(22))
    seats = [g.seat_rect(seat) for seat in range(t.setup.players) if seat != t.viewer]
    arrows = g.place("direction")
    chosen: tuple[list[str], pygame.Rect] | None = None
    for share in TOAST_WIDTHS:
        lines = wrap(text, font, round(size[0] * share)) or [text]
        box = _toast_box(s, lines)
        box.midbottom = (arrows.centerx, arrows.y - s.px(4))
        box.top = max(box.top, 0)
        if not any(box.colliderect(seat) for seat in seats):
            chosen = (lines, box)
            break
    if chosen is None:
        lines = wrap(text, font, round(size[0] * TOAST_WIDTHS[1])) or [text]
        box = _toast_box(s, lines)
        box.center = arrows.center
        chosen = (lines, box)
    if len(_TOASTS) > 32:
        _TOASTS.clear()
    _TOASTS[key] = chosen
    return chosen


def _toast_box(s: Style, lines: list[str]) -> pygame.Rect:
    images = [s.text(line, 22) for line in lines]
    box = pygame.Rect(0, 0, max(i.get_width() for i in images), sum(i.get_height() for i in images))
    return box.inflate(s.px(28), s.px(14))
