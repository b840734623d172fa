"""The table scene: a client of game.table's `Table`, shown as it happens.

Data flows one way: input -> Action -> `Table.submit` -> the seat's update ->
animation -> screen. The scene is split by job: `seat` (a `SeatState`: the link,
the newest update, its prompt, the intents in progress), `picture` (a
`TablePicture`: what is shown, trailing the game while cards fly), `controls`
(the buttons, laid out when what they show changes) and `renderer` (draws one
`Frame` model). The scene routes input between them and opens the screens
around the table by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame

from game.engine import Card, IllegalAction
from game.engine import events as ev
from game.engine.actions import DRAW, Action, Play
from game.i18n import N_
from game.table import GameSetup, Script, SeatUpdate
from game.table.link import TableLink
from game.table.local import local_table
from game.table.play_choice import PlayChoice
from game.table.prompt import Choice, ChoiceKind
from game.table.saved_game import SavedMatch
from game.ui.animation import SPEEDS
from game.ui.input.context import TableMoment, for_device, last_device
from game.ui.reads import with_reads
from game.ui.refusals import refusal_text
from game.ui.round_end import MATCH, POINTS, EndWords, RoundEnd
from game.ui.scene import Host, Scene
from game.ui.scene_registry import scene_class
from game.ui.speed_words import speed_words
from game.ui.table.controls import UNO_NOTE, Controls, ControlsModel, asking
from game.ui.table.geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table.guidance import Guidance
from game.ui.table.hint import Coach, Thought, advice_renderer
from game.ui.table.narration import Narrator, bare_card_name, shown_names
from game.ui.table.picture import TablePicture
from game.ui.table.portraits import calm_faces, paint_due
from game.ui.table.renderer import Frame, HandLook, TableRenderer, Words
from game.ui.table.seat_state import SeatState
from game.ui.widgets.card_shadow import shadow
from game.ui.widgets.card_sprite import card_image, snapped_size
from game.ui.widgets.card_warmer import CardWarmer
from game.ui.widgets.color_picker import ColorPicker
from game.ui.widgets.corner_note import READ_ONLY
from game.ui.widgets.event_log import LINES_KEPT, EventLog
from game.ui.widgets.seat_panel import SeatWords

# Keys that answer a prompt: pressed while cards move, they are refused out loud.
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ANSWER_KEYS = (pygame.K_k, pygame.K_t, pygame.K_c, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
# A frame of a Continued table's opening starts no step past this (a step is 2-10 ms).
OPENING_SHARE_S = 0.008
RETOLD = 2 * LINES_KEPT  # events told again at a resumed round, at first: most tell a line
# Said for what the player uses now: how to close the proof panel, how to stop a replay.
GO_ON = {
    "keys": N_("Click or press a key to go on"),
    "pad": N_("Press A to go on"),
    "touch": N_("Tap to go on"),
}
REPLAYING = {
    "keys": N_("Replay · Esc: stop"),
    "pad": N_("Replay · B: stop"),
    "touch": N_("Replay · Pause: stop"),
}


class TableScene(Scene):
    says_status = True  # the line over the person's name (a lesson's coach says it instead)

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
        # A Continued table opens over a few frames (see _opening_steps); None: open.
        self.opening: CardWarmer | None = CardWarmer() if saved is not None else None
        self.replaying = script is not None  # every seat plays a finished match's log
        self.speed = setup.speed
        # In virtual time (tests, screenshots) bots decide at once, so a seed replays exactly.
        threaded = not host.deterministic if threaded is None else threaded
        table = link or local_table(
            setup, host.data, saved, threaded, record, script, SPEEDS[setup.speed]
        )
        self.seat = SeatState(table, self._on_update)
        players = self.setup.players
        self.picture = TablePicture(players, self.seat.viewer, lambda: self.geometry, host.audio)
        self.coach = Coach()  # hints and teach-me words, thought out off the frame loop
        self.controls = Controls()
        self.renderer = TableRenderer()
        self.guidance: Guidance | None = None  # a lesson's step, which the words follow
        self.end_words = EndWords(self.log.add)  # said by the screens after a round

    # -- what the scene is about ----------------------------------------------------------

    @property
    def table(self) -> TableLink:
        return self.seat.link

    @property
    def setup(self) -> GameSetup:
        return self.seat.setup  # names and seed settled

    @property
    def log(self) -> EventLog:
        return self.picture.log

    @property
    def mouse(self) -> tuple[int, int]:
        return self.picture.mouse

    @property
    def style(self):  # noqa: ANN201 - the theme's Style
        return self.host.style(self.setup.theme)

    @property
    def pace(self) -> float:
        return SPEEDS[self.speed]

    @property
    def names(self) -> list[str]:
        """As shown: a seat called "You" follows the language of the moment."""
        return shown_names(self.setup.names, self.host.gettext)

    @property
    def round_number(self) -> int:
        return self.seat.latest.round_number

    @property
    def geometry(self) -> TableGeometry:
        return TableGeometry(self.style.renderer.layout, self.setup.players, self.seat.viewer)

    def table_moment(self) -> TableMoment:
        """What the table asks now, for a controller (game/ui/input)."""
        prompt, humans = self.seat.prompt, list(self.setup.humans)
        choice = self.seat.choice
        picking = choice is not None and choice.question in ("color", "give")
        if picking or (prompt.turn and prompt.of(ChoiceKind.COLOUR) is not None):
            colours = tuple(str(c) for c in self.table.rules.colors)
        else:
            colours = ()
        viewer = self.seat.viewer
        owner = humans.index(viewer) if viewer in humans else 0
        return TableMoment(prompt, colours, owner, max(1, len(humans)))

    def discard_rect(self) -> pygame.Rect:
        """Where a card dragged by a finger is played."""
        return self.geometry.place("discard_pile")

    def human_turn(self) -> bool:
        """The viewer is a person, it is their turn, and the table is shown and still."""
        return self.seat.my_turn() and not self.picture.busy and self.opening is None

    # A local table waits while the person reads a panel (a challenged hand). A table
    # played on a server cannot: the others play on and the turn timer runs, so there
    # the panel closes by itself after its while, over the moving table.
    holds_for_reading = True

    # -- set-up -----------------------------------------------------------------------

    def _restart_picture(self) -> None:
        """An empty table and a fresh choreographer, told in the player's language."""
        seat = self.seat
        choreo = self.picture.restart(
            self.setup.players,
            seat.viewer,
            len(self.table.rules.deck()),
            lambda: self.geometry,
            self.host.audio,
            self.pace,
        )
        choreo.reveal_to_viewer = seat.is_human(seat.viewer)
        choreo.gettext = self.host.gettext

    def _take_update(self, update: SeatUpdate) -> None:
        """The viewer's newest update; a hint shown for the position before goes."""
        self.seat.latest = update
        self._forget_hint()

    def _forget_hint(self) -> None:
        self.picture.unsay(self.coach.shown)
        self.coach.shown = None

    def enter(self) -> None:
        self.host.set_theme(self.setup.theme)
        self.host.audio.start_music()
        if self.opening is None:
            self.resize(self.host.size)
        else:  # the felt is made in the opening's frames
            self._place(self.host.size)
            self.opening.start(self._opening_steps())
        if self.resume_round:
            self._resume()
        else:
            self._begin_round(self.table.round_start(self.seat.viewer))

    def _resume(self) -> None:
        """A saved match: the table as it stands, the person's hand at once."""
        self._take_update(self.table.update(self.seat.viewer))
        self._restart_picture()
        self.picture.sync(self.seat.latest.view)
        self._retell_round()
        n = self.round_number
        self.log.add(lambda: self.host.gettext("Round {n} resumed.").format(n=n))

    def _retell_round(self) -> None:
        """The log of the round so far, as the viewer saw it: the match's opening draw
        for the dealer (round 1), then their seat's public history of the round."""
        if self.round_number > 1:
            self._log_round_begins(self.round_number)
        opening = [
            e
            for e in self.table.round_start(self.seat.viewer).events
            if isinstance(e, (ev.DealerCard, ev.DealerChosen))
        ]
        # The log keeps LINES_KEPT lines: a long round's whole history (tens of
        # thousands of events, seconds to tell) is cut to a tail that fills it, the
        # shortest of RETOLD, 4 * RETOLD, ... events (telling costs a frame's time).
        history, tail = self.seat.latest.view.history, RETOLD
        while True:
            told = history[-tail:] if len(history) > tail else (*opening, *history)
            sayings = [saying for saying in self._sayings(told) if saying is not None]
            if len(sayings) >= LINES_KEPT or len(told) >= len(history):
                break
            tail *= 4
        for saying in self._hold_end_words(told, sayings):
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

    def _prewarm(self) -> None:
        """Every face and the backs in flight, queued to render a few a frame (rendering
        them all at once made the frame that opens the table ~250 ms long)."""
        self.renderer.warmer.start(self._images_to_warm())

    def _images_to_warm(self) -> Iterator[Callable[[], object]]:
        """What the deal shows first comes first: the backs that fly and fan out, then
        the hand's faces (read when the queue gets there: after the deal is known)."""
        style, rules = self.style, self.table.rules
        size = style.renderer.card_size
        for step in range(5, 11):  # flights' shadows (opponents' cards fly at 0.5)
            yield partial(shadow, snapped_size(size, step / 10), True)
        yield partial(shadow, self.picture.fan.card_size, False)
        yield partial(shadow, self.picture.fan.card_size, True)
        for angle in range(-30, 31, 6):
            yield partial(card_image, style, None, OPPONENT_CARD_SCALE, angle)
        for step in range(5, 11):
            yield partial(card_image, style, None, step / 10)
        hand = self.seat.latest.view.hand
        for card in (*dict.fromkeys(hand), *sorted(set(rules.deck()), key=str)):
            yield partial(style.card, card.text, self.picture.fan.card_size)
        if rules.special:  # the Creeper / Urrrh showpiece sizes
            for scale in (1.6, 1.8):
                yield partial(card_image, style, rules.special, scale)

    def files_taken_over(self) -> None:
        # A match begun (or played on, or finished) while another window had the files
        # is saved (or its save removed) now, even under a pause or match-end screen.
        self.table.flush()

    def exit(self) -> None:
        self.table.close()  # the last save written, the bots' worker stopped
        self.coach.close()
        self.host.audio.stop_music()

    def resize(self, size: tuple[int, int]) -> None:
        self._place(size)
        for direction in (1, -1):
            self._felt(size, direction)

    def _place(self, size: tuple[int, int]) -> None:
        fan, finger = self.picture.fan, self.geometry.touch_px  # each card a finger's width
        fan.place(self.geometry.place("hand"), self.style.renderer.card_size, size[0], finger)
        self._prewarm()

    def _felt(self, size: tuple[int, int], direction: int) -> None:
        self.renderer.felt(self.style, self.geometry, size, self.picture.piles, direction)

    def _opening_steps(self) -> Iterator[Callable[[], object]]:
        """What the first frame of a table would make from nothing, a few pieces a frame
        behind a short note: the felt both ways, the images and faces the table shows at
        once, then one whole frame drawn aside (its panels and their words). At once it took ~40 ms
        of the frame that opened the table (150-200 ms on a loaded machine)."""
        size, style = self.host.size, self.style
        for direction in (1, -1):
            yield partial(self._felt, size, direction)
        yield partial(style.card, None)  # the draw pile
        for card, angle in self.picture.shown.discard:
            yield partial(card_image, style, card.text, 1.0, angle)
        for card in dict.fromkeys(self.seat.latest.view.hand):
            yield partial(style.card, card.text, self.picture.fan.card_size)
        yield from calm_faces(style, self.geometry.opponents())
        yield lambda: self.renderer.draw(pygame.Surface(size), self.frame())

    def _begin_round(self, update: SeatUpdate) -> None:
        """Show a round's deal from an empty table."""
        self._take_update(update)
        self.seat.fresh = None
        self.picture.fan.set_cards([])
        self._restart_picture()
        if not self.seat.hot_seat:
            self.picture.choreo.deal_cards = list(update.view.hand)
        self._feed(update.events)
        if self.pace == 0:
            self.picture.choreo.finish()

    def narrator(self) -> Narrator:
        host, rules = self.host, self.table.rules
        return Narrator(
            self.names, self.you(), self.colour_names(), host.gettext, host.i18n.ngettext, rules
        )

    def you(self) -> int | None:
        """The seat told as "You": the one person at this computer (none when
        several share it: each is named)."""
        humans = self.setup.humans
        return humans[0] if len(humans) == 1 else None

    def colour_names(self) -> dict[str, str]:
        language = self.host.i18n.language
        return {
            c.key: c.names.get(language, c.names.get("en", c.key))
            for c in self.style.manifest.colours
        }

    def _face(self, card: Card) -> str:
        """'blue Skip' ('Salta azul'): a card's name without its article."""
        return bare_card_name(card, self.colour_names(), self.host.gettext)

    # -- the game moves only through the table ----------------------------------------------

    def submit(self, action: Action) -> bool:
        """The viewer's action; False (with a message) if the table refuses it."""
        seat = self.seat
        before = seat.latest.token, seat.latest.view, seat.legal()
        error = seat.submit(action)
        if error is not None:  # the engine says why; we say it in the player's words
            self.say(self._refusal(error))
            return False
        self._forget_hint()  # the player has acted: the hint has done its job
        if isinstance(action, Play):  # the card left: no equal card looks chosen after it
            self.picture.choose(None)
        if not seat.uno_armed:
            self.picture.unsay(self.host.gettext(UNO_NOTE))  # the call is made
        if self.host.settings.teach and before[1].current == seat.viewer:
            self.coach.judge(*before, action)
        return True

    def _refusal(self, error: IllegalAction) -> str:
        _ = self.host.gettext
        instruction = self._instruction()
        if instruction:  # in a lesson: what the step wants, never a bare "not now"
            return instruction
        return refusal_text(error, _, self.names, self.style.colour_name)

    def _on_update(self, update: SeatUpdate) -> None:
        """The viewer's seat was told something changed at the table."""
        if update.round_number != self.seat.latest.round_number:
            self._begin_round(update)
            return
        self._take_update(update)
        self.seat.note_drawn(update.events)
        self._feed(update.events, update.reads)

    def _feed(self, happened: tuple, reads: tuple = ()) -> None:
        sayings = self._hold_end_words(happened, self._sayings(happened, reads))
        self.picture.feed(happened, sayings)

    def _hold_end_words(self, happened: tuple, sayings: list) -> list:
        """`sayings` less the words a screen after the round says as it shows them
        (the match's winner), those kept in `end_words` with the round's points."""
        shown = list(sayings)
        for i, event in enumerate(happened):
            if isinstance(event, ev.MatchWon) and shown[i] is not None:
                self.end_words.hold(MATCH, shown[i])
                shown[i] = None
            elif isinstance(event, ev.RoundWon) and self.setup.scoring != "alternative":
                # Where each seat adds its own hand the winner scores nothing to tell.
                self.end_words.hold(POINTS, partial(self._points, event))
        return shown

    def _points(self, won: ev.RoundWon) -> str:
        return self.narrator().points(won)

    # -- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.opening is not None:
            if not self.opening.run(OPENING_SHARE_S):
                self.opening = None  # open: the table moves from the next frame
            return
        self._advance(dt)
        self.table.flush()  # once a frame, however many actions it applied

    def _advance(self, dt: float) -> None:
        picture, seat = self.picture, self.seat
        picture.choreo.pace = self.table.pace = self.pace
        if picture.shown.reveal is not None and self.holds_for_reading:
            # A panel the person is reading holds the game still (no bot plays on
            # under it) until they close it; its own cards still turn over and its
            # verdict comes down.
            picture.shown.reveal.opened += dt
            self._tick_messages(dt)
            return
        picture.choreo.update(dt)
        self.table.tick(dt)
        picture.fan.update(dt, picture.focus)
        self._tick_messages(dt)
        if picture.busy:
            return
        if not picture.synced:
            picture.sync(seat.latest.view)
        if seat.latest.over:
            self._round_over()
            return
        if self._needs_handover():
            return
        if seat.queued is not None and seat.my_turn():
            self._replay_queued()
        self.table.step()  # at most one answer, and only once the table is still

    def _tick_messages(self, dt: float) -> None:
        if not self.picture.busy:  # a coach's word about a move once the move is shown
            self._show_thoughts()
        if self.host.data.notices or self.host.config.notices:  # e.g. saving turned out not to work
            self.say(" ".join(self.host.notices()))
        self.picture.tick_messages(dt)

    def _round_over(self) -> None:
        if self.end_words.scored == self.round_number:
            return
        self.end_words.scored = self.round_number
        end = self.round_end()
        if scene_class("round_tally").wanted(end):  # the points count in at the table first
            self.host.stack.push(self.host.scene("round_tally", end))
        else:
            self.host.stack.push(self.host.scene("scoreboard", end))

    def round_end(self) -> RoundEnd:
        """What the screens after the round are given."""
        result = self.seat.latest.result
        assert result is not None, "the round is still in play"
        return RoundEnd(
            result,
            self.round_number,
            self.picture,
            self.geometry,
            self.setup,
            tuple(self.names),
            self.you(),
            self.pace,
            self.next_round,
            self.end_words,
            {seat: look.plate.union(look.face) for seat, look in self.renderer.looks.items()},
        )

    def next_round(self) -> None:
        """Called by the scoreboard: deal the next round of the match."""
        # Said before the deal, whose lines an instant table logs at once.
        self._log_round_begins(self.round_number + 1)
        self.table.next_round()  # the viewer's update starts the deal (_on_update)

    def _needs_handover(self) -> bool:
        """With two people at one computer, hide the hand until the next one is ready."""
        seat = self.seat.needs_handover()
        if seat is None:
            return False
        name = self.names[seat]
        again = lambda: self.hand_over(seat)  # noqa: E731 - the pass screen's answer
        self.host.stack.push(self.host.scene("pass_device", self.setup.theme, name, again))
        return True

    def hand_over(self, seat: int) -> None:
        self.seat.hand_over(seat, self._on_update)
        self._forget_hint()
        self.picture.shown.viewer = seat
        self.picture.fan.set_cards([])
        self.resize(self.host.size)
        self.picture.sync(self.seat.latest.view)

    def say(self, text: str) -> None:
        self.picture.say(text)

    def set_speed(self, speed: str) -> None:
        """From the settings opened over this table: the new pace applies at once,
        to the cards in flight and to the computer players' pauses."""
        self.speed = speed
        self.picture.choreo.pace = self.table.pace = self.pace

    def cycle_speed(self) -> None:
        """The table's speed button: the player's animation speed (Settings), so a
        match they Continue later plays at it too."""
        names = list(SPEEDS)
        self.set_speed(names[(names.index(self.speed) + 1) % len(names)])
        self.host.settings.speed = self.speed
        self.host.save_settings()
        _ = self.host.gettext
        self.say(_("Speed {speed}").format(speed=speed_words(self.speed, _)))

    # -- the coach ------------------------------------------------------------------------

    def _instruction(self) -> str | None:
        """In a lesson, what its step asks now (None otherwise)."""
        return self.guidance.instruction() if self.guidance is not None else None

    def _ask_hint(self) -> None:
        """The Hint button: think about the viewer's move now (in a lesson: the step's
        own instruction, and Enter does the step)."""
        if not self.human_turn():
            self.say(self.host.gettext("A hint is for your own turn."))
            return
        if self.guidance is not None:
            self._guided_hint(self.guidance)
            return
        self.say(self.host.gettext("Thinking…"))
        latest = self.seat.latest
        self.coach.hint(latest.token, latest.view, self.seat.legal())

    def _guided_hint(self, guidance: Guidance) -> None:
        """The step's words; its move becomes what Enter does (a card needing a colour:
        the card takes the focus, and Enter asks for the colour)."""
        text = guidance.instruction()
        if not text:
            return
        self.say(text)
        self.coach.shown = text
        moves = [a for a in self.seat.legal() if guidance.accepts(a)]
        cards = {a.card for a in moves if isinstance(a, Play)}
        if len(moves) == 1:
            self.seat.hinted = moves[0]
        self.picture.choose(cards.pop() if len(cards) == 1 else None)

    def _show_thoughts(self) -> None:
        """Once a frame: a finished hint for the position still on the table goes to
        the note, and becomes what Enter does; its
        card takes the keyboard focus. A teach-me word goes up right after the move."""
        thoughts = self.coach.ready()
        if thoughts:
            render = advice_renderer(self.host.gettext, self.colour_names(), self.narrator())
            for thought in thoughts:
                self._show_thought(thought, render)

    def _show_thought(self, thought: Thought, render: Callable) -> None:
        seat, coach = self.seat, self.coach
        if thought.taken is not None:
            self.say(render(thought.advice, thought.taken))
            return
        move = thought.advice.action
        if thought.token != seat.latest.token or move not in seat.legal():
            return  # the table moved on while the coach thought: the hint is stale
        text = render(thought.advice, None)
        self.say(text)
        coach.shown, seat.hinted = text, move  # never into the log: it is not a move
        self.picture.choose(move.card if isinstance(move, Play) else None)

    # -- the frame --------------------------------------------------------------------------

    def buttons(self) -> list:
        """The buttons on screen now (drawn and clicked from the same list)."""
        seat, s = self.seat, self.style
        model = ControlsModel(
            self.host.size,
            self.setup.theme,
            self.host.i18n.language,
            seat.viewer,
            seat.prompt,
            self.human_turn() and seat.choice is None,
            asking(seat.choice),
            seat.my_turn(),
            seat.is_human(seat.viewer),
            seat.uno_armed,
            self.speed,
            self.picture.fan.rise,
            tuple(self.names),
            last_device(self.host),  # the buttons name its keys, or the pad's glyphs
            frozenset(n for n in range(self.setup.players) if self.picture.shown.one_card(n)),
        )
        colours = tuple(self.table.rules.colors)
        return self.controls.of(model, s, self.geometry, self.host.gettext, self._face, colours)

    def picker(self) -> ColorPicker | None:
        self.buttons()
        return self.controls.picker

    def frame(self) -> Frame:
        """The frame model the renderer draws."""
        seat, picture, _ = self.seat, self.picture, self.host.gettext
        buttons = self.buttons()
        return Frame(
            self.style,
            self.geometry,
            self.host.size,
            picture.shown,
            picture.fan,
            picture.piles,
            picture.log,
            picture.choreo.flights,
            self._hand_look(),
            self._words(),
            self._panel_scores(),
            self.human_turn() and seat.prompt.pile is not None,  # a draw, or taking the cards
            self.table.thinking(),
            buttons,
            self.controls.picker,
            picture.mouse,
            picture.toast[0] if picture.toast else None,
        )

    def _hand_look(self) -> HandLook:
        seat, picture = self.seat, self.picture
        # At one computer shared by several people a hand shows only on its own turn.
        face_up = seat.confirmed == seat.viewer and (
            not seat.hot_seat or seat.latest.current == seat.viewer
        )
        # Lit on the person's turn; out of turn, only a card that may jump in is lit.
        plays = None if picture.busy else seat.prompt.playable
        playable = plays if self.human_turn() else (plays or None)
        symbols = self.host.settings.colour_symbols
        return HandLook(face_up, playable, seat.fresh, picture.focus, picture.shake, symbols)

    def _words(self) -> Words:
        _, shown = self.host.gettext, self.picture.shown
        names = tuple(self.names)
        reveal_title = stamp = ""
        if shown.reveal is not None:
            reveal = shown.reveal
            verdict = _("guilty: they draw 4") if reveal.guilty else _("honest: you draw 6")
            stamp = _("Bluff!") if reveal.guilty else _("Fair play")
            reveal_title = _("{name}'s hand — {verdict}").format(
                name=names[reveal.challenged], verdict=verdict
            )
        heading = _("Round {n} · to {target}").format(n=self.round_number, target=self.setup.target)
        return Words(
            names,
            SeatWords(_("thinking…"), _("UNO!"), _("1 card!")),
            self._status() if self.says_status else "",
            heading,
            _(shown.showpiece[1]) if shown.showpiece else "",
            reveal_title,
            _(for_device(self.host, GO_ON)),
            stamp,
            _(for_device(self.host, REPLAYING)) if self.replaying else "",
            _(READ_ONLY) if not (self.host.data.owner or self.replaying) else "",
        )

    def _status(self) -> str:
        """What the person is asked (the prompt says it), or whose turn it is."""
        latest = self.seat.latest
        if latest.over:
            return ""
        _ = self.host.gettext
        if self.human_turn():
            asked = self._instruction() or _(self.seat.prompt.status)
            if self.seat.hot_seat:  # several people at this computer: say whose turn it is
                return _("{name}: {asked}").format(name=self.names[self.seat.viewer], asked=asked)
            return asked
        if self.picture.busy:
            return ""
        return _("{name}'s turn").format(name=self.names[latest.current])

    def _panel_scores(self) -> tuple[int, ...]:
        """The totals the side panel shows: as the tally counts them in; until it starts,
        the totals before the round (it showed the new totals, dropped to the old ones,
        then counted up)."""
        latest = self.seat.latest
        if self.picture.shown.scores is not None:
            return tuple(self.picture.shown.scores)
        counting_in = latest.over and self.end_words.scored != self.round_number
        return latest.view.scores if counting_in else latest.scores

    def draw(self, surface: pygame.Surface) -> None:
        if self.opening is not None:
            self._draw_opening(surface)
            return
        # Only what changed is drawn again, when the window holds the last frame as the
        # renderer left it: not under a subclass that draws its own overlay on top.
        alone = type(self).draw is TableScene.draw
        frame = self.frame()
        # A few opponents' faces painted a frame (the renderer shows those painted).
        paint_due(frame.style, frame.shown, frame.geometry.opponents(), frame.thinking)
        self.renderer.draw(surface, frame, alone and self.host.stack.kept(self, surface))

    def _draw_opening(self, surface: pygame.Surface) -> None:
        style = self.style
        surface.blit(style.renderer.menu(), (0, 0))
        w, h = surface.get_size()
        words = self.host.gettext("Opening your match...")
        style.label(surface, words, 18, (w // 2, h - style.px(40)), style.text_rgb, "midbottom")

    # -- input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.opening is not None:
            return  # nothing of the table is shown yet
        picture = self.picture
        if event.type == pygame.MOUSEMOTION:
            picture.mouse = event.pos
            pointed = picture.fan.hit(event.pos)
            if pointed is not None:  # the card under the pointer is the chosen one
                picture.focus = pointed
            elif last_device(self.host) == "touch":  # a lifted finger chooses nothing
                picture.choose(None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _click(self, pos: tuple[int, int]) -> None:
        picture, seat = self.picture, self.seat
        picture.mouse = pos
        if picture.shown.reveal is not None:
            picture.shown.reveal = None
            return
        p = self.picker()
        if p is not None:
            key = p.key_at(pos)
            if key is not None:
                self.press(key)
            elif not p.panel.collidepoint(pos) and seat.choice is not None:
                seat.choice = None  # a click away from the picker puts the card back
            return
        button = next((b for b in self.buttons() if b.hit(pos)), None)
        if button is not None:
            self.press(button.key)
            return
        index = picture.fan.hit(pos)
        if index is not None:
            picture.focus = index
            self.card_chosen(picture.fan.cards[index].card)
        elif self.geometry.place("draw_pile").collidepoint(pos):
            self.press("pile")

    def _key(self, key: int) -> None:
        picture = self.picture
        if picture.shown.reveal is not None:  # any key closes the panel, like a click
            picture.shown.reveal = None
            return
        if key == pygame.K_ESCAPE:
            self._escape()
            return
        p = self.picker()
        if p is not None and p.key_for(key) is not None:
            self.press(p.key_for(key) or "")
            return
        hinted = self._hint_chosen()
        if key in ENTER_KEYS and hinted is not None and self.human_turn():
            self.submit(hinted)  # Enter does what the hint said, UNO call and all
            return
        button = next((b for b in self.buttons() if b.enabled and b.hotkey == key), None)
        fan = picture.fan
        if button is not None:
            self.press(button.key)
        elif key == pygame.K_x and not picture.busy:  # X with no Catch button up
            self.say(self.host.gettext("Nobody to catch: no one is holding one card without UNO."))
        elif picture.busy and key in ANSWER_KEYS:
            self.say(self.host.gettext("Wait a moment: the cards are still moving."))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and fan.cards:
            step = -1 if key == pygame.K_LEFT else 1
            focus = picture.focus
            picture.focus = 0 if focus is None else (focus + step) % len(fan.cards)
        elif key in (*ENTER_KEYS, pygame.K_UP) and picture.focus is not None:
            if picture.focus < len(fan.cards):
                self.card_chosen(fan.cards[picture.focus].card)
        elif key in (pygame.K_d, pygame.K_SPACE):
            self.press("pile")

    def _hint_chosen(self) -> Action | None:
        """The hint's move while it is what looks chosen: a hinted card still the chosen
        one (the player may have chosen another since), or a move with no card chosen."""
        hinted = self.seat.hinted
        if hinted is None:
            return None
        chosen = self.picture.chosen
        if isinstance(hinted, Play):
            return hinted if chosen is hinted.card else None
        return hinted if chosen is None else None

    def _escape(self) -> None:
        if self.replaying:  # the label says "Esc: stop": back to where the replay was chosen
            if len(self.host.stack) > 1:
                self.host.stack.pop()
            else:
                self.host.stack.reset(self.host.scene("menu"))
        elif self.seat.choice is not None:
            self.seat.choice = None
        else:
            self._pause()

    def _pause(self) -> None:
        self.host.stack.push(
            self.host.scene("pause", self.setup.theme, self.table.rules, self.set_speed)
        )

    def press(self, key: str) -> None:  # noqa: C901 - one branch per control
        seat = self.seat
        name, _, arg = key.partition(":")
        if name == "pause":
            self._pause()
        elif name == "speed":
            self.cycle_speed()
        elif name == "hint":
            self._ask_hint()
        elif name == "uno":
            seat.uno_armed = not seat.uno_armed
            self.say(self.host.gettext(UNO_NOTE if seat.uno_armed else "UNO call taken back."))
        elif name in ("draw", "pile"):
            self._pile()
        elif (choice := next((c for c in seat.prompt.choices if c.key == key), None)) is not None:
            self._take(choice)
        elif name in ("color", "give", "swap") and seat.choice is not None:
            value: object = int(arg) if name == "swap" else arg
            if seat.choice.answer(name, value):
                self._finish_choice()

    def _take(self, choice: Choice) -> None:
        """A choice of the prompt, taken: a card is played (asking what is missing)."""
        if choice.kind is ChoiceKind.PLAY and choice.card is not None:
            self.card_chosen(choice.card)
            return
        action = choice.action()
        if action is not None:
            self.submit(action)

    def _pile(self) -> None:
        """The draw pile, D or Space: draw on a turn, take the cards when a penalty waits;
        otherwise say what is asked instead."""
        if self.picture.busy:
            self._queue(("draw", None))
            return
        prompt = self.seat.prompt
        if prompt.pile is not None:
            self._take(prompt.pile)
        elif self._instruction():
            self.say(self._instruction() or "")
        elif prompt.status:
            self.say(self.host.gettext(prompt.status))
        else:
            self.submit(DRAW)  # not the person's turn: the engine says whose it is

    def card_chosen(self, card: Card) -> None:
        """A card of the hand was picked: play it, ask what is missing, or say why not."""
        if self.picture.busy:
            self._queue(("card", card))
            return
        seat = self.seat
        playing = seat.prompt.play_of(card)
        variants = [a for a in playing.actions if isinstance(a, Play)] if playing else []
        if not variants:
            self.picture.shake = (card, 0.4)
            self.submit(Play(card))  # not a legal play: the engine says why
            return
        seat.choice = PlayChoice(card, variants, seat.uno_armed)
        self._finish_choice()

    def _finish_choice(self) -> None:
        choice = self.seat.choice
        if choice is not None and choice.action is not None:
            self.submit(choice.action)

    def _queue(self, intent: tuple[str, Card | None]) -> None:
        self.seat.queued = intent
        self.say(self.host.gettext("Wait a moment: that goes as soon as the cards land."))

    def _replay_queued(self) -> None:
        intent = self.seat.take_queued()
        if intent is None:
            return
        kind, card = intent
        if kind == "draw":
            self._pile()
        elif card is not None:
            if self.picture.fan.index_of(card) is None:
                self.say(self.host.gettext("That card is no longer in your hand."))
            else:
                self.card_chosen(card)
