"""Drawing the table scene, back to front: felt, piles, seats, hand, cards in
flight, controls, then whatever asks for attention (pickers, reveals, toasts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_
from game.ui.scenes.table_input import controls, picker
from game.ui.style import wrap
from game.ui.widgets.card_sprite import card_image
from game.ui.widgets.hand_fan import HandFan
from game.ui.widgets.seat_panel import draw_badge, draw_opponent, name_plate, uno_badge

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
        s.panel(layer, _score_rect(t), 215)
        t.felt = (key, layer)
    return t.felt[1]


def _score_rect(t: TableScene) -> pygame.Rect:
    rect = t.geometry.place("score_panel")
    return pygame.Rect(rect.x, rect.y - t.style.px(20), rect.w, rect.h + t.style.px(20))


def draw_table(t: TableScene, surface: pygame.Surface) -> None:
    s, g = t.style, t.geometry
    surface.blit(_static_layer(t), (0, 0))
    lit_draw = t.human_turn() and any(a[0] == "draw" for a in t.viewer_legal())
    t.piles.draw(surface, s, g, t.shown, lit_draw)
    thinking = t.driver.thinking(t.round)
    for seat in range(t.setup.players):
        if seat != t.viewer:
            draw_opponent(surface, s, g, t.shown, seat, t.session.name(seat), seat == thinking)
    _viewer_seat(t, surface)
    _hand(t, surface)
    for flight in t.choreo.flights:
        flight.draw(surface, s)
    _showpiece(t, surface)
    t.log.draw(surface, s, g.place("event_log"))
    _scores(t, surface)
    hover = t.mouse
    for button in controls(t):
        button.draw(surface, s, button.rect.collidepoint(hover))
    p = picker(t)
    if p is not None:
        p.draw(surface, s, hover)
    _reveal(t, surface)
    _toast(t, surface)
    if t.replaying:  # always say so: nobody plays a replay
        s.label(surface, t.host.gettext("Replay · Esc: stop"), 18, (s.px(10), s.px(10)),
                s.accent_rgb)


def _viewer_seat(t: TableScene, surface: pygame.Surface) -> None:
    s, g = t.style, t.geometry
    rect = g.seat_rect(t.viewer).move(0, -t.fan.rise)  # a second row of cards pushes it up
    name = t.session.name(t.viewer)
    plate = name_plate(surface, s, rect, name, t.shown.counts[t.viewer],
                       t.shown.current == t.viewer)
    if t.shown.counts[t.viewer] == 1 and not t.shown.dealing:
        uno_badge(surface, s, (plate.right + s.px(34), plate.centery))
    draw_badge(surface, s, t.shown, t.viewer, (plate.x - s.px(60), plate.centery))
    status = _status(t)
    # With a second row of cards the lit cards and the ring say enough; the line would
    # run into the colour's name.
    if status and not t.fan.rise and not any(b.primary for b in controls(t)):
        s.label(surface, status, 22, (plate.centerx, plate.y - s.px(8)), anchor="midbottom")


STATUS = {"drawn": N_("Play the card you drew, or keep it"),
          "stack": N_("Answer with a Draw Two, or take the cards"),
          "draw4": N_("A Wild Draw Four is on you"),
          "color": N_("Choose the starting colour")}


def _status(t: TableScene) -> str:
    rnd, _ = t.round, t.host.gettext
    if rnd.over:
        return ""
    who = rnd.current
    if t.human_turn():
        if rnd.phase == "turn" and not any(a[0] == "play" for a in t.viewer_legal()):
            return _("Nothing fits: click the pile to draw")
        return _(STATUS.get(rnd.phase, N_("Your turn: play a card or draw")))
    if t.choreo.busy:
        return ""
    return _("{name}'s turn").format(name=t.session.name(who))


def _hand(t: TableScene, surface: pygame.Surface) -> None:
    s, fan = t.style, t.fan
    # At one computer shared by several people a hand shows only on its own turn.
    face_up = t.confirmed == t.viewer and (not t.hot_seat or t.round.current == t.viewer)
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
            pygame.draw.rect(surface, s.accent_rgb, rect.inflate(s.px(10), s.px(10)),
                             border_radius=s.px(10))
        dim = playable is not None and entry.card not in playable
        surface.blit(_card(s, fan, entry.card.text, dim), rect)
        if t.host.settings.colour_symbols and entry.card.color is not None:
            # For colour-blind players: the colour's symbol on every coloured card.
            size = max(12, rect.w // 3)
            symbol = s.renderer.symbol(entry.card.color, size)
            surface.blit(symbol, symbol.get_rect(bottomright=(rect.right - s.px(4),
                                                              rect.bottom - s.px(4))))
        if i == t.focus:
            pygame.draw.rect(surface, s.text_rgb, rect.inflate(s.px(4), s.px(4)), s.px(3),
                             border_radius=s.px(8))


def _playable(t: TableScene) -> set | None:
    """Cards to light up on the person's turn (None: light nothing, dim nothing); out of
    turn, only a card that may jump in is lit."""
    if t.choreo.busy:
        return None
    plays = {a.card for a in t.viewer_legal() if a[0] == "play"}
    if t.human_turn():
        return plays
    return plays or None


def _card(s: Style, fan: HandFan, face: str, dim: bool) -> pygame.Surface:
    return s.card(face, fan.card_size, dim=dim)


def _scores(t: TableScene, surface: pygame.Surface) -> None:
    """Match totals, best first; two columns when more than four play."""
    s, rect = t.style, _score_rect(t)
    match = t.session.match
    pad = s.px(8)
    heading = t.host.gettext("Round {n} · to {target}").format(n=t.round_number,
                                                               target=match.target)
    s.blit_text(surface, heading, 18,
                (rect.x + pad, rect.y + pad))
    order = sorted(range(t.setup.players), key=lambda i: -match.scores[i])
    line = s.px(22)  # tighter than the font's own spacing: ten names must fit
    columns = 1 if len(order) <= 4 else 2
    col_w = (rect.w - pad) // columns
    per_column = -(-len(order) // columns)
    for i, seat in enumerate(order):
        col, row = divmod(i, per_column)
        x, y = rect.x + pad + col * col_w, rect.y + pad + (row + 1) * line
        if y + line > rect.bottom:
            continue
        s.blit_text(surface, t.session.name(seat)[:9], 18, (x, y), s.muted_rgb)
        s.blit_text(surface, str(match.scores[seat]), 18, (x + col_w - pad, y),
                    anchor="topright")


def _showpiece(t: TableScene, surface: pygame.Surface) -> None:
    """Creeper reveal / Urrrh give-away: the card large at the centre, pulsing."""
    piece = t.shown.showpiece
    if piece is None:
        return
    kind, left = piece
    g = t.geometry
    grow = 1.6 + 0.2 * (1 if int(left * 8) % 2 else 0)
    image = card_image(t.style, kind, grow)
    surface.blit(image, image.get_rect(center=g.place("direction").center))
    words = t.host.gettext("Creeper! Three more cards" if kind == "creeper"
                           else "Urrrh! Cards given away")
    t.style.label(surface, words, 28, (g.place("direction").centerx,
                                           g.place("direction").bottom + t.style.px(4)),
                      t.style.accent_rgb, "midtop")


def _reveal(t: TableScene, surface: pygame.Surface) -> None:
    reveal = t.shown.reveal
    if reveal is None:
        return
    s = t.style
    w, h = s.renderer.card_size
    small = (round(w * 0.7), round(h * 0.7))
    count = len(reveal.hand)
    panel = pygame.Rect(0, 0, max(s.px(520), count * (small[0] + s.px(6)) + s.px(30)),
                        small[1] + s.px(110))
    panel.center = t.geometry.place("direction").center
    s.panel(surface, panel, 245, border=s.accent_rgb)
    _ = t.host.gettext
    verdict = _("guilty: they draw 4") if reveal.guilty else _("honest: you draw 6")
    title = _("{name}'s hand — {verdict}").format(name=t.session.name(reveal.challenged),
                                                  verdict=verdict)
    s.blit_text(surface, title, 22,
                (panel.centerx, panel.y + s.px(12)), anchor="midtop")
    x = panel.centerx - (count * (small[0] + s.px(6))) // 2
    for card in reveal.hand:
        surface.blit(s.card(card.text, small), (x, panel.y + s.px(48)))
        x += small[0] + s.px(6)
    s.blit_text(surface, t.host.gettext("Click to close"), 18,
                (panel.centerx, panel.bottom - s.px(8)),
                s.muted_rgb, "midbottom")


def _toast(t: TableScene, surface: pygame.Surface) -> None:
    if t.toast is None:
        return
    s = t.style
    # A long message (a Spanish one, a folder's path) wraps instead of leaving the window.
    font = s.font(s.font_px(22))
    lines = [s.text(line, 22) for line in wrap(t.toast[0], font, surface.get_width() * 3 // 4)
             or [t.toast[0]]]
    height = sum(line.get_height() for line in lines)
    box = pygame.Rect(0, 0, max(line.get_width() for line in lines), height)
    box.inflate_ip(s.px(28), s.px(14))
    # Between the top seats and the arrows: clear of the piles, the prompts and the hand.
    arrows = t.geometry.place("direction")
    box.midbottom = (arrows.centerx, arrows.y - s.px(4))
    box.top = max(box.top, 0)
    s.panel(surface, box, 240, border=s.accent_rgb)
    y = box.y + s.px(7)
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
        y += line.get_height()
