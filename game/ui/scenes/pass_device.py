"""Between two people's turns at one computer: hide the table until the next
person says they are ready, so nobody sees another's hand."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_
from game.ui.input.context import for_device
from game.ui.scene import Host, Scene
from game.ui.table.narration import shown_name
from game.ui.widgets.button import Button

READY = {
    "keys": N_("Everyone else, look away. Press Enter when ready."),
    "pad": N_("Everyone else, look away. Press A when ready."),
    "touch": N_("Everyone else, look away. Tap the button when ready."),
}


class PassScene(Scene):
    def __init__(self, host: Host, theme: str, name: str, ready: Callable[[], None]) -> None:
        super().__init__(host)
        self.theme, self.name, self.ready = theme, name, ready
        self.button = Button(
            "ready", f"I am {name}: show my cards", pygame.Rect(0, 0, 1, 1), primary=True
        )

    def handle(self, event: pygame.event.Event) -> None:
        chosen = (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ) or (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.button.hit(event.pos)
        )
        if chosen:
            self.host.stack.pop()
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        style = self.host.style(self.theme)
        surface.fill(style.panel_rgb)
        w, h = surface.get_size()
        _ = self.host.gettext
        name = shown_name(self.name, _)  # "Player 2" follows a language switch
        self.button.label = _("I am {name}: show my cards").format(name=name)
        style.blit_text(
            surface,
            _("Pass the computer to {name}").format(name=name),
            40,
            (w // 2, h // 2 - style.px(70)),
            anchor="center",
        )
        style.blit_text(
            surface,
            _(for_device(self.host, READY)),
            22,
            (w // 2, h // 2 - style.px(20)),
            style.muted_rgb,
            "center",
        )
        self.button.rect = pygame.Rect(0, 0, min(w - style.px(40), style.px(560)), style.touch(60))
        self.button.rect.center = (w // 2, h // 2 + style.px(60))
        self.button.max_w = w - style.px(40)  # a long name in a pixel font: wider, not cut
        self.button.draw(surface, style, self.button.rect.collidepoint(pygame.mouse.get_pos()))
