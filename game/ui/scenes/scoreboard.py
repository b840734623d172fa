"""After a round: every hand shown and counted, the match table, and the winner
celebrated; then the next round or the menu."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.engine.scoring import standings
from game.i18n import N_, NN_
from game.ui.round_end import MATCH, POINTS, RoundEnd
from game.ui.scene import Host, Scene
from game.ui.style import fitted, shrunk
from game.ui.widgets.button import Button
from game.ui.widgets.celebration import Celebration
from game.ui.widgets.podium import Standing, draw_podium
from game.ui.widgets.title_style import heading_fans, title_backdrop, title_heading, title_panel
from game.ui.win_words import match_won

MAX_MINI_CARDS = 14
AUTOPLAY_NEXT = 5.0  # seconds before a table of computers deals on by itself (at 1x)
RISE = 0.7  # seconds the podium's steps take to rise
READ_FIRST = 1.0  # seconds a match's results are up before Enter leaves them
TALLY = 1.4  # seconds for the losers' cards to count into the winner's points (at 1x)
HEADING = NN_(
    "Round {n} · the first to reach {target} point wins the match",
    "Round {n} · the first to reach {target} points wins the match",
)
HEADING_LOWEST = NN_(
    "Round {n} · once someone reaches {target} point, the lowest total wins",
    "Round {n} · once someone reaches {target} points, the lowest total wins",
)
COLUMNS = (N_("Player"), N_("Cards left"), N_("Hand"), N_("Round"), N_("Total"))


class ScoreboardScene(Scene):
    def __init__(self, host: Host, end: RoundEnd, counted: bool = False) -> None:
        """`counted`: the round's points were just counted in at the table (no tally here)."""
        super().__init__(host)
        self.end = end
        result = end.result
        self.hands = list(result.hands)
        self.points = result.hand_points
        self.gained = result.gained
        self.before = result.before
        self.totals = result.totals
        self.winner = result.winner
        self.match_over = result.match_over
        self.match_winners = result.match_winners
        self.buttons: list[Button] = []
        # "You" when one person plays (or in a replay of their game): the headline
        # speaks to them, and only their own win is celebrated.
        self.you = end.you
        self.won = self.you is not None and (
            self.you in self.match_winners if self.match_over else self.winner == self.you
        )
        # A match won is celebrated in the theme's way, for the person who won it or
        # for a table watched; a person who lost sees the standings calmly.
        celebrate = self.match_over and (self.won or self.you is None)
        self.celebration = Celebration(self.style) if celebrate else None
        # The tally: 0 -> 1 as each hand's points fly into the round's gain.
        self.tally = 0.0
        counting = not (host.deterministic or counted)
        self.tally_time = TALLY * max(end.pace, 0.0) if counting else 0.0
        self.mouse = (-1, -1)
        self.focus = 0  # the button Enter takes at a match's end: the menu, at first
        self.shown = 0.0  # seconds the results have been up
        # With nobody at the table (autoplay) the match goes on by itself, except in
        # virtual time, where a screenshot or test decides when to go on.
        watched = end.setup.humans or host.deterministic
        self.auto_next = None if watched else AUTOPLAY_NEXT * max(end.pace, 0.25)

    @property
    def style(self):  # noqa: ANN201 - the theme's Style
        return self.host.style(self.end.setup.theme)

    def _layout(self, size: tuple[int, int]) -> None:
        s = self.style
        w, h = size
        _ = self.host.gettext
        # At a match's end a new match is a deliberate choice: its own key (N), a click,
        # or Enter once chosen with the arrows; Enter at first goes to the menu, and
        # only once the results have been up a moment (a key mashed at the table's
        # last move does not skip them).
        first = ("menu", _("Menu")) if self.match_over else ("next", _("Next round"))
        second = ("new", _("New game (N)")) if self.match_over else ("menu", _("Menu"))
        keys = (pygame.K_ESCAPE, pygame.K_n) if self.match_over else (pygame.K_RETURN,) * 2
        bw, bh = s.px(240), s.touch(54)
        y = h - bh - s.px(20)
        self.buttons = [
            Button(
                first[0],
                first[1],
                pygame.Rect(w // 2 - bw - s.px(10), y, bw, bh),
                primary=not self.match_over,
                hotkey=keys[0],
                max_w=w // 2 - s.px(30),
                anchor="midright",
            ),
            Button(
                second[0],
                second[1],
                pygame.Rect(w // 2 + s.px(10), y, bw, bh),
                primary=self.match_over,
                hotkey=pygame.K_ESCAPE if not self.match_over else keys[1],
                max_w=w // 2 - s.px(30),
                anchor="midleft",
            ),
        ]

    def handle(self, event: pygame.event.Event) -> None:
        self._layout(self.host.size)
        key = None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = next((b.key for b in self.buttons if b.hit(event.pos)), None)
        elif event.type == pygame.KEYDOWN and self.match_over:
            key = self._match_end_key(event.key)
        elif event.type == pygame.KEYDOWN:
            key = next((b.key for b in self.buttons if b.hotkey == event.key), None)
        if key is not None:
            self._choose(key)

    def _match_end_key(self, key: int) -> str | None:
        """At a match's end: arrows choose a button, Enter takes the chosen one once
        the results have been read a moment; Esc and N are their buttons' own keys."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = 1 - self.focus
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.buttons[self.focus].key if self.shown >= READ_FIRST else None
        return next((b.key for b in self.buttons if b.hotkey == key), None)

    def _choose(self, key: str) -> None:
        if key == "next":
            self.host.stack.pop()
            self.end.next_round()
        elif key == "menu":
            self.host.stack.reset(self.host.scene("menu"))
        elif key == "new":
            self.host.stack.reset(self.host.scene("menu"))
            # A new game deals afresh: the last match's seed is not reused.
            self.host.stack.push(self.host.scene("setup", replace(self.end.setup, seed=None)))

    def update(self, dt: float) -> None:
        self.shown += dt
        self.tally = 1.0 if self.tally_time <= 0 else min(1.0, self.tally + dt / self.tally_time)
        if self.tally >= 1 or self.match_over:  # the points counted; the podium up
            self.end.words.say(POINTS, MATCH)
        if self.auto_next is not None and not self.match_over:
            self.auto_next -= dt
            if self.auto_next <= 0:
                self._choose("next")
                return
        if self.celebration is not None:
            self.celebration.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.style
        self._layout(surface.get_size())
        title_backdrop(surface, s)
        w, h = surface.get_size()
        panel = pygame.Rect(s.px(30), s.px(20), w - s.px(60), h - s.px(110))
        title_panel(surface, s, panel)
        # A win shines in the accent colour; a loss is told calmly, in plain text.
        colour = s.accent_rgb if self.won or self.you is None else s.text_rgb
        room = panel.w - s.px(20)
        headline = self._headline()
        size = shrunk(s, headline, 34, room)
        at = (w // 2, panel.y + s.px(14))
        title = title_heading(surface, s, headline, size, at, "midtop", colour)
        heading = self._heading()
        under = s.blit_text(
            surface,
            heading,
            shrunk(s, heading, 20, room),
            (w // 2, panel.y + s.px(68)),
            s.muted_rgb,
            "midtop",
        )
        inside = panel.inflate(-s.px(30), 0)
        # The theme's cards either side of the two heading lines, clear of the rows or
        # the podium below (where long headings leave them room).
        below = pygame.Rect(panel.x, panel.y + s.px(96), panel.w, panel.h)
        heading_fans(surface, s, title.union(under), panel.inflate(-s.px(16), -s.px(16)), [below])
        if self.match_over:
            area = pygame.Rect(inside.x, panel.y + s.px(100), inside.w, 0)
            area.h = panel.bottom - s.px(14) - area.y
            self._podium(surface, area)
        else:
            self._rows(surface, inside, panel.y + s.px(100))
        for i, button in enumerate(self.buttons):
            chosen = self.match_over and i == self.focus
            button.draw(surface, s, button.rect.collidepoint(self.mouse), chosen)
        if self.celebration is not None:
            self.celebration.draw(surface, s)

    def standings(self) -> list[Standing]:
        """The match's final standings, in the engine's order."""
        names, totals = self.end.names, self.totals
        return [
            Standing(place, seat, names[seat], totals[seat])
            for place, seat in standings(totals, self.end.setup.scoring)
        ]

    def _podium(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ngettext = self.host.i18n.ngettext

        def words(n: int) -> str:
            return ngettext("{n} point", "{n} points", n).format(n=n)

        rise = min(1.0, self.shown / RISE)
        eased = 1 - (1 - rise) ** 3
        draw_podium(surface, self.style, area, self.standings(), words, eased)

    def _heading(self) -> str:
        """The round and how the match is won, said as a person would."""
        setup, n = self.end.setup, self.end.round_number
        lowest = setup.scoring == "alternative"
        forms = HEADING_LOWEST if lowest else HEADING
        said = self.host.i18n.ngettext(*forms, setup.target)
        return self.end.with_deal(said.format(n=n, target=setup.target))

    def _headline(self) -> str:
        """Its own sentence when "you" are the subject (the verb changes with the person)."""
        names, _, you = self.end.names, self.host.gettext, self.you
        if self.match_over:
            return match_won(self.match_winners, names, you, _)
        if self.winner is None:
            return _("The round ends without a winner")
        if self.end.setup.scoring == "alternative":
            if self.winner == you:
                return _("You went out: the others add what is left in hand")
            return _("{who} went out: the others add what is left in hand").format(
                who=names[self.winner]
            )
        gained = self.totals[self.winner] - self.before[self.winner]
        ngettext = self.host.i18n.ngettext
        if self.winner == you:
            mine = ngettext(
                "You win the round: +{n} point", "You win the round: +{n} points", gained
            )
            return mine.format(n=gained)
        theirs = ngettext(
            "{who} wins the round: +{n} point", "{who} wins the round: +{n} points", gained
        )
        return theirs.format(who=names[self.winner], n=gained)

    def _rows(self, surface: pygame.Surface, area: pygame.Rect, top: int) -> None:
        s = self.style
        n = len(self.hands)
        names = self.end.names
        row_h = min(s.px(92), (area.bottom - top - s.px(34)) // n)
        card_h = max(8, row_h - s.px(8))
        card_w = round(card_h * 2 / 3)
        cols = self._columns(area, names)
        for label, x in zip(COLUMNS, cols, strict=True):
            s.blit_text(surface, self.host.gettext(label), 18, (x, top), s.muted_rgb)
        leaders = set(self.match_winners) or ({self.winner} if self.winner is not None else set())
        for seat, hand in enumerate(self.hands):
            y = top + s.px(28) + seat * row_h
            if seat in leaders:
                pygame.draw.rect(
                    surface,
                    s.accent_rgb,
                    (area.x - s.px(8), y, area.w + s.px(16), row_h - s.px(4)),
                    3,
                    border_radius=s.px(8),
                )
            mid = y + (row_h - s.px(4)) // 2
            name = fitted(s, names[seat], 20, cols[1] - cols[0] - s.px(10))
            s.blit_text(surface, name, 20, (cols[0], mid), anchor="midleft")
            more = s.text("+99", 18).get_width() + s.px(6)  # "+5" after the cards shown
            room = cols[2] - s.px(10) - cols[1] - card_w - more
            most = max(1, min(MAX_MINI_CARDS, 1 + int(room / (card_w * 0.7))))
            for i, card in enumerate(hand[:most]):
                image = s.card(card.text, (card_w, card_h))
                surface.blit(image, (cols[1] + i * (card_w * 0.7), y + s.px(2)))
            if len(hand) > most:
                s.blit_text(
                    surface,
                    f"+{len(hand) - most}",
                    18,
                    (round(cols[1] + (most - 1) * card_w * 0.7 + card_w + s.px(4)), mid),
                    anchor="midleft",
                )
            gained = round(self.gained[seat] * self.tally)
            left = round(self.points[seat] * (1 - self.tally)) if seat != self.winner else 0
            counting = 0 < self.tally < 1 and (seat == self.winner or left > 0)
            colour = s.accent_rgb if counting else None
            for text, x in (
                (str(left if counting else self.points[seat]), cols[2]),
                (f"+{gained}", cols[3]),
                (str(self.before[seat] + gained), cols[4]),
            ):
                s.blit_text(surface, text, 20, (x, mid), colour, anchor="midleft")

    def _columns(self, area: pygame.Rect, names: Sequence[str]) -> tuple[int, ...]:
        """Where each column starts: the three figures from the right, each as wide as
        its heading or its widest number; the names as wide as the widest (a third of
        the row at most); the cards left between."""
        s, _ = self.style, self.host.gettext
        gap = s.px(16)
        figures = [
            max(s.text(_(label), 18).get_width(), s.text("+9999", 20).get_width())
            for label in COLUMNS[2:]
        ]
        right = area.right
        starts: list[int] = []
        for width in reversed(figures):
            right -= width
            starts.insert(0, right)
            right -= gap
        widest = max(s.text(name, 20).get_width() for name in [_(COLUMNS[0]), *names])
        cards = area.x + min(widest, area.w // 3) + gap
        return (area.x, cards, *starts)
