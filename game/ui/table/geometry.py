"""Where things are on the table for one window size, seen from one seat.

The theme's map puts seat 0 at the bottom; whoever is watching (the viewer)
sits there and the others follow clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.themes import TableLayout
from game.ui.input.touch import min_target_px

OPPONENT_CARD_SCALE = 0.5


@dataclass(frozen=True)
class TableGeometry:
    layout: TableLayout
    players: int
    viewer: int

    def place(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.places[name])

    @property
    def card_size(self) -> tuple[int, int]:
        return self.layout.card_size

    @property
    def scale(self) -> float:
        w, h = self.layout.size
        return min(w / 1280, h / 720)

    @property
    def touch_px(self) -> int:
        """The least height of anything the person touches here (9 mm: see touch.py)."""
        return min_target_px(self.layout.size)

    def slot(self, seat: int) -> int:
        return (seat - self.viewer) % self.players

    def seat_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.layout.seat(self.players, self.slot(seat)))

    def seat_center(self, seat: int) -> tuple[float, float]:
        return self.seat_rect(seat).center

    def beside(self, seat: int) -> list[tuple[int, int]]:
        """The seats beside this one (at about its height), each with how far it is,
        centre to centre."""
        rect = self.seat_rect(seat)
        near = ((s, self.seat_rect(s)) for s in range(self.players) if s != seat)
        return [
            (s, abs(o.centerx - rect.centerx))
            for s, o in near
            if abs(o.centery - rect.centery) < rect.h / 2
        ]

    def backs_center(self, seat: int) -> tuple[float, float]:
        """Where an opponent's card backs fan out: the top part of its seat."""
        rect = self.seat_rect(seat)
        return rect.centerx, rect.y + rect.h * 0.32

    @property
    def draw_center(self) -> tuple[float, float]:
        return self.place("draw_pile").center

    @property
    def discard_center(self) -> tuple[float, float]:
        return self.place("discard_pile").center

    def is_viewer(self, seat: int) -> bool:
        return seat == self.viewer

    def opponents(self) -> tuple[int, ...]:
        """The seats round the table, the viewer's left out."""
        return tuple(seat for seat in range(self.players) if seat != self.viewer)
