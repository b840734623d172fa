"""Over a table online at its match's end: the final totals, "Play again" with
who has said yes and the countdown, a few quick reactions, and Leave. When the
table plays again, the new match's table takes this one's place; a spectator
(or a player who did not say yes in time) watches it and may ask for a seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_
from game.ui.online_words import closing
from game.ui.scene import Host, Scene
from game.ui.social_overlay import covered, play_sounds, words
from game.ui.style import wrap
from game.ui.widgets.button import Button
from game.ui.win_words import match_won

if TYPE_CHECKING:
    from game.ui.scenes.online_table import OnlineTableScene

QUICK = ("gg", "good_game", "thumbs_up", "laugh")  # what people say at a match's end
QUICK_SIZE = 17
TITLE_SIZE = 20
TITLE = N_("Play again?")
VOTE = N_("{yes} of {people} said yes · {s} s")
HOST_DECIDES = N_("The table plays again only if {name} (the host) says yes.")


class RematchScene(Scene):
    opaque = False  # the table stays under it

    def __init__(self, host: Host, table: OnlineTableScene) -> None:
        super().__init__(host)
        self.table, self.remote = table, table.remote
        self.match_number = self.remote.match_number
        self.asked = False
        self.mouse = (0, 0)
        table.saying = False  # the reactions' column would run under the panel

    # -- what it offers -------------------------------------------------------------

    def buttons(self) -> list[Button]:
        _, style = self.host.gettext, self.table.style
        w, h = self.host.size
        if self.remote.news.watching:
            first = Button("sit", _("Take a seat"), pygame.Rect(0, 0, 1, 1), primary=True)
        elif self.asked:
            first = Button("again", _("Waiting for the others..."), pygame.Rect(0, 0, 1, 1))
            first.enabled = False
        else:
            first = Button("again", _("Play again"), pygame.Rect(0, 0, 1, 1), primary=True)
        leave = Button("leave", _("Leave"), pygame.Rect(0, 0, 1, 1))
        # As wide as a label needs at the least size ("Jugar otra vez" in a pixel font
        # at 640x480), two to the window.
        most = (w - style.px(40)) // 2 - style.px(8)
        bw = min(most, max(style.px(260), *(b.least_width(style) for b in (first, leave))))
        bh = max(style.px(50), style.text("Ag", 22).get_height() + style.px(8))
        first.rect = pygame.Rect(w // 2 - bw - style.px(8), h - bh - style.px(24), bw, bh)
        leave.rect = pygame.Rect(w // 2 + style.px(8), h - bh - style.px(24), bw, bh)
        quick = []
        # As wide as the longest quick phrase ("Buena partida"), four to the window.
        labels = [words(code, _) for code in QUICK]
        widest = max(style.text(label, QUICK_SIZE).get_width() for label in labels)
        room = (w - style.px(40)) // len(QUICK) - style.px(8)
        qw = min(room, max(style.px(150), widest + style.px(20)))
        qh = max(style.px(34), style.text("Ag", QUICK_SIZE).get_height() + style.px(6))
        left = w // 2 - (len(QUICK) * (qw + style.px(8)) - style.px(8)) // 2
        for i, code in enumerate(QUICK):
            rect = pygame.Rect(
                left + i * (qw + style.px(8)), first.rect.y - qh - style.px(14), qw, qh
            )
            quick.append(Button(f"react:{code}", labels[i], rect, text_size=QUICK_SIZE))
        return [first, leave, *quick]

    def choose(self, key: str) -> None:
        name, _, arg = key.partition(":")
        if name == "again" and not self.asked:
            self.asked = True
            self.remote.again()
        elif name == "sit":
            self.remote.sit()
        elif name == "react":
            self.remote.react(arg)
        elif name == "leave":
            self.remote.close()
            self.host.stack.reset(self.host.scene("menu"))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((b for b in self.buttons() if b.hit(event.pos)), None)
            if hit is not None:
                self.choose(hit.key)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("sit" if self.remote.news.watching else "again")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("leave")

    def update(self, dt: float) -> None:
        play_sounds(self.remote, self.host.audio)
        remote = self.remote
        if remote.line.failure or (remote.line.ended and remote.news.closed is None):
            self.table.watch_ending()  # the connection is gone: said over this screen
            return
        started = remote.started  # first: it takes in what came, the new match's mark too
        if started and remote.match_number != self.match_number:
            self.host.stack.pop()
            self.host.stack.replace(self.host.scene("online_table", remote.setup, link=remote))

    # -- drawing ----------------------------------------------------------------------

    def lines(self) -> list[tuple[str, float]]:
        _, remote, names = self.host.gettext, self.remote, self.table.names
        result = self.table.seat.latest.result
        out: list[tuple[str, float]] = []
        if result is not None and result.match_winners:
            you = None if remote.news.watching else remote.seat
            out.append((match_won(result.match_winners, names, you, _), 30))
            totals = " · ".join(f"{names[s]} {p}" for s, p in enumerate(result.totals))
            out.append((totals, 18))
        if remote.news.closed is not None:
            out.append((closing(remote.news.closed.reason, _), 22))
            return out
        vote = remote.news.social.rematch
        if vote is None:
            return out
        left = int(remote.news.social.rematch_left() + 0.999)
        out.append(
            (
                _(VOTE).format(yes=len(vote.yes), people=len(vote.people), s=left),
                22,
            )
        )
        for seat in vote.people:
            said = _("yes") if seat in vote.yes else _("not yet")
            out.append((_("{name}: {said}").format(name=names[seat], said=said), 19))
        host = remote.news.host_seat
        if not remote.news.dedicated and not remote.is_host and host < len(names):
            # The host's computer holds the match (game.online.server.rematch).
            out.append((_(HOST_DECIDES).format(name=names[host]), 17))
        return out

    def rows(self, lines: list[tuple[str, float]]) -> list[tuple[str, float]]:
        """The lines wrapped to the panel (a long one is not cut: "La mesa solo vuelve
        a jugar si Ann (el anfitrión) dice que sí." at 800x600)."""
        style = self.table.style
        width = self._width() - style.px(40)
        return [
            (row, size)
            for text, size in lines
            for row in wrap(text, style.font(style.font_px(size)), width) or [""]
        ]

    def _width(self) -> int:
        style, w = self.table.style, self.host.size[0]
        return min(w - style.px(40), style.px(720))

    def box(self, lines: list[tuple[str, float]]) -> pygame.Rect:
        """The panel, centred: under what the table's social overlay keeps at the top
        where the two would meet (a spectator's "You are watching" line, the Say and
        seat buttons), so neither covers the other."""
        style = self.table.style
        w, _ = self.host.size
        tall = 2 * style.px(18) + self._title_height()
        tall += sum(
            style.text("Ag", size).get_height() + style.px(6) for _, size in self.rows(lines)
        )
        box = pygame.Rect(0, style.px(60), self._width(), tall)
        box.centerx = w // 2
        for rect in covered(self.table.online_view()):
            if rect.right > box.left and rect.left < box.right:
                box.top = max(box.top, rect.bottom + style.px(10))
        return box

    def _title_height(self) -> int:
        style = self.table.style
        return style.text(self.host.gettext(TITLE), TITLE_SIZE).get_height() + style.px(8)

    def draw(self, surface: pygame.Surface) -> None:
        style = self.table.style
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        lines = self.lines()
        box = self.box(lines)
        style.panel(surface, box, 235, border=style.accent_rgb)
        y = box.y + style.px(18)
        title = self.host.gettext(TITLE)
        style.blit_text(surface, title, TITLE_SIZE, (w // 2, y), style.muted_rgb, "midtop")
        y += self._title_height()
        for text, size in self.rows(lines):
            y = style.blit_text(surface, text, size, (w // 2, y), anchor="midtop").bottom
            y += style.px(6)
        for button in self.buttons():
            button.draw(surface, style, hovered=button.rect.collidepoint(self.mouse))
