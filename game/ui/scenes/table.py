"""The table: a round of UNO shown as it happens, and played by the people at it.

Data flows one way: input -> Action -> engine -> events -> animation -> screen.
This scene changes the game only through `Round.apply`.
"""

from __future__ import annotations

import pygame

from game.engine import IllegalAction, Round, events
from game.engine.actions import Action
from game.ui.animation import SPEEDS
from game.ui.bots import BotRunner
from game.ui.choreography import Choreographer
from game.ui.match_record import MatchRecord
from game.ui.narration import Narrator
from game.ui.play_choice import PlayChoice
from game.ui.scene import Host, Scene
from game.ui.scenes.pass_device import PassScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.scenes.table_draw import draw_table
from game.ui.scenes.table_input import handle_event, replay_queued
from game.ui.session import GameSetup, Session
from game.ui.table_geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table_state import ShownTable
from game.ui.turns import TurnDriver
from game.ui.widgets.card_sprite import card_image
from game.ui.widgets.event_log import EventLog
from game.ui.widgets.hand_fan import HandFan
from game.ui.widgets.piles import Piles

TOAST_SECONDS = 2.5


class TableScene(Scene):
    def __init__(self, host: Host, setup: GameSetup, threaded: bool | None = None,
                 session: Session | None = None, resume: bool = False,
                 record: bool = True) -> None:
        super().__init__(host)
        self.session = session or Session(setup)
        self.resume_round = resume  # a saved match: show the table as it stands, no deal
        self.record = MatchRecord(host.data, self.session, record)
        self.replaying = False  # set by game.ui.replay_table
        self.setup = self.session.setup  # names settled by the session
        self.speed = setup.speed
        # In virtual time (tests, screenshots) bots decide at once, so a seed replays exactly.
        threaded = not host.deterministic if threaded is None else threaded
        self.driver = TurnDriver(self.session, BotRunner(threaded), self.pace,
                                 (setup.seed or 0) + 99)
        self.log = EventLog()
        self.piles = Piles()
        self.fan = HandFan()
        self.round: Round = self.session.match.round
        self.viewer = self._first_viewer()
        self.confirmed: int | None = None if self.hot_seat else self.viewer
        self.shown = ShownTable.empty(setup.players, self.viewer, 0)
        self.choreo = self._new_choreographer()
        self.synced = True
        self.choice: PlayChoice | None = None
        self.uno_armed = False
        self.queued: tuple[str, object] | None = None
        self.toast: tuple[str, float] | None = None
        self.focus: int | None = None
        self.mouse = (0, 0)
        self.scored_round: int | None = None
        self.round_number = len(self.session.match.round_logs) + 1
        self.shake: tuple[object, float] | None = None
        # The felt, resting arrows and panel backs, drawn once per size and direction.
        self.felt: tuple[tuple[int, ...], pygame.Surface] | None = None

    # -- set-up -----------------------------------------------------------------------

    @property
    def style(self):  # noqa: ANN201 - the theme's Style
        return self.host.style(self.setup.theme)

    @property
    def pace(self) -> float:
        return SPEEDS[self.speed]

    @property
    def hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    @property
    def geometry(self) -> TableGeometry:
        return TableGeometry(self.style.renderer.layout, self.setup.players, self.viewer)

    def _first_viewer(self) -> int:
        humans = self.session.humans
        return humans[0] if humans else 0

    def _new_choreographer(self) -> Choreographer:
        choreo = Choreographer(self.shown, self.fan, lambda: self.geometry, self.host.audio,
                               self.log.add, self.pace)
        choreo.reveal_to_viewer = self.session.is_human(self.viewer)
        choreo.gettext = self.host.gettext
        return choreo

    def enter(self) -> None:
        self.host.set_theme(self.setup.theme)
        self.host.audio.start_music()
        self.resize(self.host.size)
        if self.resume_round:
            self._resume()
        else:
            self._begin_round(self.session.match.opening_events)
            self.record.changed()  # Continue works from the deal on

    def _resume(self) -> None:
        """A saved match: the table as it stands, the person's hand at once."""
        rnd = self.round = self.session.match.round
        self.shown = ShownTable.empty(rnd.players, self.viewer, len(rnd.rules.deck()))
        self.choreo = self._new_choreographer()
        self._sync()
        self.log.add(self.host.gettext("Round {n} resumed.").format(n=self.round_number))

    def _prewarm(self) -> None:
        """Render every face and the backs in flight now, not mid-animation."""
        style = self.style
        for card in set(self.round.rules.deck()):
            style.card(card.text, self.fan.card_size)
        for step in range(5, 11):
            card_image(style, None, step / 10)
        for angle in range(-30, 31, 6):
            card_image(style, None, OPPONENT_CARD_SCALE, angle)
        if self.round.rules.special:  # the Creeper / Urrrh showpiece sizes
            for scale in (1.6, 1.8):
                card_image(style, self.round.rules.special, scale)

    def exit(self) -> None:
        self.record.flush(wait=True)
        self.driver.close()
        self.host.audio.stop_music()

    def resize(self, size: tuple[int, int]) -> None:
        style = self.style
        self.fan.place(self.geometry.place("hand"), style.renderer.card_size, size[0])
        self._prewarm()

    def _begin_round(self, opening: list) -> None:
        """Show the deal of the match's current round from an empty table."""
        rnd = self.round = self.session.match.round
        deck = len(rnd.rules.deck())
        self.shown = ShownTable.empty(rnd.players, self.viewer, deck)
        self.fan.set_cards([])
        self.choreo = self._new_choreographer()
        if not self.hot_seat:
            self.choreo.deal_cards = rnd.hand(self.viewer)[:7]
        self._feed(list(opening) + list(rnd.start_events))
        if self.pace == 0:
            self.choreo.finish()

    def narrator(self) -> Narrator:
        you = None if self.hot_seat or not self.session.humans else self.viewer
        return Narrator(self.session.names, you, self.colour_names(), self.host.gettext)

    def colour_names(self) -> dict[str, str]:
        language = self.host.i18n.language
        return {c.key: c.names.get(language, c.names.get("en", c.key))
                for c in self.style.manifest.colours}

    # -- the game moves only here -------------------------------------------------------

    def apply(self, action: Action, seat: int) -> bool:
        """Apply one action for `seat`; False (with a message) if the engine refuses it."""
        try:
            happened = self.round.apply(action, seat)
        except IllegalAction as error:
            # The engine's reasons are written for developers, in English only.
            reason = str(error) if self.host.i18n.language == "en" else ""
            self.say(self.host.gettext("Not allowed: {reason}").format(reason=reason)
                     if reason else self.host.gettext("That is not allowed now."))
            return False
        self.record.changed()
        self.record.saw(happened)
        if seat == self.viewer and action[0] != "catch":  # a catch keeps an UNO call armed
            self.uno_armed = False
            self.choice = None
        self._feed(happened)
        return True

    def _feed(self, happened: list) -> None:
        visible = [events.for_seat(e, self.viewer) for e in happened]
        self.choreo.feed(visible, self.narrator().tell(visible))
        self.synced = False

    # -- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.record.flush()  # once a frame, however many actions it applied

    def _advance(self, dt: float) -> None:
        self.choreo.pace = self.driver.pace = self.pace
        self.choreo.update(dt)
        self.driver.tick(dt)
        self.fan.update(dt, self.focus)
        self._tick_messages(dt)
        if self.choreo.busy:
            return
        if not self.synced:
            self._sync()
        if self.round.over:
            self._round_over()
            return
        if self._needs_handover():
            return
        if self.queued is not None and self._my_turn():
            replay_queued(self)
        decision = self.driver.decide(self.round)
        if decision is not None:
            self.apply(*decision)

    def _tick_messages(self, dt: float) -> None:
        if self.host.data.notices or self.host.config.notices:  # e.g. saving turned out not to work
            self.say(" ".join(self.host.notices()))
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        if self.shake is not None:
            what, left = self.shake
            self.shake = (what, left - dt) if left > dt else None

    def _sync(self) -> None:
        view = self.round.view(self.viewer)
        self.shown.sync(view)
        self.fan.set_cards(list(view.hand))
        self.synced = True
        if self.focus is not None and self.focus >= len(self.fan.cards):
            self.focus = len(self.fan.cards) - 1 if self.fan.cards else None

    def _round_over(self) -> None:
        if self.scored_round == self.round_number:
            return
        self.scored_round = self.round_number
        self.record.round_over()
        self.host.stack.push(ScoreboardScene(self.host, self))

    def next_round(self) -> None:
        """Called by the scoreboard: deal the next round of the match."""
        self.session.match.next_round()
        self.round_number += 1
        self.record.changed()
        self.log.add(self.host.gettext("Round {n} begins.").format(n=self.round_number))
        self._begin_round([])

    def _needs_handover(self) -> bool:
        """With two people at one computer, hide the hand until the next one is ready."""
        seat = self.round.current
        if not self.hot_seat or not self.session.is_human(seat) or self.confirmed == seat:
            return False
        self.confirmed = None
        self.host.stack.push(PassScene(self.host, self.setup.theme, self.session.name(seat),
                                       lambda: self.hand_over(seat)))
        return True

    def hand_over(self, seat: int) -> None:
        self.viewer = self.confirmed = seat
        self.shown.viewer = seat
        self.fan.set_cards([])
        self.resize(self.host.size)
        self._sync()

    # -- helpers for input and drawing -----------------------------------------------------

    def _my_turn(self) -> bool:
        rnd = self.round
        return (not rnd.over and rnd.current == self.viewer
                and self.session.is_human(self.viewer) and self.confirmed == self.viewer)

    def human_turn(self) -> bool:
        """The viewer is a person, it is their turn, and the table is still."""
        return self._my_turn() and not self.choreo.busy

    def viewer_legal(self) -> list[Action]:
        if not self.session.is_human(self.viewer) or self.confirmed != self.viewer:
            return []
        return self.round.legal_actions(self.viewer)

    def say(self, text: str) -> None:
        self.toast = (text, TOAST_SECONDS)

    def set_speed(self, speed: str) -> None:
        """From the settings opened over this table: the new pace applies at once."""
        self.speed = speed

    def cycle_speed(self) -> None:
        names = list(SPEEDS)
        self.speed = names[(names.index(self.speed) + 1) % len(names)]
        self.say(self.host.gettext("Speed {speed}").format(speed=self.speed))

    def handle(self, event: pygame.event.Event) -> None:
        handle_event(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
