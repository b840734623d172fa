"""The main menu: new game, continue, rules, settings, statistics, quit."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.files.background import Background
from game.i18n import N_
from game.table import saved_game
from game.table.saved_game import SavedMatch
from game.ui.input.context import for_device
from game.ui.input.touch import min_target_px
from game.ui.online_seats import join_table, last_table
from game.ui.scene import Host, Scene
from game.ui.scene_registry import scene_class
from game.ui.style import wrap
from game.ui.widgets.button import Button
from game.ui.widgets.menu_list import MenuList
from game.ui.widgets.title_fan import TitleFan
from game.ui.widgets.title_style import title_backdrop, title_panel

ENTRIES = (
    ("new", N_("New game")),
    ("continue", N_("Continue")),
    ("online", N_("Play online")),
    ("learn", N_("Learn to play")),
    ("rules", N_("Rules")),
    ("settings", N_("Settings")),
    ("stats", N_("Statistics")),
    ("quit", N_("Quit")),
)


def opponents(saved: SavedMatch) -> list[str]:
    """Who the people at this computer play against: every seat that is not one of them."""
    return [seat.name for seat in saved.setup.seats if not seat.human]


def _listed(host: Host, names: list[str]) -> str:
    """ "Bea, Carlos and Dana" in the player's language."""
    if len(names) < 2:
        return "".join(names)
    return host.gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


HOW = {  # the line under the menu, for what the player uses now
    "keys": N_("Arrows and Enter, or the mouse. F11: full screen."),
    "pad": N_("D-pad to move, A to choose, B to go back."),
    "touch": N_("Tap a button."),
}


class MenuScene(Scene):
    def __init__(self, host: Host, offer_lesson: bool = False, offer_rejoin: bool = False) -> None:
        super().__init__(host)
        self.offer_lesson, self.offer_rejoin = offer_lesson, offer_rejoin
        can_continue = saved_game.exists(host.data)
        self.menu = MenuList(
            [
                Button(k, label, pygame.Rect(0, 0, 1, 1), enabled=(k != "continue" or can_continue))
                for k, label in ENTRIES
            ],
            height=44,  # eight entries above the hint at 720 px
        )
        self.menu.focus = 1 if can_continue else 0
        self.messages: list[str] = []
        # The saved match is checked on a worker (a long one is played through from its
        # seed) before Continue uses it or New game asks to abandon it.
        self.checking: Background[SavedMatch | None] | None = None
        self.then = ""  # "continue" or "new": what to do with the checked match
        self.fans = (TitleFan(), TitleFan(phase=2.0, mirrored=True))

    def enter(self) -> None:
        self.resume()  # the table left behind has saved by now: ask again
        self._offer_lesson()
        self._offer_rejoin()

    def _offer_lesson(self) -> None:
        """On the first start, a guided first game is offered (once: it stays in the menu)."""
        settings = self.host.settings
        if not self.offer_lesson or settings.lesson_offered:
            return
        self.offer_lesson, settings.lesson_offered = False, True
        self.host.save_settings()
        _ = self.host.gettext
        self.host.stack.push(
            self.host.scene(
                "confirm",
                _("New to UNO Table? A guided first game shows you how to play."),
                _("Learn to play"),
                _("Not now"),
                lambda: self.choose("learn"),
                default="yes",  # what a new player came for; Esc is still "Not now"
            )
        )

    def _offer_rejoin(self) -> None:
        """At start-up, a player whose online match was going on when the game
        closed is asked whether to go back to it (the lesson, if offered, comes first)."""
        if not self.offer_rejoin or self.host.stack.top is not self:
            return
        self.offer_rejoin = False
        last = last_table(self.host)
        if last is None:
            return
        url, code = last
        _ = self.host.gettext
        self.host.stack.push(
            self.host.scene(
                "confirm",
                _("Your online match at table {code} may still be going on. Rejoin it?").format(
                    code=code
                ),
                _("Rejoin"),
                _("Not now"),
                lambda: join_table(self.host, url, code),
            )
        )

    def resume(self) -> None:
        self.menu.buttons[1].enabled = saved_game.exists(self.host.data)
        if not self.menu.buttons[self.menu.focus].enabled:
            self.menu.focus = 0
        self.messages += self.host.notices()  # each problem with the user's files, once

    def update(self, dt: float) -> None:
        for fan in self.fans:
            fan.update(dt)
        if self.checking is not None and self.checking.done:
            self.wait_for_check()

    def files_taken_over(self) -> None:
        self.resume()  # Continue as the files have it, and the notice said

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._ask_quit()  # a hasty Esc does not close the game
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.messages:
            self.messages = []  # read: out of the way
        if self.checking is not None:
            return  # a choice waits for the check; the hint says so
        key = self.menu.handle(event)
        if key is not None:
            self.choose(key)

    def _ask_quit(self) -> None:
        _ = self.host.gettext
        self.host.stack.push(
            self.host.scene("confirm", _("Quit UNO Table?"), _("Quit"), _("Stay"), self.host.quit)
        )

    def choose(self, key: str) -> None:
        if key == "new" and saved_game.exists(self.host.data):
            self._check("new")
        elif key == "new":
            self._new_game()
        elif key == "continue":
            self._check("continue")
        elif key == "online":
            self.host.stack.push(self.host.scene("online"))
        elif key == "learn":
            self.host.stack.push(self.host.scene("learn", self.host.theme_id))
        elif key == "rules":
            self.host.stack.push(self.host.scene("rules", self.host.theme_id))
        elif key == "settings":
            self.host.stack.push(self.host.scene("settings"))
        elif key == "stats":
            self.host.stack.push(self.host.scene("statistics"))
        elif key == "quit":
            self.host.quit()

    def wait_for_check(self) -> None:
        """Until the saved match is checked, then on to what was chosen (tests call it)."""
        if self.checking is not None:
            saved, then = self.checking.result(), self.then
            self.checking = None
            self._checked(saved, then)

    def _new_game(self) -> None:
        self.host.stack.push(self.host.scene("setup"))

    def _check(self, then: str) -> None:
        data = self.host.data

        def check() -> SavedMatch | None:
            saved = saved_game.load(data)
            if saved is not None and then == "continue":
                scene_class("table")  # its modules imported here, not in the opening frame
            return saved

        self.checking, self.then = Background(check, "check-save", keep=then == "continue"), then

    def _checked(self, saved: SavedMatch | None, then: str) -> None:
        if saved is None:  # missing, or damaged: set aside, and the notice says so
            self.resume()
            if then == "new":
                self._new_game()
        elif then == "new":
            self._ask_to_abandon(saved)
        else:
            self._continue(saved)

    def _ask_to_abandon(self, saved: SavedMatch) -> None:
        _ = self.host.gettext
        names = opponents(saved)
        question = (
            _("Abandon your match against {names}?").format(names=_listed(self.host, names))
            if names
            else _("Abandon the match in progress?")  # people only, at one computer
        )
        self.host.stack.push(
            self.host.scene(
                "confirm", question, _("Abandon it: new game"), _("Keep it"), self._new_game
            )
        )

    def _continue(self, saved: SavedMatch) -> None:
        # At the speed the player has now (Settings, or the table's speed button).
        setup = replace(saved.setup, speed=self.host.settings.speed)
        self.host.stack.push(self.host.scene("table", setup, saved=saved))

    def draw(self, surface: pygame.Surface) -> None:
        _ = self.host.gettext
        for button in self.menu.buttons:
            button.label = _(dict(ENTRIES)[button.key])
        style = self.host.style(self.host.theme_id)
        title_backdrop(surface, style)
        w, h = surface.get_size()
        title = pygame.Rect(0, 0, style.px(520), style.px(120))
        title.midtop = (w // 2, style.px(40))
        title_panel(surface, style, title, alpha=230)
        style.blit_text(
            surface,
            "UNO Table",
            56,
            (title.centerx, title.centery - style.px(12)),
            style.accent_rgb,
            "center",
        )
        theme = _("{theme} theme").format(theme=style.manifest.name(self.host.i18n.language))
        style.blit_text(
            surface, theme, 20, (title.centerx, title.bottom - style.px(10)), anchor="midbottom"
        )
        # Finger-sized rows on any window (a portrait tablet's scale is small), between
        # the title (and the read-only banner) and the line at the foot: the rows
        # shrink together only where the window has not room for them all.
        self.menu.height = max(48, min_target_px((w, h)) / style.scale)
        top = title.bottom + style.px(10)
        if not self.host.data.owner:  # said for as long as it lasts, not once
            words = _("Read-only: another window has your match. Nothing is saved here.")
            font = style.font(style.font_px(18))
            top -= style.px(2)
            for line in wrap(words, font, w - style.px(40)):  # a small window: two lines
                at = (w // 2, top)
                top = style.label(surface, line, 18, at, style.accent_rgb, "midtop").bottom
                top += style.px(4)
            top += style.px(6)
        if self.messages:  # in place of the hint
            foot = self._draw_messages(surface, style)
        else:
            hint = (
                _("Checking your saved match...")
                if self.checking is not None
                else _(for_device(self.host, HOW))
            )
            foot = style.label(
                surface, hint, 18, (w // 2, h - style.px(40)), style.text_rgb, "midbottom"
            )
        bottom = foot.top - style.px(10)
        self.menu.layout((w // 2, (top + bottom) // 2), style, max(1, bottom - top))
        self._draw_fans(surface, style, title)
        self.menu.draw(surface, style)

    def _draw_fans(self, surface: pygame.Surface, style, title: pygame.Rect) -> None:  # noqa: ANN001
        """The theme's cards fanned in the room either side of the menu's column, or in
        a tall window, one fan between the title and the menu."""
        w, h = surface.get_size()
        top = self.menu.buttons[0].rect.top
        if h > w:
            room = pygame.Rect(0, title.bottom + style.px(10), w, top - title.bottom - style.px(20))
            self.fans[0].draw(surface, style, room.inflate(-w // 2, 0))
            return
        side = (w - style.px(360)) // 2
        if side <= 0:
            return
        left = pygame.Rect(0, style.px(160), side, h - style.px(260))
        self.fans[0].draw(surface, style, left)
        self.fans[1].draw(surface, style, left.move(w - side, 0))

    def _draw_messages(self, surface: pygame.Surface, style) -> pygame.Rect:  # noqa: ANN001
        w, h = surface.get_size()
        font = style.font(style.font_px(18))
        lines = [
            line for message in self.messages for line in wrap(message, font, w - style.px(80))
        ]
        box = pygame.Rect(
            style.px(20), 0, w - style.px(40), len(lines) * font.get_linesize() + style.px(16)
        )
        box.bottom = h - style.px(6)
        style.panel(surface, box, 245, border=style.accent_rgb)
        for i, line in enumerate(lines):
            style.blit_text(
                surface,
                line,
                18,
                (box.x + style.px(20), box.y + style.px(8) + i * font.get_linesize()),
            )
        return box
