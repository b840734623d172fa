"""New game: theme, seats (person or computer, difficulty, name), house options
starting from the theme's preset, scoring and target. Each control is a button
that cycles its value; a seat's name is typed after clicking it."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine import RuleSet
from game.engine.kinds import KINDS
from game.i18n import N_
from game.limits import DEFAULT_TARGET, PLAYER_COUNTS, SCORINGS, TARGET_CHOICES, Scoring
from game.table import (
    LEVELS,
    NAMES,
    GameSetup,
    SeatKind,
    SeatSetup,
    default_setup,
    setup_from_data,
    setup_to_data,
)
from game.table.seats import PLAYER, people_named, player_number
from game.ui import layout_record
from game.ui.focus import draw_focus_ring
from game.ui.layout_record import Kind
from game.ui.scene import Host, Scene
from game.ui.style import Style, wrap
from game.ui.widgets.button import Button
from game.ui.widgets.corner_note import READ_ONLY, corner_note
from game.ui.widgets.title_fan import TitleFan
from game.ui.widgets.title_style import small_fan, title_backdrop, title_heading, title_panel

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


# A word on what a control means, shown at the foot while it has the focus.
SCORING_TEXT = {
    Scoring.STANDARD: N_(
        "Standard scoring: the round's winner scores the cards left in the other hands; "
        "the first to reach the target wins the match."
    ),
    Scoring.ALTERNATIVE: N_(
        "Alternative scoring: everyone adds the cards left in their own hand; when "
        "someone reaches the target, the lowest total wins."
    ),
}
LEVEL_TEXT = {
    "random": N_("Random: plays any card it may, with no plan at all."),
    "easy": N_("Easy: loose and forgetful; lets half its good challenges go by."),
    "normal": N_("Normal: sound play on the cards it can see."),
    "hard": N_("Hard: watches who is about to go out, keeps its wilds and remembers the round."),
    "expert": N_(
        "Expert: looks a few turns ahead, guessing the hidden cards from all it has seen."
    ),
}
TARGET_TEXT = N_("Target: the points that win the match.")
NO_SPECIAL = N_("This theme has no special card: the classic deck of 108 cards.")
SPECIAL = N_("Special card: {text}")
KIND_TEXT = N_("Person: plays from this computer. Computer: a bot at the level beside it.")
HINT = N_(
    "Enter: start. Tab: next group; arrows move; Space or Left/Right change; "
    "right-click goes back. Click a name to type it."
)
# The focus moves group by group with Tab: the match, the seats, Back and Start.
GROUPS = (("theme", "players", "scoring", "target", "opt"), ("name", "kind", "level"))


SEAT_KEYS = ("name", "kind", "level")


def _cycle(values: tuple, current: object, step: int = 1) -> object:
    return values[(values.index(current) + step) % len(values)]


def _group(key: str) -> int:
    name = key.partition(":")[0]
    return next((i for i, names in enumerate(GROUPS) if name in names), len(GROUPS))


def rules_for_theme(rules: RuleSet, preset: str) -> tuple[RuleSet, list[str], list[str]]:
    """`preset`'s rules, keeping each house option the player had changed from
    `rules`' own preset; and the options the new preset set otherwise, and those kept."""
    was, new = RuleSet.preset(rules.name), RuleSet.preset(preset)
    changed, kept = [], []
    for option in RuleSet.house_options():
        mine = getattr(rules, option.name)
        if mine != getattr(was, option.name):
            new = new.replace(**{option.name: mine})
            kept.append(option.name)
        elif getattr(new, option.name) != mine:
            changed.append(option.name)
    return new, changed, kept


class SetupScene(Scene):
    def __init__(self, host: Host, setup: GameSetup | None = None) -> None:
        super().__init__(host)
        self.setup = setup or self._remembered()
        self.editing: int | None = None
        self.focus_key = "start"  # the control the keyboard acts on: Enter is ready at once
        self.notice = ""  # what a change of theme did to the house options
        self.mouse = (-1, -1)
        self.buttons: list[Button] = []
        # The title's fan, swaying beside the seats; dealt already (the title dealt it).
        self.fan = TitleFan(phase=1.0)
        self.fan.update(1.0)

    # -- the set-up as data ------------------------------------------------------------

    def _remembered(self) -> GameSetup:
        """The last game's set-up, or the defaults with the player's name and speed."""
        settings = self.host.settings
        try:
            if settings.last_setup is not None:
                last = setup_from_data(settings.last_setup)
                if last.theme in self._themes():
                    return self._in_theme_in_use(replace(last, seed=None))
        except (KeyError, TypeError, ValueError):
            pass  # an old or odd set-up: start from the defaults
        pack = self.host.catalog.choose(self.host.theme_id)
        setup = default_setup(
            pack.id, pack.manifest.preset if pack.manifest else "classic", speed=settings.speed
        )
        name = settings.player_name
        you = replace(setup.seats[0], name=self.host.gettext(name) if name == "You" else name)
        return replace(setup, seats=(you, *setup.seats[1:]))

    def _in_theme_in_use(self, setup: GameSetup) -> GameSetup:
        """The last set-up in the theme the menu shows (a `--theme`, or the one chosen
        since): the next new game's, with the player's own house options kept."""
        theme = self.host.theme_id
        if setup.theme == theme or theme not in self._themes():
            return setup
        manifest = self.host.catalog.choose(theme).manifest
        rules = rules_for_theme(setup.rules, manifest.preset if manifest else "classic")[0]
        return replace(setup, theme=theme, rules=rules)

    def _themes(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.host.catalog.available())

    def _set_theme(self, theme: str) -> None:
        """The theme's own rules, with the player's own house options kept; what changed
        is said at the foot of the screen, not done silently."""
        pack = self.host.catalog.choose(theme)
        preset = pack.manifest.preset if pack.manifest else "classic"
        rules, changed, kept = rules_for_theme(self.setup.rules, preset)
        self.setup = replace(self.setup, theme=pack.id, rules=rules)
        self.host.set_theme(pack.id)
        self.notice = self._theme_notice(pack.id, rules, changed, kept)

    def _theme_notice(self, theme: str, rules: RuleSet, changed: list[str], kept: list[str]) -> str:
        _ = self.host.gettext
        if not changed and not kept:
            return ""
        labels = {o.name: o.label for o in RuleSet.house_options()}

        def said(names: list[str]) -> str:
            return ", ".join(
                _("{option}: {state}").format(
                    option=_(labels[n]), state=_("on") if getattr(rules, n) else _("off")
                )
                for n in names
            )

        parts = []
        if changed:
            parts.append(
                _("{theme}'s own rules: {options}.").format(
                    theme=self._theme_name(theme), options=said(changed)
                )
            )
        if kept:
            parts.append(_("Kept from your set-up: {options}.").format(options=said(kept)))
        return " ".join(parts)

    def _theme_name(self, theme: str) -> str:
        manifest = self.host.catalog.choose(theme).manifest
        return manifest.name(self.host.i18n.language) if manifest else theme

    def _set_players(self, players: int) -> None:
        seats = list(self.setup.seats[:players])
        while len(seats) < players:
            seats.append(SeatSetup(NAMES[len(seats)], SeatKind.BOT))
        self.setup = replace(self.setup, seats=tuple(seats))

    def _set_seat(self, seat: int, **changes: object) -> None:
        seats = list(self.setup.seats)
        seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
        self.setup = replace(self.setup, seats=self._people_named(tuple(seats)))

    def _people_named(self, seats: tuple[SeatSetup, ...]) -> tuple[SeatSetup, ...]:
        """Said here, where it can be changed, not done silently when the match starts:
        with a second person at this computer "You" becomes "Player 1"; back to one
        person, their seat takes the player's name again."""
        _ = self.host.gettext
        people = [i for i, s in enumerate(seats) if s.human]
        if len(people) == 1 and player_number(seats[people[0]].name) is not None:
            name = self.host.settings.player_name
            mine = replace(seats[people[0]], name=_(name) if name == "You" else name)
            return (*seats[: people[0]], mine, *seats[people[0] + 1 :])
        return people_named(seats, _(PLAYER))

    # -- controls ----------------------------------------------------------------------

    def _layout(self) -> list[Button]:
        s = self.host.style(self.setup.theme)
        w, h = self.host.size
        setup, rules = self.setup, self.setup.rules
        # Rows close enough that the help box fits under the match column at 720p.
        col_w, row_h, gap = s.px(380), s.px(36), s.px(4)
        left, top = s.px(40), s.px(90)
        portrait = h > w  # a tablet on end: finger-sized rows, the seats under the match
        if portrait:
            row_h, gap = s.touch(36), s.px(6)
        elif h * 16 > w * 9:  # taller than 16:9 (a Deck's 1280x800): room for 9 mm rows
            row_h = s.touch(36)
        out = []
        _ = self.host.gettext
        theme_name = self._theme_name(setup.theme)
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
        # As wide as its longest label needs (a pixel font cannot shrink), up to 45%.
        widest = max(s.text(label, 18).get_width() for _key, label in general)
        col_w = min(max(col_w, widest + s.px(24)), int(w * 0.45))
        stretch = 1.0  # the seats' row, widened to the window's width in portrait
        if portrait:
            col_w, stretch = w - 2 * left, (w - 2 * left) / s.px(500)
        y = top
        for key, label in general:
            button = Button(key, label, pygame.Rect(left, y, col_w, row_h), text_size=18)
            while not button.fits(s) and button.rect.h < 3 * row_h:
                button.rect.h += 1  # one line at no size: two, in a row just tall enough
            out.append(button)
            y = button.rect.bottom + gap
        x2 = left + col_w + s.px(40)
        seat_h = min(row_h, (h - top - s.px(100)) // setup.players - gap)
        seats_top = top
        if portrait:
            x2, seats_top = left, y + s.px(20)
            seat_h = min(row_h, (h - seats_top - s.px(220)) // setup.players - gap)
        name_w, kind_w, level_w = self._seat_columns(s, w - s.px(40) - x2, stretch)
        for i, seat in enumerate(setup.seats):
            y = seats_top + i * (seat_h + gap)
            name = seat.name + ("_" if self.editing == i else "")
            out.append(
                Button(
                    f"name:{i}",
                    name,
                    pygame.Rect(x2, y, name_w, seat_h),
                    text_size=18,
                    glow=self.editing == i,
                )
            )
            kind = _("Person") if seat.human else _("Computer")
            out.append(
                Button(
                    f"kind:{i}",
                    kind,
                    pygame.Rect(x2 + name_w + s.px(10), y, kind_w, seat_h),
                    text_size=18,
                )
            )
            if not seat.human:  # a person has no difficulty: no button to puzzle over
                out.append(
                    Button(
                        f"level:{i}",
                        _(seat.level.title()),
                        pygame.Rect(x2 + name_w + kind_w + s.px(20), y, level_w, seat_h),
                        text_size=18,
                    )
                )
        bw, bh = s.px(220), s.touch(56)
        out.append(
            Button(
                "start",
                _("Start"),
                pygame.Rect(w - bw - s.px(40), h - s.px(24) - bh, bw, bh),
                primary=True,
                hotkey=pygame.K_RETURN,
            )
        )
        out.append(
            Button(
                "back",
                _("Back"),
                pygame.Rect(w - 2 * bw - s.px(60), h - s.px(24) - bh, bw, bh),
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
        elif event.key == pygame.K_TAB:
            self._next_group(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self._move_focus(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_LEFT) and self.buttons:
            # Space or Right moves the focused setting on, Left moves it back.
            self._press(self.focus_key, -1 if event.key == pygame.K_LEFT else 1)

    @property
    def focus(self) -> int:
        """The focused button's place in `buttons` (the first, if its key is gone)."""
        keys = [b.key for b in self.buttons]
        return keys.index(self.focus_key) if self.focus_key in keys else 0

    def _move_focus(self, step: int) -> None:
        count = len(self.buttons)
        at = self.focus
        for _ in range(count):
            at = (at + step) % count
            if self.buttons[at].enabled:
                self.focus_key = self.buttons[at].key
                return

    def _next_group(self, step: int) -> None:
        """Tab: the first control of the next group (the match, the seats, Back and
        Start), so Start is never more than a few presses away."""
        groups = len(GROUPS) + 1
        group = (_group(self.focus_key) + step) % groups
        first = next(b for b in self.buttons if _group(b.key) == group)
        self.focus_key = "start" if group == len(GROUPS) else first.key

    def _press(self, key: str, step: int) -> None:  # noqa: C901 - one branch per control
        name, _, arg = key.partition(":")
        setup = self.setup
        self.focus_key, self.notice = key, ""
        if name == "theme":
            self._set_theme(str(_cycle(self._themes(), setup.theme, step)))
        elif name == "players":
            counts = tuple(PLAYER_COUNTS)
            self._set_players(int(_cycle(counts, setup.players, step)))  # type: ignore[call-overload]
        elif name == "scoring":
            self.setup = replace(setup, scoring=str(_cycle(SCORINGS, setup.scoring, step)))
        elif name == "target":
            target = setup.target if setup.target in TARGET_CHOICES else DEFAULT_TARGET
            self.setup = replace(setup, target=int(_cycle(TARGET_CHOICES, target, step)))  # type: ignore
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
        seats = tuple(
            replace(s, name=s.name.strip() or NAMES[i]) for i, s in enumerate(self.setup.seats)
        )
        chosen = replace(self.setup, seats=seats)
        self.host.settings.last_setup = setup_to_data(replace(chosen, seed=None))
        self.host.save_settings()
        self.host.stack.replace(self.host.scene("table", chosen))

    def _seat_columns(self, s: Style, room: int, stretch: float) -> tuple[int, int, int]:
        """The widths of a seat's name, kind and level: each as wide as its longest
        word needs (a pixel font cannot shrink), the name taking what is left."""
        _ = self.host.gettext
        pad = s.px(24)

        def needs(words: list[str], least: int) -> int:
            return max(
                round(s.px(least) * stretch), *(s.text(w, 18).get_width() + pad for w in words)
            )

        kind_w = needs([_("Person"), _("Computer")], 150)
        level_w = needs([_(level.title()) for level in LEVELS], 130)
        name_w = max(s.px(90), min(round(s.px(200) * stretch), room - kind_w - level_w - s.px(20)))
        return name_w, kind_w, level_w

    def draw(self, surface: pygame.Surface) -> None:
        s = self.host.style(self.setup.theme)
        title_backdrop(surface, s)
        w, h = surface.get_size()
        panel = pygame.Rect(s.px(20), s.px(14), w - s.px(40), h - s.px(28))
        title_panel(surface, s, panel, alpha=225)
        _ = self.host.gettext
        heading = title_heading(surface, s, _("New game"), 34, (s.px(40), s.px(28)), "topleft")
        hint = _(HINT)
        self.buttons = self._layout()
        # Beside the title when it fits there, otherwise above Back and Start (the help
        # box at the foot ends left of them). A read-only copy says so beside the title.
        font = s.font(s.font_px(18))
        read_only = not self.host.data.owner
        lines = wrap(hint, font, w - s.px(300))
        if len(lines) > 1 or read_only:
            back = next(b.rect for b in self.buttons if b.key == "back")
            lines = wrap(hint, font, w - s.px(40) - back.x)
            x, y = back.x, back.y - s.px(8) - len(lines) * font.get_linesize()
            seats = [b.rect for b in self.buttons if b.key.partition(":")[0] in SEAT_KEYS]
            if y < max(r.bottom for r in seats) + s.px(8) and x < max(r.right for r in seats):
                lines = []  # no room under the seats (ten seats, a small window): the
                # keys are the usual ones, and the help box stays
        else:
            x, y = s.px(250), s.px(40)
        said = [
            s.blit_text(surface, line, 18, (x, y + i * font.get_linesize()), s.text_rgb)
            for i, line in enumerate(lines)
        ]
        # The theme's cards in the panel's top corner, where nothing else is.
        corner = (panel.right - s.px(70), panel.y + s.px(42))
        if read_only:
            fan = pygame.Rect(corner[0] - s.px(50), panel.y, s.px(100), s.px(80))
            at = (heading.right + s.px(24), heading.y + s.px(4))
            beside = [fan, *(b.rect for b in self.buttons)]
            said.append(corner_note(surface, s, _(READ_ONLY), at, beside))
        taken = [b.rect for b in self.buttons] + said
        # As on the title: the cards fanned out in the room beside the seats, where
        # there is room; else three in the corner.
        if self._big_fan(surface, s, self._fan_room(s, panel, heading, taken)) is None:
            small_fan(surface, s, corner, s.px(64), taken)
        focus = self.focus
        for i, b in enumerate(self.buttons):
            b.draw(surface, s, b.rect.collidepoint(self.mouse), i == focus)
        if self.buttons:
            draw_focus_ring(surface, s, self.buttons[focus].rect)
        self._help(surface, s)

    def update(self, dt: float) -> None:
        self.fan.update(dt)

    def _fan_room(
        self, s: Style, panel: pygame.Rect, heading: pygame.Rect, taken: list[pygame.Rect]
    ) -> pygame.Rect:
        """The larger free room for the fan: the column right of the seats, or the
        space under them (a few seats leave most of the page empty there)."""
        seats = [b.rect for b in self.buttons if b.key.partition(":")[0] in SEAT_KEYS]
        if not seats:
            return pygame.Rect(0, 0, 0, 0)
        right, gap = panel.right - s.px(30), s.px(20)
        beside = (max(r.right for r in seats) + s.px(30), heading.bottom + gap)
        under = (min(r.x for r in seats), max(r.bottom for r in seats) + gap)
        rooms = [
            _free_below(left, right, top, panel.bottom - gap, taken, gap)
            for left, top in (beside, under)
        ]
        return max(rooms, key=lambda room: min(room.size))

    def _big_fan(self, surface: pygame.Surface, s: Style, room: pygame.Rect) -> pygame.Rect | None:
        """The title's fan in `room` when it is big enough for cards that read as cards."""
        if min(room.w, room.h) < s.px(200):
            return None
        drawn = self.fan.draw(surface, s, room.inflate(-s.px(40), 0))
        if drawn is not None:
            layout_record.note("a fan of the theme's cards", Kind.PICTURE, drawn)
        return drawn

    def help_text(self) -> str:
        """A word on the control under the mouse (or the keyboard's focus): a house
        option, the scoring, the target, a level, the theme's special card. After a
        change of theme, what it did to the house options."""
        _ = self.host.gettext
        if self.notice:
            return self.notice
        pointed = next((b for b in self.buttons if b.rect.collidepoint(self.mouse)), None)
        key = pointed.key if pointed is not None else self.focus_key
        name, _sep, arg = key.partition(":")
        if name == "opt":
            option = next((o for o in RuleSet.house_options() if o.name == arg), None)
            return _(option.text) if option is not None else ""
        if name == "scoring":
            return _(SCORING_TEXT[Scoring(self.setup.scoring)])
        if name == "target":
            return _(TARGET_TEXT)
        if name == "level":
            return _(LEVEL_TEXT.get(self.setup.seats[int(arg)].level, ""))
        if name == "kind":
            return _(KIND_TEXT)
        special = self.setup.rules.special
        if special is None or special not in KINDS:
            return _(NO_SPECIAL)
        return _(SPECIAL).format(text=_(KINDS[special].rules_text))

    def _help(self, surface: pygame.Surface, s: Style) -> None:
        """The help text in a box at the foot of the screen, beside Back and Start."""
        words = self.help_text()
        if not words:
            return
        h = surface.get_height()
        font = s.font(s.font_px(18))
        back = next(b.rect for b in self.buttons if b.key == "back")
        width = back.x - s.px(50) - s.px(30)
        lines = wrap(words, font, width)[:5]
        box = pygame.Rect(
            s.px(30), 0, width + s.px(20), len(lines) * font.get_linesize() + s.px(12)
        )
        box.bottom = h - s.px(24)
        s.panel(surface, box, 240, border=s.accent_rgb)
        for i, line in enumerate(lines):
            s.blit_text(
                surface, line, 18, (box.x + s.px(10), box.y + s.px(6) + i * font.get_linesize())
            )


def _free_below(
    left: int, right: int, top: int, bottom: int, taken: list[pygame.Rect], gap: int
) -> pygame.Rect:
    """The room between `left` and `right` from `top` (moved below anything it starts
    in) down to the first of `taken` under it, `gap` clear of each."""
    column = sorted((r for r in taken if r.right > left and r.x < right), key=lambda r: r.y)
    for r in column:
        if r.y <= top < r.bottom + gap:
            top = r.bottom + gap
    bottom = min([bottom, *(r.y - gap for r in column if r.y >= top)])
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))
