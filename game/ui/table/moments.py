"""The table's moments, drawn from what it shows: the glow of a seat that called
UNO, a burst at a seat (the call, a catch), a special card's effect at the centre
(a Creeper's fuse and blast, an Urrrh's shriek) and a verdict's stamp.

The effects themselves are in game/ui/effects; this says where each goes. None of
them is recorded for the layout test: they are pictures that pass within a second
(a glow rings a seat without covering it), never words a player has to read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.ui.effects.blast import FUSE, draw_creeper
from game.ui.effects.burst import draw_burst
from game.ui.effects.glow import draw_glow
from game.ui.effects.look import EffectLook, effect_look
from game.ui.effects.shockwave import draw_shockwave
from game.ui.effects.stamp import draw_stamp
from game.ui.widgets.seat_panel import SeatLook, plate_layout

if TYPE_CHECKING:
    from game.ui.table.renderer import Frame

CAUGHT_RED = (220, 30, 40)  # a catch's flash: the colour of the "1 card!" warning
REACH = 80  # 720p pixels a burst's pieces fly


def at_seats(surface: pygame.Surface, f: Frame, looks: Mapping[int, SeatLook]) -> list[pygame.Rect]:
    """Glows round the seats that called UNO and hold one card, then the seats'
    bursts (under their badges and marks, which are drawn after)."""
    s, shown = f.style, f.shown
    look = effect_look(s)
    drawn = []
    for seat in range(shown.players):
        if shown.glows(seat):
            area = seat_area(f, looks, seat)
            drawn.append(draw_glow(surface, area, look.flash, shown.clock, max(2, s.px(4))))
    for moment in shown.moments:
        if moment.seat is None:
            continue
        at = _burst_centre(f, looks, moment.seat)
        pieces = _burst_look(look, moment.kind)
        burst = draw_burst(surface, pieces, at, moment.done, s.px(REACH), moment.seat)
        if burst is not None:
            drawn.append(burst)
    return drawn


def _burst_look(look: EffectLook, kind: str) -> EffectLook:
    return replace(look, flash=CAUGHT_RED) if kind == "catch" else look


def _burst_centre(f: Frame, looks: Mapping[int, SeatLook], seat: int) -> tuple[int, int]:
    """Where a seat's burst springs from: behind its badge (over an opponent's cards,
    left of the person's name plate), so the name and the face stay in sight."""
    s = f.style
    if seat in looks:
        x, y = f.geometry.backs_center(seat)
        return round(x), round(y - s.px(10))
    plate = seat_area(f, looks, seat)
    return plate.left - s.px(36), plate.centery


def seat_area(f: Frame, looks: Mapping[int, SeatLook], seat: int) -> pygame.Rect:
    """A seat's face and name: an opponent's from its look, the person's plate."""
    if seat in looks:
        return looks[seat].face.union(looks[seat].plate)
    s, g = f.style, f.geometry
    rect = g.seat_rect(seat).move(0, -f.fan.rise)
    name = f.words.names[seat]
    return plate_layout(s, rect, name, f.shown.counts[seat])[1]


def at_centre(
    surface: pygame.Surface, f: Frame, card: pygame.Rect, room: pygame.Rect
) -> list[pygame.Rect]:
    """A special card's moment over its `card` at the centre, reaching to `room`'s edge."""
    s = f.style
    drawn = []
    for moment in f.shown.moments:
        if moment.seat is not None:
            continue
        if moment.kind == "creeper":
            rect = draw_creeper(surface, card, room, moment.done, max(2, s.px(6)))
        elif moment.kind == "urrrh":
            wave = effect_look(s).wave
            rect = draw_shockwave(surface, wave, room, moment.done, max(2, s.px(10)))
        else:
            rect = None  # another kind's moment is its showpiece alone
        if rect is not None:
            drawn.append(rect)
    return drawn


def card_gone(f: Frame) -> bool:
    """A Creeper's fuse has burnt down: its card is gone in the blast."""
    return any(m.kind == "creeper" and m.seat is None and m.done >= FUSE for m in f.shown.moments)


def stamp(
    surface: pygame.Surface, f: Frame, words: str, room: pygame.Rect, done: float
) -> pygame.Rect:
    """The verdict's stamp over the revealed hand in `room`, `done` of the way down."""
    s = f.style
    return draw_stamp(surface, s, effect_look(s), words, room.center, done, room)
