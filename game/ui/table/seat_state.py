"""The viewer's seat at a table: the link to the table, the newest update and the
prompt derived from it once, and the person's intents in progress (a card being
asked about, an UNO call armed, a click queued while cards fly).

No pygame and no picture here: the table scene turns input into calls on this,
and shows what it answers.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import ActionKind, Card, IllegalAction
from game.engine import events as ev
from game.engine.actions import Action
from game.table import GameSetup, SeatKind, SeatUpdate
from game.table.link import TableLink
from game.table.play_choice import PlayChoice
from game.table.prompt import Prompt, idle_prompt, prompt_for

# A click or key while cards fly: ("draw", None) or ("card", the card).
Intent = tuple[str, Card | None]
Watcher = Callable[[SeatUpdate], None]


class SeatState:
    """`link`: the table; `viewer`: the seat shown; `confirmed`: at a shared computer,
    the person who said they are ready (None while the pass screen is up); `fresh`:
    the card the viewer drew last, marked until they act; `hinted`: the coach's move
    for this position (Enter plays it); `choice`, `uno_armed`, `queued`: input in
    progress."""

    def __init__(self, link: TableLink, watcher: Watcher) -> None:
        self.link = link
        humans = self.setup.humans
        self.viewer = humans[0] if humans else 0
        self.confirmed: int | None = None if self.hot_seat else self.viewer
        self.fresh: Card | None = None
        self.hinted: Action | None = None
        self.choice: PlayChoice | None = None
        self.uno_armed = False
        self.queued: Intent | None = None
        self.latest = link.update(self.viewer)
        link.watch(self.viewer, watcher)

    @property
    def setup(self) -> GameSetup:
        return self.link.setup

    @property
    def latest(self) -> SeatUpdate:
        """The viewer's newest update; setting it derives the prompt, once, and drops
        a hint given for the position before."""
        return self._latest

    @latest.setter
    def latest(self, update: SeatUpdate) -> None:
        self._latest = update
        self._prompt = prompt_for(update)
        self.hinted = None

    @property
    def prompt(self) -> Prompt:
        """What the viewer may do now: nothing unless a person has taken the seat."""
        if not self.is_human(self.viewer) or self.confirmed != self.viewer:
            return idle_prompt(self.viewer, self._latest.phase)
        return self._prompt

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].kind is SeatKind.HUMAN

    @property
    def hot_seat(self) -> bool:
        """Two or more people share this computer."""
        return len(self.setup.humans) > 1

    def my_turn(self) -> bool:
        """The viewer is a person who has taken the seat, and it is their move."""
        latest = self._latest
        return (
            latest.turn
            and latest.seat == self.viewer
            and self.is_human(self.viewer)
            and self.confirmed == self.viewer
        )

    def legal(self) -> tuple[Action, ...]:
        return self._latest.legal if self.prompt.choices else ()

    def submit(self, action: Action) -> IllegalAction | None:
        """The viewer's action to the table; the engine's refusal if it says no."""
        fresh = self.fresh
        if action[0] != ActionKind.CATCH:
            self.fresh = None  # before the table answers: a draw now marks its own card
        try:
            self.link.submit(self.viewer, action)
        except IllegalAction as error:
            self.fresh = fresh
            return error
        self.hinted = None  # the player has acted: the hint has done its job
        if action[0] != ActionKind.CATCH:  # a catch keeps an UNO call armed
            self.uno_armed = False
            self.choice = None
        return None

    def note_drawn(self, happened: tuple) -> None:
        """The card the viewer just drew from the pile, to mark in the hand."""
        for event in happened:
            if type(event) is ev.CardsDrawn and event.seat == self.viewer and event.cards:
                self.fresh = event.cards[-1] if event.reason == "draw" else None

    def needs_handover(self) -> int | None:
        """At a shared computer: the person whose turn it is, when they have not yet
        taken the seat (the pass screen goes up)."""
        seat = self._latest.current
        if not self.hot_seat or not self.is_human(seat) or self.confirmed == seat:
            return None
        self.confirmed = None
        return seat

    def hand_over(self, seat: int, watcher: Watcher) -> None:
        """The person at `seat` has taken the computer: their view from now on."""
        self.link.unwatch(self.viewer, watcher)
        self.viewer = self.confirmed = seat
        self.fresh = None
        self.link.watch(seat, watcher)
        self.latest = self.link.update(seat)

    def take_queued(self) -> Intent | None:
        intent, self.queued = self.queued, None
        return intent
