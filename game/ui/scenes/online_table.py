"""The table scene online: the ordinary table with a `RemoteTable` as its link,
told also what only a network game says. A seat's person went away, a computer
plays for them, they are back; the turn clock; a vote to hand an idle seat to a
computer; the connection dropped (tried again by itself) or lost; the host left
(with an in-app host the guests are sent back to the menu at once, told why).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.engine import Card
from game.i18n import N_
from game.online.client.remote_table import RemoteTable
from game.online.protocol.server_messages import Presence, Refusal, Reveal, ServerMessage, Timeout
from game.table import GameSetup
from game.ui.form_scene import FormScene
from game.ui.online_overlay import draw_overlay, overlay_buttons
from game.ui.online_view import OnlineView
from game.ui.online_words import away_line, back_line, closing, left_line, refusal
from game.ui.scene import Host
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.online import join_table
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rematch import RematchScene
from game.ui.scenes.table import TableScene
from game.ui.social_overlay import draw_social, play_sounds, social_buttons
from game.ui.style import wrap
from game.ui.table.renderer import HandLook
from game.ui.widgets.button import Button

# The menu over a table online: the others play on meanwhile, so not "Paused".
PLAY_GOES_ON = N_("Play goes on")
QUIET_CODES = ("stale", "rate")  # a newer update already shows what happened
# A spectator's bottom seat holds cards they may not see: any card, always face down.
UNSEEN = Card.parse("wild")


class OnlineTableScene(TableScene):
    holds_for_reading = False  # the server does not wait: see TableScene

    def __init__(self, host: Host, setup: GameSetup, link: RemoteTable) -> None:
        super().__init__(host, setup, link=link)
        self.remote = link
        self.resume_round = link.resumed  # came back mid-round: the table as it stands
        self.told_closed = False
        self.told_retry = 0
        self.saying = False  # the reactions are open
        self.quit_question: ConfirmScene | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        play_sounds(self.remote, self.host.audio)
        remote = self.remote
        while remote.notices:
            notice = remote.notices.pop(0)
            said = self._notice(notice)
            if said:
                self.say(said)
            if isinstance(notice, Presence):
                self._log_presence(notice)
            elif isinstance(notice, Reveal):
                self._log_deal_check(notice.round_number)
        if remote.retrying and remote.retrying != self.told_retry:
            self.told_retry = remote.retrying
            self.say(self.host.gettext("Connection lost: trying again..."))
        elif not remote.retrying and self.told_retry:
            self.told_retry = 0
            self.say(self.host.gettext("Connected again."))
        self._closing()
        self._unseen_hand()

    def _unseen_hand(self) -> None:
        """A spectator is sent no hand (spectators.public_update): the seat at the
        bottom shows its count as backs, like every other seat, never a face."""
        if not self.remote.watching:
            return
        fan, count = self.picture.fan, self.picture.shown.counts[self.seat.viewer]
        if len(fan.cards) != count or any(h.card is not UNSEEN for h in fan.cards):
            fan.set_cards([UNSEEN] * count)

    def buttons(self) -> list:
        """A spectator plays no card, so is shown no UNO button (greyed, it read as one
        they could not reach in time)."""
        shown = super().buttons()
        return [b for b in shown if b.key != "uno"] if self.remote.watching else shown

    def _hand_look(self) -> HandLook:
        look = super()._hand_look()
        if self.remote.watching:
            return replace(look, face_up=False, playable=None, fresh=None, focus=None)
        return look

    def _closing(self) -> None:
        remote = self.remote
        if self.told_closed:
            return
        if remote.closed is not None:
            self.told_closed = True
            if remote.closed.reason == "host_left" and not remote.dedicated:
                text = closing("host_left", self.host.gettext)
                self.host.stack.push(TableClosedScene(self.host, text))
            elif remote.closed.reason == "server_stopping":
                text = closing("server_stopping", self.host.gettext)
                self.host.stack.push(TableClosedScene(self.host, text, (remote.url, remote.code)))
            elif remote.closed.reason == "match_over" and self.seat.latest.over:
                self.told_closed = False  # said by the rematch screen over the table
            elif remote.closed.reason != "match_over":
                self.say(closing(remote.closed.reason, self.host.gettext))
        elif remote.failure:
            self.told_closed = True
            text = refusal(remote.failure_code, self.host.gettext, remote.failure)
            again = (remote.url, remote.code) if remote.failure_code == "lost" else None
            self.host.stack.push(TableClosedScene(self.host, text, again))

    def _notice(self, notice: ServerMessage) -> str | None:
        """What to tell the player of a server's notice."""
        _, names = self.host.gettext, self.names
        match notice:
            case Timeout():
                return _("Time is up: the table moved for you.")
            case Refusal(code=code) if code not in QUIET_CODES:
                return refusal(code, _, notice.message)
            case Presence(seat=seat, state="back") if not self.remote.is_mine(seat):
                return back_line(names[seat], _)
            case Presence(seat=seat, state="left") if not self.remote.is_mine(seat):
                return left_line(names[seat], _)
            case Presence(seat=seat, state="computer") if self.remote.is_mine(seat):
                return _("The others handed your seat to a computer: take it back when ready.")
        return None

    def _log_deal_check(self, number: int) -> None:
        """The round's deal against the server's commitment, checked by this game."""
        _ = self.host.gettext
        if self.remote.fair.get(number):
            self.log.add(_("Round {n}: the deal was the one committed to.").format(n=number))
        elif number in self.remote.fair:
            text = _("Round {n}: the deal does not match the server's commitment!")
            self.log.add(text.format(n=number))
            self.say(text.format(n=number))

    def _log_presence(self, notice: Presence) -> None:
        """Drops and returns in the table's log, beside the moves they explain."""
        name, _ = self.names[notice.seat], self.host.gettext
        if self.remote.is_mine(notice.seat):
            return
        if notice.state == "away":
            self.log.add(away_line(name, None, False, _))
        elif notice.state == "computer":
            self.log.add(away_line(name, None, True, _))
        elif notice.state == "back":
            self.log.add(back_line(name, _))
        elif notice.state == "left":
            self.log.add(left_line(name, _))

    def _round_over(self) -> None:
        """At the match's end, "Play again" (and who said yes) instead of the scoreboard."""
        result = self.seat.latest.result
        if result is None or not result.match_over:
            super()._round_over()
        elif self.scored_round != self.round_number:
            self.scored_round = self.round_number
            self.host.stack.push(RematchScene(self.host, self))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            view = self.online_view()
            hit = next((b for b in overlay_buttons(view) if b.hit(event.pos)), None)
            if hit is not None:
                self._press(hit.key)
                return
            said = next((b for b in social_buttons(view) if b.hit(event.pos)), None)
            if said is not None:
                self._press_social(said.key)
                return
        super().handle(event)
        top = self.host.stack.top
        if type(top) is PauseScene:  # just opened: online, the game goes on under it
            menu = HostPauseScene if self.remote.hosted is not None else OnlinePauseScene
            self.host.stack.replace(
                menu(self.host, self.setup.theme, self.table.rules, self.set_speed)
            )

    def holds_quit(self) -> bool:
        """Closing the window while guests play at this game's table ends it for
        them: asked first. Closing it again while asked quits."""
        if not self.remote.guests_here or self.quit_question in self.host.stack.scenes:
            return False
        _ = self.host.gettext
        self.quit_question = ConfirmScene(
            self.host,
            _("Guests are playing at your table — quit and end it?"),
            _("Quit and end it"),
            _("Keep playing"),
            self.host.quit,
        )
        self.host.stack.push(self.quit_question)
        return True

    def _press(self, key: str) -> None:
        name, _, arg = key.partition(":")
        if name == "vote":
            self.remote.vote(int(arg))
        elif name == "back":
            self.remote.take_back()

    def _press_social(self, key: str) -> None:
        name, _, arg = key.partition(":")
        remote = self.remote
        if name == "say":
            self.saying = not self.saying
        elif name == "react":
            remote.react(arg)
            self.saying = False
        elif name == "mute":
            seat = int(arg)
            remote.social.mute(seat, seat not in remote.social.muted)
        elif name == "sit":
            remote.sit()
            self.say(self.host.gettext("You will sit at the next free seat when a round begins."))

    def online_view(self) -> OnlineView:
        """What the overlays read of the table now."""
        host = self.host
        return OnlineView(
            self.remote,
            self.names,
            self.style,
            self.geometry,
            host.gettext,
            host.i18n.ngettext,
            host.size,
            [b.rect for b in self.buttons()],
            self.mouse,
            self.seat.viewer,
            self.saying,
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        view = self.online_view()
        draw_social(view, surface, draw_overlay(view, surface))


class OnlinePauseScene(PauseScene):
    title = PLAY_GOES_ON


class HostPauseScene(OnlinePauseScene):
    """The host's menu: quitting closes the table for the guests, so the first
    "Quit to menu" warns, and only the second quits."""

    warned = False

    def choose(self, key: str) -> None:
        if key == "menu" and not self.warned:
            self.warned = True
            return
        super().choose(key)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.warned:
            return
        style, _ = self.host.style(self.theme), self.host.gettext
        w, h = surface.get_size()
        text = _(
            "Quitting closes this table for your guests (the match is saved here, to resume"
            " later). Choose Quit to menu again to quit."
        )
        font = style.font(style.font_px(18))
        y = h - style.px(24) - 2 * font.get_linesize()
        for line in wrap(text, font, w - style.px(80))[:2]:
            style.label(surface, line, 18, (w // 2, y), style.accent_rgb, "midtop")
            y += font.get_linesize() + style.px(4)


class TableClosedScene(FormScene):
    """Over the table: it has closed or the connection is gone; back to the menu."""

    title = N_("The table has closed")

    def __init__(self, host: Host, text: str, rejoin: tuple[str, str] | None = None) -> None:
        """`rejoin`: the address and code to try again from here (the connection was
        lost, or the server stopped: the seat is kept)."""
        self.text, self.rejoin = text, rejoin
        super().__init__(host)

    def build(self) -> None:
        keys = (["rejoin"] if self.rejoin else []) + ["menu"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == keys[0]) for k in keys
        ]

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        return {"menu": _("Back to the menu"), "rejoin": _("Rejoin")}

    def choose(self, key: str) -> None:
        self.back()
        if key == "rejoin" and self.rejoin:
            join_table(self.host, *self.rejoin)

    def back(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.host.stack.reset(MenuScene(self.host))

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        w, h = surface.get_size()
        font = style.font(style.font_px(22))
        y = top + style.px(40)
        for line in wrap(self.text, font, w - style.px(160)):
            y = style.label(surface, line, 22, (w // 2, y), anchor="midtop").bottom
        self.draw_menu(surface, style, y, h - style.px(40))
