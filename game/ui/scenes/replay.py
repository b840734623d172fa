"""A finished match, move by move: step, scrub, every hand face up (the match is
over, so nothing is hidden). "Watch at the table" plays it at the ordinary table."""

from __future__ import annotations

import pygame

from game.engine.actions import Action, ActionKind, Catch, ChooseColor, Play
from game.files.replay import Replay
from game.i18n import N_
from game.limits import Speed
from game.table import setup_from_data
from game.table.replay_cursor import ReplayCursor, ReplayMoment
from game.table.seats import YOU
from game.ui.focus import draw_focus_ring
from game.ui.scene import Host, Scene
from game.ui.style import Style, fitted, wrap
from game.ui.table.narration import card_name
from game.ui.widgets.button import Button
from game.ui.widgets.card_sprite import card_image

PLAY_STEP = 0.7  # seconds a move is shown while playing, at 1x
CONTROLS = (
    ("round_back", "|<"),
    ("back_one", "<"),
    ("play", ""),
    ("on_one", ">"),
    ("round_on", ">|"),
)
HINT = N_(
    "Left/Right: a move. Page Up/Down: a round. Space: play or pause. Drag the bar to "
    "jump. Esc: back."
)
# Each move in words, "you" (the seat still called "You") and anyone else: the verb
# changes with the person.
MOVES = {
    ActionKind.PLAY: (N_("You play {card}"), N_("{who} plays {card}")),
    ActionKind.DRAW: (N_("You draw"), N_("{who} draws")),
    ActionKind.PASS: (N_("You pass"), N_("{who} passes")),
    ActionKind.ACCEPT: (N_("You take the cards"), N_("{who} takes the cards")),
    ActionKind.CHALLENGE: (N_("You challenge"), N_("{who} challenges")),
    ActionKind.CATCH: (N_("You catch {caught}"), N_("{who} catches {caught}")),
    ActionKind.CHOOSE: (N_("You name {colour}"), N_("{who} names {colour}")),
}


class ReplayScene(Scene):
    def __init__(self, host: Host, kept: Replay) -> None:
        super().__init__(host)
        self.kept = kept
        self.setup = setup_from_data(kept.setup)
        self.cursor = ReplayCursor(self.setup, kept.rounds)
        self.moment = self.cursor.seek(0)
        self.playing = False
        self.waited = 0.0
        self.focus_key = "on_one"
        self.dragging = False
        self.mouse = (-1, -1)
        self.buttons: list[Button] = []
        self.bar = pygame.Rect(0, 0, 0, 0)

    # -- moving through the match -------------------------------------------------------

    def go(self, position: int) -> None:
        self.moment = self.cursor.seek(position)

    def step(self, moves: int) -> None:
        self.go(self.moment.position + moves)

    def by_round(self, step: int) -> None:
        """To the start of this round (or the one before, if already there), or the next."""
        starts = self.cursor.round_starts
        here = self.moment.position
        if step > 0:
            self.go(next((s for s in starts if s > here), self.cursor.total))
        else:
            self.go(max((s for s in starts if s < here), default=0))

    def press(self, key: str) -> None:
        self.focus_key = key
        if key == "play":
            self.playing = not self.playing and self.moment.position < self.cursor.total
        elif key == "watch":
            self._watch()
        elif key == "back":
            self.host.stack.pop()
        else:
            self.playing = False
            {
                "round_back": lambda: self.by_round(-1),
                "back_one": lambda: self.step(-1),
                "on_one": lambda: self.step(1),
                "round_on": lambda: self.by_round(1),
            }[key]()

    def _watch(self) -> None:
        from game.ui.replay_table import replay_scene  # the table, animated

        scene = replay_scene(self.host, self.kept)
        if scene is not None:
            self.host.stack.push(scene)

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        speed = Speed(self.host.settings.speed)
        self.waited += dt
        if self.waited >= PLAY_STEP * max(speed.factor, 0.1):
            self.waited = 0.0
            self.step(1)
            self.playing = self.moment.position < self.cursor.total

    def exit(self) -> None:
        self.cursor.close()

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons = self._layout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self._scrub(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.inflate(0, self.bar.h * 2).collidepoint(event.pos):
                self.dragging, self.playing = True, False
                self._scrub(event.pos[0])
                return
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            if hit is not None:
                self.press(hit.key)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        keys = {
            pygame.K_RIGHT: "on_one",
            pygame.K_LEFT: "back_one",
            pygame.K_PAGEDOWN: "round_on",
            pygame.K_PAGEUP: "round_back",
            pygame.K_SPACE: "play",
            pygame.K_w: "watch",
        }
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.host.stack.pop()
        elif key == pygame.K_HOME:
            self.playing = False
            self.go(0)
        elif key == pygame.K_END:
            self.playing = False
            self.go(self.cursor.total)
        elif key in keys:
            self.press(keys[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press(self.focus_key)
        elif key == pygame.K_TAB and self.buttons:
            order = [b.key for b in self.buttons]
            at = order.index(self.focus_key) if self.focus_key in order else 0
            self.focus_key = order[(at + 1) % len(order)]

    def _scrub(self, x: int) -> None:
        share = (x - self.bar.x) / max(1, self.bar.w)
        self.go(round(max(0.0, min(1.0, share)) * self.cursor.total))

    # -- drawing -------------------------------------------------------------------------

    def _layout(self) -> list[Button]:
        s = self.host.style(self.setup.theme)
        w, h = self.host.size
        _ = self.host.gettext
        bh, bw, gap = s.touch(46), s.touch(64), s.px(8)
        y = h - bh - s.px(20)
        x = s.px(40)
        out = []
        for key, label in CONTROLS:
            if key == "play":  # as wide as the longer of its two words needs
                label = _("Pause") if self.playing else _("Play")
                words = max(s.text(_(w), 22).get_width() for w in ("Play", "Pause"))
                width = max(s.px(120), words + s.px(24))
            else:
                width = bw
            out.append(Button(key, label, pygame.Rect(x, y, width, bh)))
            x += width + gap
        back = pygame.Rect(w - s.px(40) - s.px(160), y, s.px(160), bh)
        room = back.x - gap - x  # the controls' row ends where Watch may start
        watch_w = min(
            room, max(s.px(200), s.text(_("Watch at the table"), 22).get_width() + s.px(24))
        )
        watch = pygame.Rect(back.x - gap - watch_w, y, watch_w, bh)
        out.append(Button("watch", _("Watch at the table"), watch))
        out.append(Button("back", _("Back"), back, primary=True))
        self.bar = pygame.Rect(s.px(40), y - s.px(34), w - s.px(80), s.px(10))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        s = self.host.style(self.setup.theme)
        _ = self.host.gettext
        surface.blit(s.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        s.panel(surface, pygame.Rect(s.px(20), s.px(14), w - s.px(40), h - s.px(28)), 225)
        m = self.moment
        title = _("Replay: {when} · won by {names}").format(
            when=self.kept.when, names=", ".join(self.kept.winners)
        )
        s.blit_text(
            surface, fitted(s, title, 30, w - s.px(80)), 30, (s.px(40), s.px(24)), s.accent_rgb
        )
        where = _("Round {round} · move {n} of {total}").format(
            round=m.round_number, n=m.position, total=self.cursor.total
        )
        line = s.blit_text(surface, where, 20, (s.px(40), s.px(70)))
        said = self._last_move(m)
        if said:
            s.blit_text(surface, said, 20, (line.right + s.px(24), s.px(70)), s.accent_rgb)
        self._hands(surface, s, m, pygame.Rect(s.px(40), s.px(110), w - s.px(80), h - s.px(250)))
        self.buttons = self._layout()
        self._bar(surface, s)
        for b in self.buttons:
            b.draw(surface, s, b.rect.collidepoint(self.mouse), b.key == self.focus_key)
            if b.key == self.focus_key:
                draw_focus_ring(surface, s, b.rect)
        font = s.font(s.font_px(16))
        y = self.bar.y - s.px(8)
        for words in reversed(wrap(_(HINT), font, w - s.px(80))):
            y = s.blit_text(surface, words, 16, (s.px(40), y), s.muted_rgb, "bottomleft").y

    def _last_move(self, m: ReplayMoment) -> str:
        if m.last is None:
            return self.host.gettext("The deal")
        seat, action = m.last
        return self.move_words(seat, action)

    def name(self, seat: int) -> str:
        name = self.setup.seats[seat].name
        return self.host.gettext(name) if name == YOU else name

    def move_words(self, seat: int, action: Action) -> str:
        _ = self.host.gettext
        s = self.host.style(self.setup.theme)
        you, other = MOVES[ActionKind(action[0])]
        fields: dict[str, str] = {"who": self.name(seat)}
        if isinstance(action, Play):
            names = {c.key: s.colour_name(c.key) for c in s.manifest.colours}
            fields["card"] = card_name(action.card, names, _)
        elif isinstance(action, Catch):
            fields["caught"] = self.name(action.target)
        elif isinstance(action, ChooseColor):
            fields["colour"] = s.colour_name(action.color)
        return _(you if self.setup.seats[seat].name == YOU else other).format(**fields)

    def _hands(self, surface: pygame.Surface, s: Style, m: ReplayMoment, area: pygame.Rect) -> None:
        """One row per seat: its name (the one to move marked), then its hand face up;
        the discard pile's top card at the right."""
        _ = self.host.gettext
        top = card_image(s, m.top.text, 0.9)
        top_at = top.get_rect(topright=(area.right, area.y))
        surface.blit(top, top_at)
        if m.color:
            s.blit_text(
                surface,
                s.colour_name(m.color),
                18,
                (top_at.centerx, top_at.bottom + s.px(4)),
                None,
                "midtop",
            )
        rows = len(m.hands)
        row_h = max(1, min(s.px(96), area.h // rows))
        name_w = s.px(170)
        room = top_at.x - s.px(20) - (area.x + name_w)
        for seat, hand in enumerate(m.hands):
            y = area.y + seat * row_h
            name = self.name(seat)
            colour = s.accent_rgb if seat == m.current else s.text_rgb
            if seat == m.current:  # the seat to move: a band behind its row
                band = pygame.Rect(
                    area.x - s.px(10), y, top_at.x - s.px(10) - area.x, row_h - s.px(2)
                )
                s.panel(surface, band, 200, border=s.accent_rgb)
            label = name
            s.blit_text(
                surface,
                fitted(s, label, 20, name_w - s.px(8)),
                20,
                (area.x, y + row_h // 2),
                colour,
                "midleft",
            )
            score = _("{n} pts").format(n=m.scores[seat]) if seat < len(m.scores) else ""
            s.blit_text(
                surface, score, 16, (area.x, y + row_h // 2 + s.px(12)), s.muted_rgb, "topleft"
            )
            if not hand:
                continue
            card_h = row_h - s.px(6)
            scale = card_h / s.renderer.card_size[1]
            first = card_image(s, hand[0].text, scale)
            step = min(
                first.get_width() + s.px(4), (room - first.get_width()) / max(1, len(hand) - 1)
            )
            for i, card in enumerate(hand):
                image = card_image(s, card.text, scale)
                surface.blit(image, (area.x + name_w + round(i * step), y + s.px(3)))

    def _bar(self, surface: pygame.Surface, s: Style) -> None:
        """The whole match as a bar: round starts marked, the position a knob."""
        bar, total = self.bar, max(1, self.cursor.total)
        pygame.draw.rect(surface, s.muted_rgb, bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = round(bar.w * self.moment.position / total)
        pygame.draw.rect(surface, s.accent_rgb, done, border_radius=bar.h // 2)
        for start in self.cursor.round_starts[1:]:
            x = bar.x + round(bar.w * start / total)
            pygame.draw.line(
                surface, s.text_rgb, (x, bar.y - s.px(4)), (x, bar.bottom + s.px(4)), 2
            )
        pygame.draw.circle(surface, s.text_rgb, (done.right, bar.centery), s.px(11))
        pygame.draw.circle(surface, s.accent_rgb, (done.right, bar.centery), s.px(7))
