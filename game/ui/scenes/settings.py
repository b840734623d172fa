"""The player's settings, changed live: each change shows at once and is kept."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.files.settings import SPEEDS, VOLUMES, WINDOW_SIZES
from game.i18n import LANGUAGES, N_
from game.ui.input.context import for_device
from game.ui.scene import Host, Scene
from game.ui.speed_words import speed_words
from game.ui.style import Style, wrap
from game.ui.widgets.button import Button

ROWS = (
    ("language", N_("Language")),
    ("effects_volume", N_("Sound effects")),
    ("music_volume", N_("Music")),
    ("speed", N_("Speed")),  # the word the table's speed button uses too
    ("fullscreen", N_("Full screen")),
    ("window", N_("Window size")),
    ("colour_symbols", N_("Colour symbols")),
    ("teach", N_("Teach me")),
    ("theme", N_("Default theme")),
    ("packs", N_("Theme packs")),  # opens the list of packs, with why any cannot be used
    ("player_name", N_("Your name")),
)
NAME_LENGTH = 12
HOW = {  # the help line, for what the player uses now
    "keys": N_("Click or Left/Right to change. Up/Down move. Esc: back."),
    "pad": N_("D-pad left/right or the shoulders change; up/down move. B: back."),
    "touch": N_("Tap a value to change it. Tap Back to leave."),
}


def _step(values: tuple, current: object, step: int) -> object:
    index = values.index(current) if current in values else 0
    return values[(index + step) % len(values)]


def unavailable_summary(host: Host) -> str:
    """The Settings row's value: how many packs cannot be used (or are still checked)."""
    count = len(host.catalog.unavailable())
    if host.catalog.pending:
        return host.gettext(N_("Checking..."))
    if not count:
        return host.gettext(N_("All usable"))
    return host.gettext(N_("{count} unavailable")).format(count=count)


class SettingsScene(Scene):
    def __init__(
        self, host: Host, theme: str | None = None, on_speed: Callable[[str], None] | None = None
    ) -> None:
        super().__init__(host)
        self.theme = theme  # None: the app's theme (from the menu)
        self.on_speed = on_speed  # the paused table's pace follows the setting
        self.focus = 0
        self.editing = False
        self.mouse = (-1, -1)
        self.buttons: list[Button] = []
        self.help_rect = pygame.Rect(0, 0, 0, 0)
        self.rows_x = self.rows_w = 0  # where the rows stand, as laid out

    @property
    def settings(self):  # noqa: ANN201 - the app's Settings
        return self.host.settings

    def value_text(self, key: str) -> str:
        _ = self.host.gettext
        s = self.settings
        if key == "packs":
            return unavailable_summary(self.host)
        value = getattr(s, key)
        if key == "language":  # the language in use (a --lang holds until changed here)
            return LANGUAGES[self.host.i18n.language]
        if key == "speed":
            return speed_words(value, _)
        if key in ("effects_volume", "music_volume"):
            return _("Off") if value <= 0 else f"{round(value * 100)}%"
        if key in ("fullscreen", "colour_symbols", "teach"):
            return _("On") if value else _("Off")
        if key == "window":  # the window as it is (a --size or a drag changes it too)
            width, height = value if s.fullscreen else self.host.size
            return f"{width} × {height}"
        if key == "theme":
            pack = self.host.catalog.choose(value)
            return pack.manifest.name(self.host.i18n.language) if pack.manifest else value
        if key == "player_name":
            shown = _(value) if value == "You" else value  # the default reads in any language
            return shown + ("_" if self.editing else "")
        return str(value)

    def change(self, key: str, step: int) -> None:
        """Move one setting on (or back) and apply it now."""
        s = self.settings
        if key == "language":
            self.host.use_language(str(_step(tuple(LANGUAGES), self.host.i18n.language, step)))
        elif key in ("effects_volume", "music_volume"):
            near = min(VOLUMES, key=lambda v: abs(v - getattr(s, key)))
            setattr(s, key, _step(VOLUMES, near, step))
            if key == "effects_volume":
                self.host.audio.effects_volume = s.effects_volume
                self.host.audio.play("play")  # hear the new level
        elif key == "speed":
            s.speed = str(_step(SPEEDS, s.speed, step))
            if self.on_speed is not None:
                self.on_speed(s.speed)
        elif key in ("fullscreen", "colour_symbols", "teach"):
            setattr(s, key, not getattr(s, key))
        elif key == "window":
            s.window = _step(WINDOW_SIZES, tuple(s.window), step)
            self.host.resize_window(s.window)
        elif key == "theme":
            themes = tuple(p.id for p in self.host.catalog.available())
            s.theme = str(_step(themes, s.theme, step))
            if self.theme is None:
                self.host.set_theme(s.theme)
        elif key == "player_name":
            self.editing = not self.editing
        elif key == "packs":
            self.host.stack.push(self.host.scene("theme_packs"))
            return
        elif key == "back":
            self.host.stack.pop()
            return
        self.host.save_settings()

    def _layout(self) -> list[Button]:
        """The rows, then Back, above the help line: the rows close up (down to 30 px
        at the reference size) so that Back never falls under the help line."""
        style = self.host.style(self.theme or self.host.theme_id)
        w, h = self.host.size
        top = style.px(84)
        font = style.font(style.font_px(18))
        back_h = style.touch(48)
        help_h = len(self._hint_lines(style, w)) * font.get_linesize() + style.px(20)
        room = h - top - back_h - help_h - style.px(16)
        finger = style.touch(0)  # 9 mm: rows that tall where the room allows
        most = max(style.px(52), finger + style.px(8))
        pitch = max(style.px(34), min(most, room // len(ROWS)))
        gap = max(2, pitch // 7)
        row_h = pitch - gap
        if row_h < finger <= pitch - 2:
            row_h, gap = finger, pitch - finger
        # A value wider than its half grows left, up to the widest row name; in a small
        # window the rows widen (to the window's edges) before a value is cut.
        names = max(style.text(self.host.gettext(label), 22).get_width() for _k, label in ROWS)
        values = max(
            Button(key, self.value_text(key), pygame.Rect(0, 0, 1, 1)).least_width(style)
            for key, _label in ROWS
        )
        width = min(w - style.px(40), max(style.px(760), names + style.px(16) + values))
        left = (w - width) // 2
        value_w = min(width // 2, width - names - style.px(16))
        self.rows_x, self.rows_w = left, width
        buttons = [
            Button(
                key,
                self.value_text(key),
                pygame.Rect(left + width - value_w, top + i * (row_h + gap), value_w, row_h),
                text_size=20,
                max_w=max(value_w, width - names - style.px(16)),
                anchor="midright",
            )
            for i, (key, _label) in enumerate(ROWS)
        ]
        back = pygame.Rect(0, 0, style.px(220), back_h)
        back.midtop = (w // 2, top + len(ROWS) * (row_h + gap) + style.px(6))
        buttons.append(Button("back", self.host.gettext("Back"), back, primary=True))
        for button in buttons:  # as drawn, so a click lands where the button shows
            button.grow_to_fit(style)
        return buttons

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons = self._layout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, button in enumerate(self.buttons):
                if button.hit(event.pos):
                    self.focus = i
                    if self.editing and button.key != "player_name":
                        self.editing = False
                    self.change(button.key, 1 if event.button == 1 else -1)
                    return
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        if self.editing:
            self._type(event)
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.host.stack.pop()
        elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if event.key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(self.buttons)
        elif event.key in (
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
        ):
            self.change(self.buttons[self.focus].key, -1 if event.key == pygame.K_LEFT else 1)

    def _type(self, event: pygame.event.Event) -> None:
        s = self.settings
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.editing = False
            s.player_name = s.player_name.strip() or "You"
            self.host.save_settings()
        elif event.key == pygame.K_BACKSPACE:
            s.player_name = s.player_name[:-1]
        elif event.unicode and event.unicode.isprintable() and len(s.player_name) < NAME_LENGTH:
            s.player_name += event.unicode

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        style = self.host.style(self.theme or self.host.theme_id)
        # From the menu or from a paused game alike, the theme's own backdrop: the
        # scene is opaque, so nothing under it is redrawn to shade.
        surface.blit(style.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        self.buttons = self._layout()
        self.focus = min(self.focus, len(self.buttons) - 1)
        last = self.buttons[-1].rect
        frame = pygame.Rect(
            0, 0, min(w - style.px(20), self.rows_w + style.px(40)), last.bottom + style.px(4)
        )
        frame.midtop = (w // 2, style.px(12))
        style.panel(surface, frame, 235)
        style.blit_text(
            surface, _("Settings"), 34, (w // 2, style.px(24)), style.accent_rgb, "midtop"
        )
        label_x = self.rows_x
        for i, (_key, label) in enumerate(ROWS):
            rect = self.buttons[i].rect
            style.blit_text(
                surface, _(label), 22, (label_x, rect.centery), style.text_rgb, "midleft"
            )
        for i, button in enumerate(self.buttons):
            button.draw(surface, style, button.rect.collidepoint(self.mouse), i == self.focus)
        lines = self._hint_lines(style, w)
        line_h = style.font(style.font_px(18)).get_linesize()
        self.help_rect = pygame.Rect(w // 2, h, 0, 0)
        for i, line in enumerate(reversed(lines)):  # upward from the foot of the window
            bottom = h - style.px(8) - i * (line_h + style.px(6))
            shown = style.label(surface, line, 18, (w // 2, bottom), style.text_rgb, "midbottom")
            self.help_rect.union_ip(shown)

    def _hint_lines(self, style: Style, width: int) -> list[str]:
        """The help line, wrapped to the window (Minecraft's font in Spanish is wide)."""
        hint = self.host.gettext(for_device(self.host, HOW))
        return wrap(hint, style.font(style.font_px(18)), width - style.px(60))
