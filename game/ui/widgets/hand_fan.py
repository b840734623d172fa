"""The player's hand fanned along the bottom: where each card sits, which one
the pointer is over, and a smooth slide when cards come and go."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Card

ONE_ROW_MAX = 20
BACK_ROW_RISE = 0.3  # of the card height: enough to show the back row's corner index
HOVER_LIFT = 0.15  # of the card height
FOLLOW_RATE = 14.0  # per second: how fast a card slides to its new place


@dataclass
class HandCard:
    card: Card
    x: float = 0.0  # centre, eased towards the target
    y: float = 0.0
    target: tuple[float, float] = (0.0, 0.0)
    visible: bool = True  # False while the card is still flying in
    lift: float = 0.0


FAN_ARC = 0.06  # of a card's height: how much higher the middle cards sit
FRAME_MARGIN = 0.08  # of a card's height between the hand and the window's bottom


class HandFan:
    def __init__(self) -> None:
        self.cards: list[HandCard] = []
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.card_size = (1, 1)
        self.max_width = 1
        self.min_step = 0  # the least a card shows of itself in a row (a finger's width)
        self.hover: int | None = None

    def place(
        self, rect: pygame.Rect, card_size: tuple[int, int], window_width: int, min_step: int = 0
    ) -> None:
        self.rect, self.card_size, self.min_step = rect, card_size, min_step
        self.max_width = int(window_width * 0.9)
        self._relayout(snap=True)

    def set_cards(self, cards: list[Card]) -> None:
        """Show exactly `cards` (sorted), keeping the places of cards still held."""
        old = list(self.cards)
        fresh: list[HandCard] = []
        for card in sorted(cards):
            match = next((h for h in old if h.card is card), None)
            if match is not None:
                old.remove(match)
                match.visible = True
                fresh.append(match)
            else:
                fresh.append(HandCard(card))
        self.cards = fresh
        self._relayout(snap=False, place_new=True)

    def insert(self, card: Card) -> HandCard:
        """Make room for a card that is on its way (shown when it lands)."""
        index = next((i for i, h in enumerate(self.cards) if card < h.card), len(self.cards))
        entry = HandCard(card, visible=False)
        self.cards.insert(index, entry)
        self._relayout(snap=False, place_new=True)
        return entry

    def remove(self, card: Card) -> tuple[float, float] | None:
        """Take a card out; its centre, where a flight should start."""
        entry = next((h for h in self.cards if h.card is card and h.visible), None)
        entry = entry or next((h for h in self.cards if h.card is card), None)
        if entry is None:
            return None
        self.cards.remove(entry)
        self._relayout(snap=False)
        return entry.x, entry.y - entry.lift

    def _relayout(self, snap: bool, place_new: bool = False) -> None:
        for entry, target in zip(self.cards, self.targets(len(self.cards)), strict=True):
            entry.target = target
            if snap or (place_new and entry.x == 0.0 and entry.y == 0.0):
                entry.x, entry.y = target

    def targets(self, count: int) -> list[tuple[float, float]]:
        """Card centres: one row up to twenty cards, then two (the back row higher)."""
        w, h = self.card_size
        rows = [count] if not self._two_rows(count) else [count - count // 2, count // 2]
        # Clear of the table's frame at the bottom, and a gentle fan: the middle
        # cards ride a little higher than the ends.
        bottom_y = self.rect.bottom - h / 2 - h * FRAME_MARGIN
        out: list[tuple[float, float]] = []
        for row, n in enumerate(rows):
            # Stay inside the hand's place until cards overlap too much, then widen
            # (never past 90% of the window).
            width = self._row_width(n)
            step = min(w * 1.04, (width - w) / max(1, n - 1))
            left = self.rect.centerx - (step * (n - 1)) / 2
            y = bottom_y - row * h * BACK_ROW_RISE
            middle = (n - 1) / 2 or 1
            out += [
                (left + i * step, y - h * FAN_ARC * (1 - ((i - middle) / middle) ** 2))
                for i in range(n)
            ]
        # the back row is drawn first: it is listed after the front row, so reverse rows
        if len(rows) == 2:
            out = out[rows[0] :] + out[: rows[0]]
        return out

    @property
    def rise(self) -> int:
        """How far the second row reaches above one row's top (0 for one row)."""
        return round(self.card_size[1] * BACK_ROW_RISE) if self._two_rows(len(self.cards)) else 0

    def _two_rows(self, count: int) -> bool:
        """Past twenty cards, or sooner where one row would show less of each card than
        `min_step` (a narrow portrait window)."""
        if count > ONE_ROW_MAX:
            return True
        w = self.card_size[0]
        return count > 1 and (self._row_width(count) - w) / (count - 1) < self.min_step

    def _row_width(self, n: int) -> int | float:
        """The hand's place, widened (up to 90% of the window) where `n` cards would
        overlap too much or show less than `min_step` of each."""
        w = self.card_size[0]
        wanted = max(n * w * 0.42, w + (n - 1) * self.min_step)
        return self.rect.w if wanted <= self.rect.w else min(self.max_width, wanted)

    def update(self, dt: float, focus: int | None) -> None:
        rate = min(1.0, dt * FOLLOW_RATE)
        lift = self.card_size[1] * HOVER_LIFT
        for i, entry in enumerate(self.cards):
            entry.x += (entry.target[0] - entry.x) * rate
            entry.y += (entry.target[1] - entry.y) * rate
            wanted = lift if i in (self.hover, focus) else 0.0
            entry.lift += (wanted - entry.lift) * min(1.0, dt * 20)

    def rect_of(self, index: int) -> pygame.Rect:
        entry = self.cards[index]
        w, h = self.card_size
        return pygame.Rect(round(entry.x - w / 2), round(entry.y - h / 2 - entry.lift), w, h)

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The top-most visible card under `pos`."""
        for i in range(len(self.cards) - 1, -1, -1):
            if self.cards[i].visible and self.rect_of(i).collidepoint(pos):
                return i
        return None

    def index_of(self, card: Card) -> int | None:
        return next((i for i, h in enumerate(self.cards) if h.card is card and h.visible), None)

    def position_of(self, entry: HandCard) -> tuple[float, float]:
        return entry.x, entry.y
