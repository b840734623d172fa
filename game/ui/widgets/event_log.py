"""The last few events as sentences, newest first, on a panel in a corner.

An entry is kept as what it says, not as its words: a function that says it in
the language of the moment. After a switch to Spanish the older lines follow
(each is said again once, when the language changes).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.style import Style, wrap

LINES_KEPT = 40
Saying = str | Callable[[], str]


class Entry:
    __slots__ = ("say", "text")

    def __init__(self, say: Saying) -> None:
        self.say = say
        self.text = say if isinstance(say, str) else say()

    def again(self) -> None:
        if not isinstance(self.say, str):
            self.text = self.say()


class EventLog:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.language: str | None = None  # the language the entries were said in
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}
        self._layer: tuple[tuple, pygame.Surface] | None = None  # the lines as last drawn

    @property
    def lines(self) -> list[str]:
        """The entries as last said, newest first."""
        return [entry.text for entry in self.entries]

    def add(self, sentence: Saying) -> None:
        """A line: a sentence, or a function that says it in the language of the moment."""
        self.entries.insert(0, Entry(sentence))
        del self.entries[LINES_KEPT:]

    def relanguage(self, language: str) -> None:
        """Say every entry again if the language changed since they were said."""
        if language != self.language:
            if self.language is not None:
                for entry in self.entries:
                    entry.again()
            self.language = language

    def draw(self, surface: pygame.Surface, style: Style, rect: pygame.Rect) -> None:
        """The lines only: the panel under them is part of the table's static layer.
        Drawn into a layer once per change of the lines, then one blit a frame."""
        self.relanguage(style.language)
        key = (tuple(self.lines), rect.size, style.manifest.id, style.scale)
        if self._layer is None or self._layer[0] != key:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._draw_lines(layer, style, layer.get_rect())
            self._layer = (key, layer)
        surface.blit(self._layer[1], rect)

    def _draw_lines(self, surface: pygame.Surface, style: Style, rect: pygame.Rect) -> None:
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
