"""The main menu: new game, rules, quit (continue, settings and statistics come later)."""

from __future__ import annotations

import pygame

from game.ui.scene import Host, Scene
from game.ui.widgets.button import Button
from game.ui.widgets.menu_list import MenuList

ENTRIES = (("new", "New game", True), ("continue", "Continue", False),
           ("rules", "Rules", True), ("settings", "Settings", False),
           ("stats", "Statistics", False), ("quit", "Quit", True))


class MenuScene(Scene):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.menu = MenuList([Button(k, label, pygame.Rect(0, 0, 1, 1), enabled=on)
                              for k, label, on in ENTRIES])

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.quit()
            return
        key = self.menu.handle(event)
        if key == "new":
            from game.ui.scenes.setup import SetupScene

            self.host.stack.push(SetupScene(self.host))
        elif key == "rules":
            from game.ui.scenes.rules import RulesScene

            self.host.stack.push(RulesScene(self.host, self.host.theme_id))
        elif key == "quit":
            self.host.quit()

    def draw(self, surface: pygame.Surface) -> None:
        style = self.host.style(self.host.theme_id)
        surface.blit(style.renderer.table(), (0, 0))
        w, h = surface.get_size()
        title = pygame.Rect(0, 0, style.px(520), style.px(120))
        title.midtop = (w // 2, style.px(40))
        style.panel(surface, title, 230, border=style.accent_rgb)
        style.blit_text(surface, "UNO Table", 56, (title.centerx, title.centery - style.px(12)),
                        style.accent_rgb, "center")
        style.blit_text(surface, style.manifest.name("en") + " theme", 20,
                        (title.centerx, title.bottom - style.px(10)), anchor="midbottom")
        self.menu.layout((w // 2, h // 2 + style.px(70)), style)
        self.menu.draw(surface, style)
        style.label(surface, "Arrows and Enter, or the mouse. F11: full screen.", 18,
                        (w // 2, h - style.px(40)), style.text_rgb, "midbottom")
