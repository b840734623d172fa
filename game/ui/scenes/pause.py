"""Esc at the table: resume, read the rules, or leave for the menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import RuleSet
from game.i18n import N_
from game.ui.scene import Host, Scene
from game.ui.widgets.button import Button
from game.ui.widgets.menu_list import MenuList

ENTRIES = (
    ("resume", N_("Resume")),
    ("rules", N_("Rules")),
    ("settings", N_("Settings")),
    ("menu", N_("Quit to menu")),
)


class PauseScene(Scene):
    opaque = False
    title = N_("Paused")  # a table online says the game goes on instead

    def __init__(
        self,
        host: Host,
        theme: str,
        rules: RuleSet | None = None,
        on_speed: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.theme, self.rules, self.on_speed = theme, rules, on_speed
        self.menu = MenuList(
            [Button(key, label, pygame.Rect(0, 0, 1, 1)) for key, label in ENTRIES]
        )
        self._shade: pygame.Surface | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.stack.pop()
            return
        key = self.menu.handle(event)
        if key is not None:
            self.choose(key)

    def choose(self, key: str) -> None:
        if key == "resume":
            self.host.stack.pop()
        elif key == "rules":
            self.host.stack.push(self.host.scene("rules", self.theme, self.rules))
        elif key == "settings":
            self.host.stack.push(self.host.scene("settings", self.theme, self.on_speed))
        elif key == "menu":
            self.host.stack.reset(self.host.scene("menu"))

    def draw(self, surface: pygame.Surface) -> None:
        style = self.host.style(self.theme)
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 150))
        surface.blit(self._shade, (0, 0))
        w, h = surface.get_size()
        _ = self.host.gettext
        for button in self.menu.buttons:
            button.label = _(dict(ENTRIES)[button.key])
        # One panel holds the title and the buttons, the title clear above them.
        title = style.text(_(self.title), 40, style.accent_rgb)
        self.menu.layout((w // 2, h // 2 + title.get_height() // 2 + style.px(10)), style)
        buttons = self.menu.buttons[0].rect.unionall([b.rect for b in self.menu.buttons])
        panel = buttons.inflate(style.px(60), style.px(40))
        panel.top -= title.get_height() + style.px(24)
        panel.h += title.get_height() + style.px(24)
        style.panel(surface, panel, 245, border=style.accent_rgb)
        surface.blit(title, title.get_rect(midtop=(w // 2, panel.top + style.px(18))))
        self.menu.draw(surface, style)
