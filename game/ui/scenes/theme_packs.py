"""Every theme pack the game found, and for each one it cannot use, why.

A pack that fails its checks is never offered in the theme pickers; this page,
opened from Settings, is where the player who installed it learns what to fix
(the reasons name the file and the field, as the pack's author wrote them).
"""

from __future__ import annotations

import pygame

from game.files.paths import shown_path
from game.i18n import N_
from game.themes import scan
from game.themes.loader import Pack
from game.ui.input.context import for_device
from game.ui.scene import Host, Scene
from game.ui.style import wrap

REASON_SIZE = 16
MAX_REASONS = 3  # per pack: the first problems are the ones to fix first
WHERE = {
    "keys": N_("Packs go in {folder}. Esc: back."),
    "pad": N_("Packs go in {folder}. B: back."),
    "touch": N_("Packs go in {folder}. Tap: back."),
}


def catalog_notes(host: Host) -> list[str]:
    """What the list does not show yet: packs still being checked in the background,
    and the player's pack folders left unchecked when checking ran out of time."""
    catalog, ngettext = host.catalog, host.i18n.ngettext
    notes = []
    if catalog.pending:
        notes.append(
            ngettext(
                "Checking {count} more pack...", "Checking {count} more packs...", catalog.pending
            ).format(count=catalog.pending)
        )
    if catalog.skipped:
        notes.append(
            ngettext(
                "{count} more pack folder was not checked: checking stopped after {seconds} s.",
                "{count} more pack folders were not checked: checking stopped after {seconds} s.",
                catalog.skipped,
            ).format(count=catalog.skipped, seconds=round(scan.USER_SCAN_SECONDS))
        )
    return notes


class ThemePacksScene(Scene):
    def __init__(self, host: Host) -> None:
        super().__init__(host)

    def _packs(self) -> list[Pack]:
        packs = self.host.catalog.packs.values()
        return sorted(packs, key=lambda p: (not p.available, not p.builtin, p.id))

    def _title(self, pack: Pack) -> str:
        _ = self.host.gettext
        name = pack.manifest.name(self.host.i18n.language) if pack.manifest else pack.id
        state = _("ready") if pack.available else _("unavailable")
        return shown_path(f"{name} ({pack.id}): {state}")  # a folder's name may not be UTF-8

    def _reasons(self, pack: Pack) -> list[str]:
        return [shown_path(str(problem)) for problem in pack.problems[:MAX_REASONS]]

    def lines(self) -> list[str]:
        """What the page says of each pack, as drawn."""
        return [
            text for pack in self._packs() for text in (self._title(pack), *self._reasons(pack))
        ]

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
        for note in catalog_notes(self.host):
            y = style.blit_text(surface, note, REASON_SIZE, (x, y), style.accent_rgb).bottom
        for pack in self._packs():
            if y > bottom:
                break
            rgb = style.text_rgb if pack.available else style.accent_rgb
            y = style.blit_text(surface, self._title(pack), 22, (x, y), rgb).bottom
            for problem in self._reasons(pack):
                for line in wrap(problem, reason_font, width - style.px(20)):
                    if y > bottom:
                        break
                    y = style.blit_text(surface, line, REASON_SIZE, (x + style.px(20), y)).bottom
            y += style.px(10)
        hint = _(for_device(self.host, WHERE)).format(folder=_packs_folder())
        font = style.font(style.font_px(16))
        bottom = h - style.px(8)
        for line in reversed(wrap(hint, font, w - style.px(40))):  # a long folder wraps
            bottom = style.label(
                surface, line, 16, (w // 2, bottom), style.text_rgb, "midbottom"
            ).top


def _packs_folder() -> str:
    from game.files import paths

    return paths.shown_path(paths.user_themes_root())
