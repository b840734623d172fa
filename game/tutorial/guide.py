"""The guided round's table: the computer plays its scripted moves, and the player
may do only what the coach asks now; anything else is refused with the step's
words, so the script can never be left. Nothing is saved or counted (no recorder)."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from game.engine import IllegalAction
from game.engine.actions import Action
from game.table import GameSetup, LocalSeat, SeatKind, SeatSetup, SeatUpdate, Table
from game.table.controllers import THINK, answered, fallback
from game.tutorial.deal import PLAYERS, lesson_match
from game.tutorial.lesson import Lesson, Step


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

    @property
    def asked(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    def submit(self, seat: int, action: Action) -> list:
        step = self.asked
        if step is None or not step.want.accepts(action):
            raise IllegalAction("not the step the coach asked for")
        events = self.table.submit(seat, action)
        self.step_index += 1
        self.on_step()
        return events

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)
