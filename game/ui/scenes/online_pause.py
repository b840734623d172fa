"""The menu over a table online: the others play on meanwhile, so not "Paused";
the host's warns first that quitting closes the table for the guests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import N_
from game.ui.scene import Host
from game.ui.scenes.pause import PauseScene
from game.ui.style import wrap

PLAY_GOES_ON = N_("Play goes on")


class OnlinePauseScene(PauseScene):
    """The menu over a table online. Leaving is asked: the first "Quit to menu"
    says what leaving does, only the second leaves."""

    title = PLAY_GOES_ON
    warned = False

    def __init__(self, host: Host, *args: Any, watch: Callable[[], None] | None = None) -> None:
        """`args` as PauseScene's; `watch`: the table's own check, each frame, that it
        has not ended meanwhile."""
        super().__init__(host, *args)
        self.watch = watch

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.watch is not None:
            self.watch()

    def choose(self, key: str) -> None:
        if key == "menu" and not self.warned:
            self.warned = True
            return
        super().choose(key)

    def warning(self) -> str:
        return self.host.gettext(
            "Leaving: a computer plays your seat until you come back (Rejoin, from Play"
            " online). Choose Quit to menu again to leave."
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.warned:
            return
        style = self.host.style(self.theme)
        w, h = surface.get_size()
        font = style.font(style.font_px(18))
        lines = wrap(self.warning(), font, w - style.px(80))[:2]
        # Each line on its own label, the labels a little apart (a label's panel is
        # taller than the font's line): upwards from the window's foot.
        y = h - style.px(8)
        for line in reversed(lines):
            y = style.label(surface, line, 18, (w // 2, y), style.accent_rgb, "midbottom").top
            y -= style.px(4)


class HostPauseScene(OnlinePauseScene):
    """The host's menu: quitting closes the table for the guests."""

    def warning(self) -> str:
        return self.host.gettext(
            "Quitting closes this table for your guests (the match is saved here, to resume"
            " later). Choose Quit to menu again to quit."
        )
