"""The last few events as sentences, newest first, on a panel in a corner."""

from __future__ import annotations

import pygame

from game.ui.style import Style, wrap

LINES_KEPT = 40


class EventLog:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def add(self, sentence: str) -> None:
        self.lines.insert(0, sentence)
        del self.lines[LINES_KEPT:]

    def draw(self, surface: pygame.Surface, style: Style, rect: pygame.Rect) -> None:
        """The lines only: the panel under them is part of the table's static layer."""
        font = style.font(style.font_px(18))
        pad = style.px(8)
        y = rect.y + pad
        step = font.get_linesize()
        for i, sentence in enumerate(self.lines):
            colour = style.text_rgb if i == 0 else style.muted_rgb
            lines = self._wrap(sentence, font, rect.w - 2 * pad)
            if y + len(lines) * step > rect.bottom - pad:
                return  # a sentence shows whole or not at all: never cut at the bottom
            for line in lines:
                surface.blit(style.text(line, 18, colour), (rect.x + pad, y))
                y += step
            y += style.px(3)

    def _wrap(self, sentence: str, font: pygame.font.Font, width: int) -> list[str]:
        key = (sentence, width, font.get_height())
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 200:
                self._wrapped.clear()
            lines = self._wrapped[key] = wrap(sentence, font, width)
        return lines
