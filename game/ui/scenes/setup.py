"""New game: theme, seats (person or computer, difficulty, name), house options
starting from the theme's preset, scoring and target. Each control is a button
that cycles its value; a seat's name is typed after clicking it."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine import RuleSet
from game.i18n import N_
from game.table import (
    LEVELS,
    NAMES,
    SCORINGS,
    GameSetup,
    SeatKind,
    SeatSetup,
    default_setup,
    setup_from_data,
    setup_to_data,
)
from game.ui.scene import Host, Scene
from game.ui.style import Style, wrap
from game.ui.widgets.button import Button

TARGETS = (100, 200, 300, 500, 750, 1000)
# Values shown in the player's language: catalog entries for what the buttons display.
WORDS = (
    N_("You"),
    N_("standard"),
    N_("alternative"),
    N_("Random"),
    N_("Easy"),
    N_("Normal"),
    N_("Hard"),
    N_("Expert"),
)


def _cycle(values: tuple, current: object, step: int = 1) -> object:
    return values[(values.index(current) + step) % len(values)]


class SetupScene(Scene):
    def __init__(self, host: Host, setup: GameSetup | None = None) -> None:
        super().__init__(host)
        self.setup = setup or self._remembered()
        self.editing: int | None = None
        self.focus = 0  # the control the keyboard acts on
        self.mouse = (-1, -1)
        self.buttons: list[Button] = []

    # -- the set-up as data ------------------------------------------------------------

    def _remembered(self) -> GameSetup:
        """The last game's set-up, or the defaults with the player's name and speed."""
        settings = self.host.settings
        try:
            if settings.last_setup is not None:
                last = setup_from_data(settings.last_setup)
                if last.theme in self._themes():
                    return replace(last, seed=None)
        except (KeyError, TypeError, ValueError):
            pass  # an old or odd set-up: start from the defaults
        pack = self.host.catalog.choose(self.host.theme_id)
        setup = default_setup(
            pack.id, pack.manifest.preset if pack.manifest else "classic", speed=settings.speed
        )
        name = settings.player_name
        you = replace(setup.seats[0], name=self.host.gettext(name) if name == "You" else name)
        return replace(setup, seats=(you, *setup.seats[1:]))

    def _themes(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.host.catalog.available())

    def _set_theme(self, theme: str) -> None:
        pack = self.host.catalog.choose(theme)
        preset = pack.manifest.preset if pack.manifest else "classic"
        self.setup = replace(self.setup, theme=pack.id, rules=RuleSet.preset(preset))
        self.host.set_theme(pack.id)

    def _set_players(self, players: int) -> None:
        seats = list(self.setup.seats[:players])
        while len(seats) < players:
            seats.append(SeatSetup(NAMES[len(seats)], SeatKind.BOT))
        self.setup = replace(self.setup, seats=tuple(seats))

    def _set_seat(self, seat: int, **changes: object) -> None:
        seats = list(self.setup.seats)
        seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
        self.setup = replace(self.setup, seats=tuple(seats))

    # -- controls ----------------------------------------------------------------------

    def _layout(self) -> list[Button]:
        s = self.host.style(self.setup.theme)
        w, h = self.host.size
        setup, rules = self.setup, self.setup.rules
        col_w, row_h, gap = s.px(380), s.px(40), s.px(6)
        left, top = s.px(40), s.px(90)
        out = []
        _ = self.host.gettext
        manifest = self.host.catalog.choose(setup.theme).manifest
        theme_name = manifest.name(self.host.i18n.language) if manifest else setup.theme
        general = [
            ("theme", _("Theme: {theme}").format(theme=theme_name)),
            ("players", _("Players: {n}").format(n=setup.players)),
            ("scoring", _("Scoring: {scoring}").format(scoring=_(setup.scoring))),
            ("target", _("Target: {n}").format(n=setup.target)),
        ]
        general += [
            (
                f"opt:{option.name}",
                _("{option}: {state}").format(
                    option=_(option.label),
                    state=_("on") if getattr(rules, option.name) else _("off"),
                ),
            )
            for option in RuleSet.house_options()
        ]
        for i, (key, label) in enumerate(general):
            out.append(
                Button(
                    key,
                    label,
                    pygame.Rect(left, top + i * (row_h + gap), col_w, row_h),
                    text_size=18,
                )
            )
        x2 = left + col_w + s.px(40)
        seat_h = min(row_h, (h - top - s.px(100)) // setup.players - gap)
        for i, seat in enumerate(setup.seats):
            y = top + i * (seat_h + gap)
            name = seat.name + ("_" if self.editing == i else "")
            out.append(
                Button(
                    f"name:{i}",
                    name,
                    pygame.Rect(x2, y, s.px(200), seat_h),
                    text_size=18,
                    glow=self.editing == i,
                )
            )
            kind = _("Person") if seat.human else _("Computer")
            out.append(
                Button(
                    f"kind:{i}",
                    kind,
                    pygame.Rect(x2 + s.px(210), y, s.px(150), seat_h),
                    text_size=18,
                )
            )
            if not seat.human:  # a person has no difficulty: no button to puzzle over
                out.append(
                    Button(
                        f"level:{i}",
                        _(seat.level.title()),
                        pygame.Rect(x2 + s.px(370), y, s.px(130), seat_h),
                        text_size=18,
                    )
                )
        bw = s.px(220)
        out.append(
            Button(
                "start",
                _("Start"),
                pygame.Rect(w - bw - s.px(40), h - s.px(80), bw, s.px(56)),
                primary=True,
                hotkey=pygame.K_RETURN,
            )
        )
        out.append(
            Button(
                "back",
                _("Back"),
                pygame.Rect(w - 2 * bw - s.px(60), h - s.px(80), bw, s.px(56)),
                hotkey=pygame.K_ESCAPE,
            )
        )
        return out

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons = self._layout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            self.editing = None if hit is None or not hit.key.startswith("name") else self.editing
            if hit is not None:
                self._press(hit.key, 1 if event.button == 1 else -1)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            name = self.setup.seats[self.editing].name
            if event.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
                self.editing = None
            elif event.key == pygame.K_BACKSPACE:
                self._set_seat(self.editing, name=name[:-1])
            elif event.unicode and event.unicode.isprintable() and len(name) < 12:
                self._set_seat(self.editing, name=name + event.unicode)
            return
        hit = next((b for b in self.buttons if b.hotkey == event.key), None)
        if hit is not None:
            self._press(hit.key, 1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._move_focus(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_LEFT) and self.buttons:
            # Space or Right moves the focused setting on, Left moves it back.
            self._press(self.buttons[self.focus].key, -1 if event.key == pygame.K_LEFT else 1)

    def _move_focus(self, step: int) -> None:
        count = len(self.buttons)
        for _ in range(count):
            self.focus = (self.focus + step) % count
            if self.buttons[self.focus].enabled:
                return

    def _press(self, key: str, step: int) -> None:  # noqa: C901 - one branch per control
        name, _, arg = key.partition(":")
        setup = self.setup
        if name == "theme":
            self._set_theme(str(_cycle(self._themes(), setup.theme, step)))
        elif name == "players":
            self._set_players((setup.players - 2 + step) % 9 + 2)
        elif name == "scoring":
            self.setup = replace(setup, scoring=str(_cycle(SCORINGS, setup.scoring, step)))
        elif name == "target":
            target = setup.target if setup.target in TARGETS else 500
            self.setup = replace(setup, target=int(_cycle(TARGETS, target, step)))  # type: ignore
        elif name == "opt":
            rules = setup.rules.replace(**{arg: not getattr(setup.rules, arg)})
            self.setup = replace(setup, rules=rules)
        elif name == "name":
            self.editing = int(arg)
        elif name == "kind":
            self._set_seat(
                int(arg), kind=SeatKind.BOT if setup.seats[int(arg)].human else SeatKind.HUMAN
            )
        elif name == "level":
            seat = setup.seats[int(arg)]
            self._set_seat(int(arg), level=_cycle(LEVELS, seat.level, step))
        elif name == "start":
            self._start()
        elif name == "back":
            self.host.stack.pop()

    def _start(self) -> None:
        from game.ui.scenes.table import TableScene

        seats = tuple(
            replace(s, name=s.name.strip() or NAMES[i]) for i, s in enumerate(self.setup.seats)
        )
        chosen = replace(self.setup, seats=seats)
        self.host.settings.last_setup = setup_to_data(replace(chosen, seed=None))
        self.host.save_settings()
        self.host.stack.replace(TableScene(self.host, chosen))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.host.style(self.setup.theme)
        surface.blit(s.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        s.panel(surface, pygame.Rect(s.px(20), s.px(14), w - s.px(40), h - s.px(28)), 225)
        _ = self.host.gettext
        s.blit_text(surface, _("New game"), 34, (s.px(40), s.px(28)), s.accent_rgb)
        hint = _(
            "Click or Space to change (right-click, Left: back). Arrows move. Click a "
            "name to type it."
        )
        # Beside the title when it fits there, otherwise above the Start and Back buttons.
        font = s.font(s.font_px(18))
        lines = wrap(hint, font, w - s.px(300))
        if len(lines) > 1:
            lines = wrap(hint, font, w - s.px(600) - s.px(60))
            y = h - s.px(90) - len(lines) * font.get_linesize()
            x = w - s.px(40) - font.size(max(lines, key=lambda ln: font.size(ln)[0]))[0]
        else:
            x, y = s.px(250), s.px(40)
        for i, line in enumerate(lines):
            s.blit_text(surface, line, 18, (x, y + i * font.get_linesize()), s.text_rgb)
        self.buttons = self._layout()
        self.focus = min(self.focus, len(self.buttons) - 1)
        for i, b in enumerate(self.buttons):
            b.draw(surface, s, b.rect.collidepoint(self.mouse), i == self.focus)
        self._option_help(surface, s)

    def _option_help(self, surface: pygame.Surface, s: Style) -> None:
        """What the house option under the mouse (or the keyboard's focus) does, in one
        sentence at the foot of the screen, beside Start and Back."""
        pointed = next((b for b in self.buttons if b.rect.collidepoint(self.mouse)), None)
        button = pointed or (self.buttons[self.focus] if self.buttons else None)
        if button is None or not button.key.startswith("opt:"):
            return
        name = button.key.partition(":")[2]
        option = next((o for o in RuleSet.house_options() if o.name == name), None)
        if option is None:
            return
        w, h = surface.get_size()
        font = s.font(s.font_px(18))
        width = w - s.px(40) - (2 * s.px(220) + s.px(100))
        lines = wrap(self.host.gettext(option.text), font, width)[:3]
        box = pygame.Rect(
            s.px(30), 0, width + s.px(20), len(lines) * font.get_linesize() + s.px(12)
        )
        box.bottom = h - s.px(24)
        s.panel(surface, box, 240, border=s.accent_rgb)
        for i, line in enumerate(lines):
            s.blit_text(
                surface, line, 18, (box.x + s.px(10), box.y + s.px(6) + i * font.get_linesize())
            )
