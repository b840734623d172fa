"""A question over the scene below, with two answers: "Abandon your match...?"."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.scene import Host, Scene
from game.ui.style import wrap
from game.ui.widgets.button import Button
from game.ui.widgets.menu_list import MenuList


class ConfirmScene(Scene):
    """`question` (already in the player's language) and two buttons; Esc is "no".
    The scene pops itself, then calls `on_yes` if the answer was yes."""

    opaque = False

    def __init__(
        self,
        host: Host,
        question: str,
        yes: str,
        no: str,
        on_yes: Callable[[], None],
        default: str = "no",
    ) -> None:
        """`default`: the answer Enter gives at first ("no": the careful one, unless
        the question offers what the player most likely wants)."""
        super().__init__(host)
        self.question, self.on_yes = question, on_yes
        self.menu = MenuList(
            [
                Button("no", no, pygame.Rect(0, 0, 1, 1)),
                Button("yes", yes, pygame.Rect(0, 0, 1, 1)),
            ],
            width=420,
        )
        self.menu.focus = 1 if default == "yes" else 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer("no")
            return
        key = self.menu.handle(event)
        if key is not None:
            self.answer(key)

    def answer(self, key: str) -> None:
        self.host.stack.pop()
        if key == "yes":
            self.on_yes()

    def draw(self, surface: pygame.Surface) -> None:
        style = self.host.style(self.host.theme_id)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        font = style.font(style.font_px(24))
        lines = wrap(self.question, font, min(w - style.px(80), style.px(640)))
        self.menu.layout((w // 2, h // 2 + style.px(60)), style)
        top = h // 2 - style.px(40) - len(lines) * font.get_linesize()
        # A Rect's `bottom` moves it: the height is given, from the text's top to the buttons'.
        height = self.menu.buttons[-1].rect.bottom + style.px(20) - (top - style.px(20))
        panel = pygame.Rect(0, top - style.px(20), min(w - style.px(40), style.px(700)), height)
        panel.centerx = w // 2
        style.panel(surface, panel, 245, border=style.accent_rgb)
        for i, line in enumerate(lines):
            y = top + i * font.get_linesize()
            style.blit_text(surface, line, 24, (w // 2, y), style.text_rgb, "midtop")
        self.menu.draw(surface, style)
