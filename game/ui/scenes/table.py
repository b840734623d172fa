"""The table scene: a client of game.table's `Table`, shown as it happens.

Data flows one way: input -> Action -> `Table.submit` -> the seat's update ->
animation -> screen. The scene draws from the viewer's `SeatUpdate` and its
own animation state; it never reads the match or its rounds.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import ActionKind, Card, IllegalAction
from game.engine import events as ev
from game.engine.actions import Action
from game.table import GameSetup, Script, SeatKind, SeatUpdate
from game.table.link import TableLink
from game.table.local import local_table
from game.table.play_choice import PlayChoice
from game.table.prompt import Prompt, idle_prompt, prompt_for
from game.table.saved_game import SavedMatch
from game.ui.animation import SPEEDS
from game.ui.choreography import Choreographer
from game.ui.hint import Coach, show_ready
from game.ui.narration import Narrator, shown_names
from game.ui.reads import with_reads
from game.ui.refusals import refusal_text
from game.ui.scene import Host, Scene
from game.ui.scene_registry import scene_class
from game.ui.scenes.table_draw import draw_table
from game.ui.scenes.table_input import UNO_NOTE, handle_event, replay_queued
from game.ui.table_geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table_state import ShownTable
from game.ui.widgets.card_sprite import card_image
from game.ui.widgets.event_log import LINES_KEPT, EventLog
from game.ui.widgets.hand_fan import HandFan
from game.ui.widgets.piles import Piles

# A note stays long enough to read: a short one 2.5 s, a coach's sentence longer
# (about 15 characters a second, past a second to notice it), never over 7 s.
TOAST_SECONDS = 2.5
TOAST_MOST_SECONDS = 7.0
READ_CHARS_PER_SECOND = 15.0
RETOLD = 8 * LINES_KEPT  # events told again at a resumed round: a few for each line kept


def toast_seconds(text: str) -> float:
    return min(TOAST_MOST_SECONDS, max(TOAST_SECONDS, 1.0 + len(text) / READ_CHARS_PER_SECOND))


class TableScene(Scene):
    """What the scene keeps, by job:
    - the game: `table` (a TableLink), `setup`, and `latest`, the viewer's newest
      SeatUpdate (live: prompts and legality read it);
    - who is looking: `viewer`, and at a shared computer `confirmed` (the person
      who said they are ready; None while the pass screen is up);
    - the picture, which trails the game while cards fly: `shown`, `fan`,
      `choreo`, `piles`, `log`, `synced`, `felt` (the cached static layer);
    - the person's input in progress: `choice`, `uno_armed`, `queued`, `focus`,
      `mouse`, and the messages `toast` and `shake`.
    """

    def __init__(
        self,
        host: Host,
        setup: GameSetup,
        threaded: bool | None = None,
        saved: SavedMatch | None = None,
        record: bool = True,
        script: Script | None = None,
        link: TableLink | None = None,
    ) -> None:
        """A table for `setup` at this computer (or the `saved` match, Continued;
        or a replay of `script`), unless `link` is given: a table kept elsewhere."""
        super().__init__(host)
        self.resume_round = saved is not None  # a saved match: as it stands, no deal
        self.replaying = script is not None  # every seat plays a finished match's log
        self.speed = setup.speed
        # In virtual time (tests, screenshots) bots decide at once, so a seed replays exactly.
        threaded = not host.deterministic if threaded is None else threaded
        self.table: TableLink = link or local_table(
            setup, host.data, saved, threaded, record, script, SPEEDS[setup.speed]
        )
        self.setup = self.table.setup  # names and seed settled
        self.log = EventLog()
        self.piles = Piles()
        self.fan = HandFan()
        self.viewer = self._first_viewer()
        self.confirmed: int | None = None if self.hot_seat else self.viewer
        self.toast: tuple[str, float] | None = None
        self.coach = Coach()  # hints and teach-me words, thought out off the frame loop
        self.hinted: Action | None = None  # the coach's move for this position, for Enter
        self.fresh: Card | None = None  # the card the viewer drew last, marked until they act
        self.latest = self.table.update(self.viewer)
        self.table.watch(self.viewer, self._on_update)
        self.shown = ShownTable.empty(setup.players, self.viewer, 0)
        self.choreo = self._new_choreographer()
        self.synced = True
        self.choice: PlayChoice | None = None
        self.uno_armed = False
        self.queued: tuple[str, object] | None = None
        self.focus: int | None = None
        self.mouse = (0, 0)
        self.scored_round: int | None = None
        self.shake: tuple[object, float] | None = None
        # The felt, resting arrows and panel backs, drawn once per size and direction.
        self.felt: tuple[tuple[int, ...], pygame.Surface] | None = None

    # -- set-up -----------------------------------------------------------------------

    @property
    def latest(self) -> SeatUpdate:
        """The viewer's newest update; setting it derives the prompt, once."""
        return self._latest

    @latest.setter
    def latest(self, update: SeatUpdate) -> None:
        self._latest = update
        self._prompt = prompt_for(update)
        self._forget_hint()  # a hint is for the position it was asked on

    def _forget_hint(self) -> None:
        """The player acted or the table moved on: the hint goes, from Enter and the screen."""
        self.hinted = None
        if self.toast is not None and self.toast[0] == self.coach.shown:
            self.toast = None
        self.coach.shown = None

    @property
    def prompt(self) -> Prompt:
        """What the viewer may do now: nothing unless a person has taken the seat."""
        if not self.is_human(self.viewer) or self.confirmed != self.viewer:
            return idle_prompt(self.viewer, self._latest.phase)
        return self._prompt

    @property
    def style(self):  # noqa: ANN201 - the theme's Style
        return self.host.style(self.setup.theme)

    @property
    def pace(self) -> float:
        return SPEEDS[self.speed]

    @property
    def humans(self) -> list[int]:
        return self.setup.humans

    @property
    def names(self) -> list[str]:
        """As shown: a seat called "You" follows the language of the moment."""
        return shown_names(self.setup.names, self.host.gettext)

    @property
    def round_number(self) -> int:
        return self.latest.round_number

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].kind is SeatKind.HUMAN

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def geometry(self) -> TableGeometry:
        return TableGeometry(self.style.renderer.layout, self.setup.players, self.viewer)

    def _first_viewer(self) -> int:
        humans = self.humans
        return humans[0] if humans else 0

    def _new_choreographer(self) -> Choreographer:
        choreo = Choreographer(
            self.shown, self.fan, lambda: self.geometry, self.host.audio, self.log.add, self.pace
        )
        choreo.reveal_to_viewer = self.is_human(self.viewer)
        choreo.gettext = self.host.gettext
        return choreo

    def enter(self) -> None:
        self.host.set_theme(self.setup.theme)
        self.host.audio.start_music()
        self.resize(self.host.size)
        if self.resume_round:
            self._resume()
        else:
            self._begin_round(self.table.round_start(self.viewer))

    def _resume(self) -> None:
        """A saved match: the table as it stands, the person's hand at once."""
        self.latest = self.table.update(self.viewer)
        self.shown = ShownTable.empty(self.setup.players, self.viewer, self._deck_size())
        self.choreo = self._new_choreographer()
        self._sync()
        self._retell_round()
        n = self.round_number
        self.log.add(lambda: self.host.gettext("Round {n} resumed.").format(n=n))

    def _retell_round(self) -> None:
        """The log of the round so far, as the viewer saw it: the match's opening draw
        for the dealer (round 1), then their seat's public history of the round."""
        _ = self.host.gettext
        if self.round_number > 1:
            self._log_round_begins(self.round_number)
        opening = [
            e
            for e in self.table.round_start(self.viewer).events
            if isinstance(e, (ev.DealerCard, ev.DealerChosen))
        ]
        # The log keeps LINES_KEPT lines: a long round's whole history (tens of
        # thousands of events, seconds to tell) is cut to a tail that fills it.
        history = self.latest.view.history
        if len(history) > RETOLD:
            opening, history = [], history[-RETOLD:]
        for saying in self._sayings((*opening, *history)):
            if saying is not None:
                self.log.add(saying)

    def _log_round_begins(self, n: int) -> None:
        self.log.add(lambda: self.host.gettext("Round {n} begins.").format(n=n))

    def _sayings(self, happened: tuple, reads: tuple = ()) -> list[Callable[[], str] | None]:
        """For each event, a function that tells it in the language of the moment
        (None: told with the event before it), a bot's reads added to the move they
        explain. The log keeps these, not the words."""

        def tell() -> list[str | None]:
            narrator = self.narrator()
            return with_reads(narrator, narrator.tell(happened), reads)

        told = tell()
        said: dict[str, list[str | None]] = {self.host.i18n.language: told}

        def saying(i: int) -> Callable[[], str]:
            def say() -> str:
                language = self.host.i18n.language
                if language not in said:
                    said[language] = tell()
                return said[language][i] or ""

            return say

        return [saying(i) if text else None for i, text in enumerate(told)]

    def _deck_size(self) -> int:
        return len(self.table.rules.deck())

    def _prewarm(self) -> None:
        """Render every face and the backs in flight now, not mid-animation."""
        style, rules = self.style, self.table.rules
        for card in set(rules.deck()):
            style.card(card.text, self.fan.card_size)
        for step in range(5, 11):
            card_image(style, None, step / 10)
        for angle in range(-30, 31, 6):
            card_image(style, None, OPPONENT_CARD_SCALE, angle)
        if rules.special:  # the Creeper / Urrrh showpiece sizes
            for scale in (1.6, 1.8):
                card_image(style, rules.special, scale)

    def exit(self) -> None:
        self.table.close()  # the last save written, the bots' worker stopped
        self.coach.close()
        self.host.audio.stop_music()

    def resize(self, size: tuple[int, int]) -> None:
        style = self.style
        self.fan.place(self.geometry.place("hand"), style.renderer.card_size, size[0])
        self._prewarm()

    def _begin_round(self, update: SeatUpdate) -> None:
        """Show a round's deal from an empty table."""
        self.latest = update
        self.fresh = None
        self.shown = ShownTable.empty(self.setup.players, self.viewer, self._deck_size())
        self.fan.set_cards([])
        self.choreo = self._new_choreographer()
        if not self.hot_seat:
            self.choreo.deal_cards = list(update.view.hand[:7])
        self._feed(update.events)
        if self.pace == 0:
            self.choreo.finish()

    def narrator(self) -> Narrator:
        you = None if self.hot_seat or not self.humans else self.viewer
        return Narrator(
            self.names, you, self.colour_names(), self.host.gettext, self.host.i18n.ngettext
        )

    def colour_names(self) -> dict[str, str]:
        language = self.host.i18n.language
        return {
            c.key: c.names.get(language, c.names.get("en", c.key))
            for c in self.style.manifest.colours
        }

    # -- the game moves only through the table ----------------------------------------------

    def submit(self, action: Action) -> bool:
        """The viewer's action; False (with a message) if the table refuses it."""
        before = self.latest.token, self.latest.view, self.viewer_legal()
        fresh = self.fresh
        if action[0] != ActionKind.CATCH:
            self.fresh = None  # before the table answers: a draw now marks its own card
        try:
            self.table.submit(self.viewer, action)
        except IllegalAction as error:  # the engine says why; we say it in the player's words
            self.fresh = fresh
            _ = self.host.gettext
            self.say(refusal_text(error, _, self.names, self.style.colour_name, self.prompt.status))
            return False
        self._forget_hint()  # the player has acted: the hint has done its job
        if action[0] != ActionKind.CATCH:  # a catch keeps an UNO call armed
            self.uno_armed = False
            self.choice = None
            if self.toast is not None and self.toast[0] == self.host.gettext(UNO_NOTE):
                self.toast = None  # the call is made: the note has done its job
        if self.host.settings.teach and before[1].current == self.viewer:
            self.coach.judge(*before, action)
        return True

    def _on_update(self, update: SeatUpdate) -> None:
        """The viewer's seat was told something changed at the table."""
        if update.round_number != self.latest.round_number:
            self._begin_round(update)
            return
        self.latest = update
        self._note_drawn(update.events)
        self._feed(update.events, update.reads)

    def _note_drawn(self, happened: tuple) -> None:
        """The card the viewer just drew from the pile, to mark in the hand."""
        for event in happened:
            if type(event) is ev.CardsDrawn and event.seat == self.viewer and event.cards:
                self.fresh = event.cards[-1] if event.reason == "draw" else None

    def _feed(self, happened: tuple, reads: tuple = ()) -> None:
        self.choreo.feed(happened, self._sayings(happened, reads))
        self.synced = False

    # -- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.table.flush()  # once a frame, however many actions it applied

    def _advance(self, dt: float) -> None:
        self.choreo.pace = self.table.pace = self.pace
        if self.shown.reveal is not None and self.holds_for_reading:
            # A panel the person is reading holds the game still (no bot plays on
            # under it) until they close it.
            self._tick_messages(dt)
            return
        self.choreo.update(dt)
        self.table.tick(dt)
        self.fan.update(dt, self.focus)
        self._tick_messages(dt)
        if self.choreo.busy:
            return
        if not self.synced:
            self._sync()
        if self.latest.over:
            self._round_over()
            return
        if self._needs_handover():
            return
        if self.queued is not None and self.my_turn():
            replay_queued(self)
        self.table.step()  # at most one answer, and only once the table is still

    def _tick_messages(self, dt: float) -> None:
        show_ready(self)
        if self.host.data.notices or self.host.config.notices:  # e.g. saving turned out not to work
            self.say(" ".join(self.host.notices()))
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        if self.shake is not None:
            what, left = self.shake
            self.shake = (what, left - dt) if left > dt else None

    def _sync(self) -> None:
        view = self.latest.view
        self.shown.sync(view)
        self.fan.set_cards(list(view.hand))
        self.synced = True
        if self.focus is not None and self.focus >= len(self.fan.cards):
            self.focus = len(self.fan.cards) - 1 if self.fan.cards else None

    def _round_over(self) -> None:
        if self.scored_round == self.round_number:
            return
        self.scored_round = self.round_number
        if scene_class("round_tally").wanted(self):  # the points count in at the table first
            self.host.stack.push(self.host.scene("round_tally", self))
        else:
            self.host.stack.push(self.host.scene("scoreboard", self))

    def next_round(self) -> None:
        """Called by the scoreboard: deal the next round of the match."""
        # Said before the deal, whose lines an instant table logs at once.
        self._log_round_begins(self.round_number + 1)
        self.table.next_round()  # the viewer's update starts the deal (_on_update)

    def _needs_handover(self) -> bool:
        """With two people at one computer, hide the hand until the next one is ready."""
        seat = self.latest.current
        if not self.hot_seat or not self.is_human(seat) or self.confirmed == seat:
            return False
        self.confirmed = None
        self.host.stack.push(
            self.host.scene(
                "pass_device",
                self.setup.theme,
                self.setup.seats[seat].name,
                lambda: self.hand_over(seat),
            )
        )
        return True

    def hand_over(self, seat: int) -> None:
        self.table.unwatch(self.viewer, self._on_update)
        self.viewer = self.confirmed = seat
        self.fresh = None
        self.table.watch(seat, self._on_update)
        self.latest = self.table.update(seat)
        self.shown.viewer = seat
        self.fan.set_cards([])
        self.resize(self.host.size)
        self._sync()

    # -- helpers for input and drawing -----------------------------------------------------

    def my_turn(self) -> bool:
        """The viewer is a person who has taken the seat, and it is their move
        (the cards may still be flying: see `human_turn`)."""
        latest = self.latest
        return (
            latest.turn
            and latest.seat == self.viewer
            and self.is_human(self.viewer)
            and self.confirmed == self.viewer
        )

    # A local table waits while the person reads a panel (a challenged hand). A table
    # played on a server cannot: the others play on and the turn timer runs, so there
    # the panel closes by itself after its while, over the moving table.
    holds_for_reading = True

    def human_turn(self) -> bool:
        """The viewer is a person, it is their turn, and the table is still."""
        return self.my_turn() and not self.choreo.busy

    def viewer_legal(self) -> tuple[Action, ...]:
        return self._latest.legal if self.prompt.choices else ()

    def say(self, text: str) -> None:
        self.toast = (text, toast_seconds(text))

    def set_speed(self, speed: str) -> None:
        """From the settings opened over this table: the new pace applies at once,
        to the cards in flight and to the computer players' pauses."""
        self.speed = speed
        self.choreo.pace = self.table.pace = self.pace

    def cycle_speed(self) -> None:
        """The table's speed button: the player's animation speed (Settings), so a
        match they Continue later plays at it too."""
        names = list(SPEEDS)
        self.set_speed(names[(names.index(self.speed) + 1) % len(names)])
        self.host.settings.speed = self.speed
        self.host.save_settings()
        self.say(self.host.gettext("Speed {speed}").format(speed=self.speed))

    def handle(self, event: pygame.event.Event) -> None:
        handle_event(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
