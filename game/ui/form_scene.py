"""The base of the online screens: a title, a column of buttons and a line of
status, on the theme's backdrop."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.scene import Host, Scene
from game.ui.widgets.menu_list import MenuList


class FormScene(Scene):
    """A title, a column of buttons and a line of status, on the theme's backdrop."""

    title = ""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.menu = MenuList([], width=460, height=46)
        self.status = ""
        self.build()

    def build(self) -> None:
        """Set `self.menu.buttons` from the scene's state."""

    def labels(self) -> dict[str, str]:
        return {}

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self._stepped(event):
            return
        key = self.menu.handle(event)
        if key is not None:
            self.choose(key)

    def _stepped(self, event: pygame.event.Event) -> bool:
        """A choice among values steps back with Left or a right click, on with Right
        (a click or Enter steps on, as `choose`)."""
        buttons = self.menu.buttons
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hit = next((b for b in buttons if b.hit(event.pos)), None)
            return hit is not None and self.step(hit.key, -1)
        arrows = (pygame.K_LEFT, pygame.K_RIGHT)
        if event.type == pygame.KEYDOWN and event.key in arrows and buttons:
            key = buttons[self.menu.focus].key
            return self.step(key, -1 if event.key == pygame.K_LEFT else 1)
        return False

    def step(self, key: str, by: int) -> bool:
        """Step the value `key` shows by `by`; False if it is no choice among values."""
        return False

    def back(self) -> None:
        self.host.stack.pop()

    def choose(self, key: str) -> None:
        if key == "back":
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        labels = self.labels()
        for button in self.menu.buttons:
            button.label = labels.get(button.key, _(button.key))
        style = self.host.style(self.host.theme_id)
        surface.blit(style.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        head = pygame.Rect(0, 0, style.px(640), style.px(64))
        head.midtop = (w // 2, style.px(24))
        style.panel(surface, head, 230, border=style.accent_rgb)
        style.blit_text(surface, _(self.title), 34, head.center, style.accent_rgb, "center")
        self.draw_body(surface, style, head.bottom)
        if self.status:
            style.label(
                surface, self.status, 18, (w // 2, h - style.px(30)), style.text_rgb, "midbottom"
            )

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        self.draw_menu(surface, style, top, surface.get_height() - style.px(40))

    def draw_menu(self, surface: pygame.Surface, style: Any, top: int, bottom: int) -> None:
        """The buttons between `top` and `bottom` (closer together if they must); a
        long label widens its button, up to the frame's inner width, before its text
        shrinks."""
        w, gap = surface.get_width(), style.px(12)
        room = bottom - top - 2 * gap
        self.menu.layout((w // 2, (top + bottom) // 2), style, room)
        for button in self.menu.buttons:
            button.max_w = w - style.px(120)
        self.menu.draw(surface, style)
