"""Four large colour segments, each with its colour, symbol and name; keys 1-4.
The same picker names a wild's colour and an Urrrh give-away colour."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import layout_record
from game.ui.style import Style
from game.ui.widgets.button import _ink_on

KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


@dataclass
class Segment:
    colour: str
    rect: pygame.Rect
    enabled: bool


class ColorPicker:
    def __init__(
        self, title: str, colours: tuple[str, ...], enabled: set[str], prefix: str
    ) -> None:
        self.title, self.colours, self.enabled, self.prefix = title, colours, enabled, prefix
        self.segments: list[Segment] = []
        self.panel = pygame.Rect(0, 0, 1, 1)

    def place(self, center: tuple[int, int], style: Style) -> None:
        w, h, gap = style.px(150), style.px(130), style.px(12)
        total = 4 * w + 3 * gap
        self.panel = pygame.Rect(0, 0, total + 2 * gap, h + style.px(70))
        self.panel.center = center
        top = self.panel.y + style.px(56)
        self.segments = [
            Segment(
                c, pygame.Rect(self.panel.x + gap + i * (w + gap), top, w, h), c in self.enabled
            )
            for i, c in enumerate(self.colours)
        ]

    def key_at(self, pos: tuple[int, int]) -> str | None:
        for seg in self.segments:
            if seg.enabled and seg.rect.collidepoint(pos):
                return f"{self.prefix}:{seg.colour}"
        return None

    def key_for(self, key: int) -> str | None:
        if key in KEYS:
            seg = self.segments[KEYS.index(key)] if len(self.segments) > KEYS.index(key) else None
            if seg is not None and seg.enabled:
                return f"{self.prefix}:{seg.colour}"
        return None

    def draw(self, surface: pygame.Surface, style: Style, hover: tuple[int, int]) -> pygame.Rect:
        """Draws the picker; returns the part of the window it drew on."""
        style.panel(surface, self.panel, 245, border=style.accent_rgb)
        with layout_record.modal("colour picker", self.panel):
            drawn = self.panel.union(self._title(surface, style))
            for i, seg in enumerate(self.segments):
                drawn.union_ip(self._segment(surface, style, hover, i, seg))
        return drawn

    def _title(self, surface: pygame.Surface, style: Style) -> pygame.Rect:
        return style.blit_text(
            surface,
            self.title,
            24,
            (self.panel.centerx, self.panel.y + style.px(14)),
            anchor="midtop",
        )

    def _segment(
        self, surface: pygame.Surface, style: Style, hover: tuple[int, int], i: int, seg: Segment
    ) -> pygame.Rect:
        rgb = style.colour_rgb(seg.colour) if seg.enabled else (90, 90, 90)
        if seg.enabled and seg.rect.collidepoint(hover):
            rgb = tuple(min(255, c + 30) for c in rgb)  # type: ignore[assignment]
        pygame.draw.rect(surface, rgb, seg.rect, border_radius=style.px(12))
        ink = _ink_on(rgb)
        symbol = style.renderer.symbol(seg.colour, style.px(44))
        mark = surface.blit(
            symbol, symbol.get_rect(midtop=(seg.rect.centerx, seg.rect.y + style.px(12)))
        )
        name = f"{i + 1}  {style.colour_name(seg.colour)}"
        words = style.blit_text(
            surface,
            name,
            22,
            (seg.rect.centerx, seg.rect.bottom - style.px(10)),
            ink,
            "midbottom",
        )
        return seg.rect.unionall([mark, words])
