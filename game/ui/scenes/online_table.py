"""The table scene online: the ordinary table with a `RemoteTable` as its link,
told also what only a network game says. A seat's person went away, a computer
plays for them, they are back; the turn clock; a vote to hand an idle seat to a
computer; the connection dropped (tried again by itself) or lost; the host left
(with an in-app host the guests are sent back to the menu at once, told why).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pygame

from game.engine import Card
from game.i18n import N_, NN_
from game.online.client.connection import RETRIES
from game.online.client.remote_table import RemoteTable
from game.online.protocol.client_messages import Watch
from game.online.protocol.server_messages import Presence, Refusal, Reveal, ServerMessage, Timeout
from game.table import GameSetup
from game.ui.form_scene import FormScene
from game.ui.online_overlay import draw_overlay, kept, overlay_buttons
from game.ui.online_seats import forget_table, join_table
from game.ui.online_view import OnlineView
from game.ui.online_words import (
    ENDED,
    RECONNECTING,
    REMATCH_DROPPED,
    STOPPING_WATCHED,
    away_line,
    back_line,
    closing,
    host_gone,
    left_line,
    refusal,
)
from game.ui.round_end import MATCH, POINTS, RoundEnd
from game.ui.scene import Host, Scene
from game.ui.scene_registry import SceneName
from game.ui.scenes.table import TableScene
from game.ui.social_overlay import covered, draw_social, play_sounds, social_buttons
from game.ui.style import wrap
from game.ui.table.narration import Narrator
from game.ui.table.renderer import Frame, HandLook
from game.ui.widgets.button import Button
from game.ui.widgets.score_panel import score_rect

STAND_IN = N_("The computer playing for you")  # who moved in this player's seat meanwhile
# The round's end: the people whose secrets went into the deal (computers add none).
DEALT_FROM = NN_("dealt from {n} person's secret", "dealt from {n} people's secrets")
QUIET_CODES = ("stale", "rate")  # a newer update already shows what happened
# A spectator's bottom seat holds cards they may not see: any card, always face down.
UNSEEN = Card.parse("wild")


class OnlineTableScene(TableScene):
    holds_for_reading = False  # the server does not wait: see TableScene
    retelling = False  # the log is being given the round so far, on joining it mid-way

    def __init__(self, host: Host, setup: GameSetup, link: RemoteTable) -> None:
        super().__init__(host, setup, link=link)
        self.remote = link
        self.resume_round = link.news.resumed  # came back mid-round: the table as it stands
        self.told_closed = False
        self.told_retry = 0
        self.told_retry_scene = False  # the notice of a dropped connection is up
        self.told_badges: dict[int, str] = {}  # seat -> the who-is-who badge it shows
        self.saying = False  # the reactions are open
        self.quit_question: Scene | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._caught_up()
        play_sounds(self.remote, self.host.audio)
        remote = self.remote
        while remote.news.notices:
            notice = remote.news.notices.pop(0)
            said = self._notice(notice)
            if said:
                self.say(said)
            if isinstance(notice, Presence):
                self._log_presence(notice)
            elif isinstance(notice, Reveal):
                self._log_deal_check(notice.round_number)
        if remote.line.retrying and remote.line.retrying != self.told_retry:
            self.told_retry = remote.line.retrying
            self.say(self.host.gettext("Connection lost: trying again..."))
        elif not remote.line.retrying and self.told_retry:
            self.told_retry = 0
            self.say(self.host.gettext("Connected again."))
        self._closing()
        self._unseen_hand()
        self._seat_badges()

    def _seat_badges(self) -> None:
        """Who is who, on the seats themselves: a computer, a person away (with the
        seconds before a computer plays for them), a computer playing for a person.
        Kept up each frame, under the moment's own badges ("UNO!", "+4")."""
        shown = self.picture.shown
        for seat, words in self._who_is_who().items():
            current = shown.badges.get(seat)
            if current is None or current[0] == self.told_badges.get(seat):
                shown.badges[seat] = (words, 0.25)
                self.told_badges[seat] = words

    def _who_is_who(self) -> dict[int, str]:
        _, remote, names = self.host.gettext, self.remote, self.names
        out = {}
        for seat, state in enumerate(remote.news.seats):
            away = remote.news.people.away.get(seat)
            if state.kind == "bot":
                out[seat] = _("Computer")
            elif state.kind == "person" and (state.computer or (away and away.computer)):
                name = names[seat] if seat < len(names) else state.name
                if remote.news.is_mine(seat):  # "for You" reads wrong ("por Tú" in Spanish)
                    out[seat] = _("Computer for you")
                else:
                    out[seat] = _("Computer for {name}").format(name=name)
            elif away is not None and away.until is not None:
                left = max(0, round(away.until - time.monotonic()))
                out[seat] = _("Away · {s} s").format(s=left)
            elif away is not None or (state.kind == "person" and not state.here):
                out[seat] = _("Away")
        return out

    def _catching_up(self) -> bool:
        """The update shown now brings the moves missed while this player was away."""
        remote, latest = self.remote, self.remote._latest
        return (
            remote.news.catch_up is not None
            and latest is not None
            and latest.token == remote.news.catch_up
        )

    def _caught_up(self) -> None:
        """Missed moves are shown at once, not played out while the turn clock runs
        (it fell from 28 s to 18 s before a returning player could move)."""
        if self.remote.catching_up:
            self.picture.choreo.finish()
            self.remote.news.catch_up = None

    def narrator(self) -> Narrator:
        """Moves a computer made in this player's seat (voted in, or while they were
        away) are told as the computer's, never as "You played"."""
        if not (self.remote.news.people.stood_in or self.remote.catching_up):
            return super().narrator()
        names = list(self.names)
        mine = self.seat.viewer
        if 0 <= mine < len(names):
            names[mine] = self.host.gettext(STAND_IN)
        return Narrator(
            names,
            None,
            self.colour_names(),
            self.host.gettext,
            self.host.i18n.ngettext,
            self.table.rules,
        )

    def _retell_round(self) -> None:
        """A round come back to mid-way is retold with this seat by its name, never
        "You": a computer may have played it meanwhile, and the history does not say
        which moves were whose (the log said "You played a red 1" for the stand-in's)."""
        self.retelling = True
        try:
            super()._retell_round()
        finally:
            self.retelling = False

    def you(self) -> int | None:
        return None if self.retelling else super().you()

    def _unseen_hand(self) -> None:
        """A spectator is sent no hand (spectators.public_update): the seat at the
        bottom shows its count as backs, like every other seat, never a face."""
        if not self.remote.news.watching:
            return
        fan, count = self.picture.fan, self.picture.shown.counts[self.seat.viewer]
        if len(fan.cards) != count or any(h.card is not UNSEEN for h in fan.cards):
            fan.set_cards([UNSEEN] * count)

    def buttons(self) -> list:
        """A spectator plays no card, so is shown no UNO button (greyed, it read as one
        they could not reach in time)."""
        shown = super().buttons()
        return [b for b in shown if b.key != "uno"] if self.remote.news.watching else shown

    def _hand_look(self) -> HandLook:
        look = super()._hand_look()
        if self.remote.news.watching:
            return replace(look, face_up=False, playable=None, fresh=None, focus=None)
        return look

    def _closing(self) -> None:
        """Never a dead table: whatever ends this player's connection to it (the table
        closing, the server or the host's game stopping, a failure, a socket that went
        quiet) is told at once over the table, with what they may do next."""
        if self.told_closed:
            return
        ending = self._ending()
        if ending is None:
            if self.remote.line.retrying and not self.told_retry_scene:
                self.told_retry_scene = True
                self.host.stack.push(ReconnectingScene(self.host, self.remote))
            elif not self.remote.line.retrying:
                self.told_retry_scene = False
            return
        self.told_closed = True
        text, rejoin = ending
        if rejoin is None:  # nothing to come back to: not offered again
            forget_table(self.host, self.remote.news.code)
        self.host.stack.push(TableClosedScene(self.host, text, rejoin, self.remote.news.watching))

    def _ending(self) -> tuple[str, tuple[str, str] | None] | None:
        """What to tell of a table that has ended for this player, and where Rejoin
        leads (None: nowhere, the seat cannot be taken back); None while it goes on."""
        remote, _ = self.remote, self.host.gettext
        again = (remote.line.url, remote.news.code)
        closed = remote.news.closed
        if closed is not None:
            match closed.reason:
                case "match_over" if self.seat.latest.over:
                    return None  # said by the rematch screen over the table
                case "match_over":
                    return _(REMATCH_DROPPED), None
                case "host_left" if not remote.news.dedicated:
                    return host_gone(self._host_name(), _), None
                case "server_stopping" if remote.news.watching:
                    return _(STOPPING_WATCHED), again  # no seat is kept for them
                case "server_stopping":
                    return closing("server_stopping", _), again
            return closing(closed.reason, _), None
        if remote.line.failure_code == "host_gone":
            return host_gone(self._host_name(), _), None
        if remote.line.failure:
            text = refusal(remote.line.failure_code, _, remote.line.failure)
            return text, again if remote.line.failure_code == "lost" else None
        if remote.line.ended:  # a spectator too may come back: to watch (TableClosedScene)
            return _(ENDED), again
        return None

    def _host_name(self) -> str:
        seat = self.remote.news.host_seat
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def _notice(self, notice: ServerMessage) -> str | None:
        """What to tell the player of a server's notice."""
        _, names = self.host.gettext, self.names
        match notice:
            case Timeout():
                return _("Time is up: the table moved for you.")
            case Refusal(code=code) if code not in QUIET_CODES:
                return refusal(code, _, notice.message)
            case Presence(seat=seat, state="back") if not self.remote.news.is_mine(seat):
                return back_line(names[seat], _)
            case Presence(seat=seat, state="left") if not self.remote.news.is_mine(seat):
                return left_line(names[seat], _)
            case Presence(seat=seat, state="computer") if self.remote.news.is_mine(seat):
                return _("The others handed your seat to a computer: take it back when ready.")
        return None

    def round_end(self) -> RoundEnd:
        """With how many people's secrets went into the round's deal."""
        end = super().round_end()
        deal = self.remote.news.deals.committed.get(end.round_number)
        if deal is None or deal.chain is None:
            return end
        people = deal.chain.people
        said = self.host.i18n.ngettext(*DEALT_FROM, people).format(n=people)
        return replace(end, dealt_from=said)

    def _log_deal_check(self, number: int) -> None:
        """The round's deal against the server's commitment, checked by this game."""
        _ = self.host.gettext
        if self.remote.news.deals.fair.get(number):
            self.log.add(_("Round {n}: the deal was the one committed to.").format(n=number))
        elif number in self.remote.news.deals.fair:
            text = _("Round {n}: the deal does not match the server's commitment!")
            self.log.add(text.format(n=number))
            self.say(text.format(n=number))

    def _log_presence(self, notice: Presence) -> None:
        """Drops and returns in the table's log, beside the moves they explain."""
        name, _ = self.names[notice.seat], self.host.gettext
        if self.remote.news.is_mine(notice.seat):
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
        elif self.end_words.scored != self.round_number:
            self.end_words.scored = self.round_number
            self.end_words.say(POINTS, MATCH)  # the final totals show both at once
            self.host.stack.push(self.host.scene("rematch", self))

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

    def _pause(self) -> None:
        """Online the game goes on under the menu; the host's warns before quitting."""
        menu: SceneName = "host_pause" if self.remote.hosted is not None else "online_pause"
        self.host.stack.push(
            self.host.scene(
                menu, self.setup.theme, self.table.rules, self.set_speed, watch=self.watch_ending
            )
        )

    def watch_ending(self) -> None:
        """Called by the screens over the table (its menu, the rematch vote): the
        table's end is told over them too, never left behind them."""
        if not self.told_closed and self._ending() is not None:
            self._closing()

    def holds_quit(self) -> bool:
        """Closing the window while guests play at this game's table ends it for
        them: asked first. Closing it again while asked quits."""
        if not self.remote.guests_here or self.quit_question in self.host.stack.scenes:
            return False
        _ = self.host.gettext
        self.quit_question = self.host.scene(
            "confirm",
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
            remote.news.social.mute(seat, seat not in remote.news.social.muted)
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
            (
                *self.renderer.drawn,
                self.geometry.place("event_log"),
                score_rect(self.style, self.geometry),
            ),
        )

    def frame(self) -> Frame:
        """The table's frame, its notes kept off what the online overlays show."""
        view = self.online_view()
        return replace(super().frame(), keep_clear=(*kept(view), *covered(view)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        view = self.online_view()
        draw_social(view, surface, draw_overlay(view, surface))


class TableClosedScene(FormScene):
    """Over the table: it has closed or the connection is gone; back to the menu."""

    title = N_("The table has closed")

    def __init__(
        self, host: Host, text: str, rejoin: tuple[str, str] | None = None, watching: bool = False
    ) -> None:
        """`rejoin`: the address and code to try again from here (the connection was
        lost, or the server stopped: the seat is kept); `watching`: this player only
        watched, so trying again watches again (asking for a seat would be refused)."""
        self.text, self.rejoin, self.watching = text, rejoin, watching
        super().__init__(host)

    def build(self) -> None:
        keys = (["rejoin"] if self.rejoin else []) + ["menu"]
        self.menu.buttons = [
            Button(k, "", pygame.Rect(0, 0, 1, 1), primary=k == keys[0]) for k in keys
        ]

    def labels(self) -> dict[str, str]:
        _ = self.host.gettext
        return {
            "menu": _("Back to the menu"),
            "rejoin": _("Watch again") if self.watching else _("Rejoin"),
        }

    def choose(self, key: str) -> None:
        self.back()
        if key == "rejoin" and self.rejoin:
            url, code = self.rejoin
            join_table(self.host, url, code, request=Watch(code) if self.watching else None)

    def back(self) -> None:
        self.host.stack.reset(self.host.scene("menu"))

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        w, h = surface.get_size()
        font = style.font(style.font_px(22))
        y = top + style.px(40)
        for line in wrap(self.text, font, w - style.px(160)):
            y = style.label(surface, line, 22, (w // 2, y), anchor="midtop").bottom
        self.draw_menu(surface, style, y, h - style.px(40))


class ReconnectingScene(FormScene):
    """Over the table while a dropped connection is tried again: said at once, with
    the way out; gone by itself when the seat is back (or when the table's end is
    told instead)."""

    title = N_("Connection lost")

    def __init__(self, host: Host, remote: RemoteTable) -> None:
        self.remote = remote
        super().__init__(host)

    def build(self) -> None:
        self.menu.buttons = [Button("menu", "", pygame.Rect(0, 0, 1, 1), primary=True)]

    def labels(self) -> dict[str, str]:
        return {"menu": self.host.gettext("Back to the menu")}

    def update(self, dt: float) -> None:
        super().update(dt)
        remote = self.remote
        if not remote.line.retrying or remote.line.ended or remote.line.failure:
            self.host.stack.pop()  # back in the seat, or the table says how it ended

    def choose(self, key: str) -> None:
        self.remote.close()
        self.host.stack.reset(self.host.scene("menu"))

    def back(self) -> None:
        self.choose("menu")

    def draw_body(self, surface: pygame.Surface, style: Any, top: int) -> None:
        w, h = surface.get_size()
        text = self.host.gettext(RECONNECTING).format(
            n=max(1, self.remote.line.retrying), m=RETRIES
        )
        font = style.font(style.font_px(22))
        y = top + style.px(40)
        for line in wrap(text, font, w - style.px(160)):
            y = style.label(surface, line, 22, (w // 2, y), anchor="midtop").bottom
        self.draw_menu(surface, style, y, h - style.px(40))
