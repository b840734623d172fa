"""Every theme pack the game found, and for each one it cannot use, why.

A pack that fails its checks is never offered in the theme pickers; this page,
opened from Settings, is where the player who installed it learns what to fix
(the reasons name the file and the field, as the pack's author wrote them).
"""

from __future__ import annotations

import pygame

from game.themes.loader import Pack
from game.ui.scene import Host, Scene
from game.ui.style import wrap

REASON_SIZE = 16
MAX_REASONS = 3  # per pack: the first problems are the ones to fix first


class ThemePacksScene(Scene):
    def __init__(self, host: Host) -> None:
        super().__init__(host)

    def _packs(self) -> list[Pack]:
        packs = self.host.catalog.packs.values()
        return sorted(packs, key=lambda p: (not p.available, not p.builtin, p.id))

    def handle(self, event: pygame.event.Event) -> None:
        done_keys = (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if (event.type == pygame.KEYDOWN and event.key in done_keys) or (
            event.type == pygame.MOUSEBUTTONDOWN
        ):
            self.host.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        style = self.host.style(self.host.theme_id)
        surface.blit(style.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        frame = pygame.Rect(0, 0, min(w - style.px(20), style.px(900)), h - style.px(24))
        frame.midtop = (w // 2, style.px(12))
        style.panel(surface, frame, 235)
        title = _("Theme packs")
        style.blit_text(surface, title, 34, (w // 2, style.px(24)), style.accent_rgb, "midtop")
        x, y = frame.left + style.px(24), style.px(84)
        width = frame.width - style.px(48)
        reason_font = style.font(style.font_px(REASON_SIZE))
        bottom = frame.bottom - style.px(40)
        for pack in self._packs():
            if y > bottom:
                break
            name = pack.manifest.name(self.host.i18n.language) if pack.manifest else pack.id
            state = _("ready") if pack.available else _("unavailable")
            rgb = style.text_rgb if pack.available else style.accent_rgb
            y = style.blit_text(surface, f"{name} ({pack.id}): {state}", 22, (x, y), rgb).bottom
            for problem in pack.problems[:MAX_REASONS]:
                for line in wrap(str(problem), reason_font, width - style.px(20)):
                    if y > bottom:
                        break
                    y = style.blit_text(surface, line, REASON_SIZE, (x + style.px(20), y)).bottom
            y += style.px(10)
        hint = _("Packs go in {folder}. Esc: back.").format(folder=_packs_folder())
        style.label(surface, hint, 16, (w // 2, h - style.px(8)), style.text_rgb, "midbottom")


def _packs_folder() -> str:
    from game import paths

    return str(paths.user_themes_root())
