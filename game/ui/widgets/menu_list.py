"""A column of buttons reachable by mouse and by keyboard (arrows, Enter)."""

from __future__ import annotations

import pygame

from game.ui.style import Style
from game.ui.widgets.button import Button


class MenuList:
    def __init__(self, buttons: list[Button], width: float = 320, height: float = 56) -> None:
        self.buttons = buttons
        self.width, self.height = width, height
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self.mouse = (-1, -1)

    def layout(self, center: tuple[int, int], style: Style, room: int = 0) -> None:
        """Centred on `center`; with `room` (px of height), rows and gaps shrink
        together so the column fits in it (the labels then shrink to fit their rows).
        A label too long for the column at the smallest text (a pixel font in a small
        window) widens the whole column, up to the window's edges."""
        w, h, gap = self._width(style, center[0]), style.touch(self.height), style.px(14)
        needed = len(self.buttons) * (h + gap) - gap
        if room and needed > room:
            h, gap = h * room // needed, gap * room // needed
        top = center[1] - (len(self.buttons) * (h + gap) - gap) // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(center[0] - w // 2, top + i * (h + gap), w, h)

    def _width(self, style: Style, centerx: int) -> int:
        """The column's width: its own, or what its longest label needs at the least size."""
        least = max((b.least_width(style) for b in self.buttons), default=0)
        return max(style.px(self.width), min(least, 2 * centerx - style.px(40)))

    def handle(self, event: pygame.event.Event) -> str | None:
        """The key of the button chosen by this event, if any."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            return hit.key if hit else None
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self._move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.focus]
                return button.key if button.enabled else None
        return None

    def _move(self, step: int) -> None:
        for _ in range(len(self.buttons)):
            self.focus = (self.focus + step) % len(self.buttons)
            if self.buttons[self.focus].enabled:
                return

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        for i, button in enumerate(self.buttons):
            button.draw(surface, style, button.rect.collidepoint(self.mouse), i == self.focus)
