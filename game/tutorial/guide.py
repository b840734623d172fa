"""The guided round's table: the computer plays its scripted moves, and the player
may do only what the coach asks now; anything else is refused with the step's
words, so the script can never be left. Nothing is saved or counted (no recorder)."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import Any

from game.engine import IllegalAction
from game.engine.actions import Action
from game.table import GameSetup, LocalSeat, SeatKind, SeatSetup, SeatUpdate, Table
from game.table.controllers import THINK, answered, fallback
from game.tutorial.deal import PLAYERS, lesson_match
from game.tutorial.lesson import Lesson, Step

PLAYER = 0  # the person's seat; the computer is seat 1


class ScriptedSeat:
    """The computer: its next scripted move on its turn while it is legal (it always
    is, the player having done as asked), else a safe legal one; never a catch."""

    think = react = THINK
    from_move = False

    def __init__(self, moves: tuple[Action, ...]) -> None:
        self.moves = list(moves)
        self.rng = random.Random(0)

    def decide(self, update: SeatUpdate) -> Future[Action | None]:
        if update.view.current != update.seat or not update.legal:
            return answered(None)
        if self.moves and self.moves[0] in update.legal:
            return answered(self.moves.pop(0))
        return answered(fallback(update.legal, self.rng))

    def close(self) -> None:
        pass


def lesson_setup(lesson: Lesson, speed: str, you: str = "You") -> GameSetup:
    from game.engine import RuleSet

    seats = (SeatSetup(you, SeatKind.HUMAN), SeatSetup(lesson.bot_name, SeatKind.BOT))
    return GameSetup(lesson.theme, RuleSet.preset(lesson.preset), seats, 1, seed=0, speed=speed)


class GuidedTable:
    """A `Table` (a TableLink for the table scene) that takes from the player only
    the action the current step wants, then moves on to the next step."""

    def __init__(
        self,
        lesson: Lesson,
        setup: GameSetup,
        pace: float,
        on_step: Callable[[], None] = lambda: None,
    ) -> None:
        assert setup.players == PLAYERS
        self.lesson = lesson
        self.step_index = 0
        self.on_step = on_step
        self.table = Table(
            setup, [LocalSeat(), ScriptedSeat(lesson.bot)], lesson_match(lesson), pace=pace
        )
        self._told: dict[Callable, Callable[[SeatUpdate], None]] = {}  # watcher -> narrowed

    @property
    def asked(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    def submit(self, seat: int, action: Action) -> list:
        step = self.asked
        if step is None or not step.want.accepts(action):
            raise IllegalAction("not the step the coach asked for")
        # The next step is asked before the table tells what happened, so the updates
        # it sends the player are narrowed to that step.
        self.step_index += 1
        try:
            events = self.table.submit(seat, action)
        except IllegalAction:
            self.step_index -= 1
            raise
        self.on_step()
        return events

    # -- what the player is told: the step narrows what they may do -----------------

    def narrowed(self, update: SeatUpdate) -> SeatUpdate:
        """`update` with only what the step asks of the player left to do: the step's
        card (its colours; with or without UNO, which the step checks), or its one
        action. The screen lights, offers and hints exactly this."""
        if update.seat != PLAYER:
            return update
        step = self.asked
        legal = tuple(a for a in update.legal if step is not None and step.want.narrows(a))
        return replace(update, legal=legal)

    def update(self, seat: int) -> SeatUpdate:
        return self.narrowed(self.table.update(seat))

    def round_start(self, seat: int) -> SeatUpdate:
        return self.narrowed(self.table.round_start(seat))

    def watch(self, seat: int, watcher: Callable[[SeatUpdate], None]) -> None:
        told = self._told.setdefault(watcher, lambda update: watcher(self.narrowed(update)))
        self.table.watch(seat, told)

    def unwatch(self, seat: int, watcher: Callable[[SeatUpdate], None]) -> None:
        told = self._told.pop(watcher, None)
        if told is not None:
            self.table.unwatch(seat, told)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)
