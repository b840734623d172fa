"""A clickable, keyboard-reachable button drawn as a theme panel."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import layout_record
from game.ui.layout_record import Kind
from game.ui.style import Style, wrap

MARGIN = 8  # 720p px between a label's letters and the button's sides, at the least
LEAST = 12  # 720p px: a label shrinks no further to fit (the window's font may stop sooner)


@dataclass
class Button:
    """`key` identifies what the button does; the scene decides what that means."""

    key: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    primary: bool = False
    hotkey: int | None = None
    text_size: float = 22
    glow: bool = False
    # Room to grow into before the text shrinks: the widest the layout allows, and
    # which edge stays put ("midleft", "midright" or "center").
    max_w: int = 0
    anchor: str = "center"
    glyph: str = ""  # a controller's button that presses it, drawn before the label

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def grow_to_fit(self, style: Style) -> None:
        """Widen (up to `max_w`) so the label fits at its own size; only past that
        does the text shrink."""
        needed = style.text(self.label, self.text_size).get_width() + 2 * style.px(MARGIN + 2)
        needed += self._glyph_room(style)
        if self.max_w and needed > self.rect.w:
            keep = getattr(self.rect, self.anchor)
            self.rect.w = min(self.max_w, needed)
            setattr(self.rect, self.anchor, keep)

    def least_width(self, style: Style) -> int:
        """The width the label needs on one line at the smallest size it shrinks to."""
        return (
            style.text(self.label, LEAST).get_width()
            + 2 * style.px(MARGIN + 2)
            + (self._glyph_room(style))
        )

    def draw(
        self, surface: pygame.Surface, style: Style, hovered: bool = False, focused: bool = False
    ) -> pygame.Rect:
        """Draws the button; returns its rect (all it draws is inside it)."""
        self.grow_to_fit(style)
        if not self.enabled:
            fill, text = _grey(style.panel_rgb), style.muted_rgb
        elif self.primary or self.glow:
            fill, text = style.accent_rgb, _ink_on(style.accent_rgb)
        else:
            fill, text = style.panel_rgb, style.text_rgb
        if hovered and self.enabled:
            fill = tuple(min(255, c + 28) for c in fill)  # type: ignore[assignment]
        # Every button keeps an outline so it reads as a button on any table.
        border = style.text_rgb if (focused or self.glow) and self.enabled else style.muted_rgb
        style.panel(surface, self.rect, 240, fill, border)
        room = self._glyph_room(style)
        if room:
            from game.ui.input.glyphs import draw_glyph  # the pad's look lives with the pad

            tall, gap = self._glyph_height(style), style.px(6)
            centre = (self.rect.x + gap + (room - gap) // 2, self.rect.centery)
            draw_glyph(surface, self.glyph, centre, tall)
        size, lines = self._fitted_lines(style)
        tall = _pitch(style, self.label, size)
        x, y = self.rect.centerx + room // 2, self.rect.centery - tall * (len(lines) - 1) // 2
        with layout_record.widget(self.rect.inflate(-2 * style.px(MARGIN), 0)):
            layout_record.note(self.key, Kind.BUTTON, self.rect)
            for i, line in enumerate(lines):
                style.blit_text(surface, line, size, (x, y + i * tall), text, "center")
        return self.rect.copy()

    def _fitted_lines(self, style: Style) -> tuple[float, list[str]]:
        """The label's size and lines: one line, made smaller until it fits; a label
        that fits no size (a long one in a small window) goes on two lines."""
        size = self._fitting_size(style)
        room = self._room(style)
        if style.text(self.label, size).get_width() <= room:
            return size, [self.label]
        for size in range(round(self.text_size), 11, -2):
            lines = wrap(self.label, style.font(style.font_px(size)), room)
            tall = _pitch(style, self.label, size)
            whole = " ".join(lines) == " ".join(self.label.split())  # no word cut short
            if whole and len(lines) <= 2 and len(lines) * tall <= self.rect.h:
                return size, _balanced(lines, style.font(style.font_px(size)))
        return size, [self.label]

    def fits(self, style: Style) -> bool:
        """Whether the label's letters, as drawn, lie whole inside the button."""
        size, lines = self._fitted_lines(style)
        tall = _pitch(style, self.label, size)
        box = self.rect.inflate(-2 * style.px(MARGIN), 0)
        x = self.rect.centerx + self._glyph_room(style) // 2
        y = self.rect.centery - tall * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            text = style.text(line, size)
            ink = text.get_bounding_rect().move(text.get_rect(center=(x, y + i * tall)).topleft)
            if not box.contains(ink):
                return False
        return True

    def _glyph_height(self, style: Style) -> int:
        return min(style.px(26), self.rect.h - style.px(8))

    def _glyph_room(self, style: Style) -> int:
        """The width the glyph takes at the button's left (0: no glyph)."""
        if not self.glyph:
            return 0
        tall = self._glyph_height(style)
        return (tall if len(self.glyph) == 1 else round(tall * 1.5)) + style.px(6)

    def _fitting_size(self, style: Style) -> float:
        """The text size, made smaller until the label fits inside the button."""
        size, room = self.text_size, self._room(style)
        while size > LEAST and style.text(self.label, size).get_width() > room:
            size -= 2
        return size

    def _room(self, style: Style) -> int:
        """The width the label may take."""
        return self.rect.w - 2 * style.px(MARGIN + 2) - self._glyph_room(style)


def _balanced(lines: list[str], font: pygame.font.Font) -> list[str]:
    """Two lines split where the longer is shortest ("Seven swaps," / "zero passes:
    off", not a lone "off" under the rest)."""
    if len(lines) != 2:
        return lines
    words = " ".join(lines).split()
    splits = ([" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words)))
    return min(splits, key=lambda pair: max(font.size(line)[0] for line in pair))


def _pitch(style: Style, label: str, size: float) -> int:
    """From one line of a label to the next: a little tighter than the font's box,
    whose room above and below the letters two lines need not both keep."""
    return round(style.text(label, size).get_height() * 0.78)


def _grey(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    mean = sum(rgb) // 3
    return (mean, mean, mean)


def _ink_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on `rgb`."""
    luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (15, 15, 15) if luminance > 140 else (250, 250, 250)
