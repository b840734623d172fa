"""A finished match walked move by move, as its replay screen shows it.

The match is over, so nothing is hidden: every seat's hand is shown at every
move. A position is a number of moves from the start of the match (0: the first
deal); `seek` goes to any position, forward by playing on, back by playing again
from the deal (a match is a few thousand moves at most, and the engine plays
tens of thousands a second).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.engine import Card
from game.engine.actions import Action
from game.limits import SeatKind
from game.table.controllers import Controller, ReplaySeat, Script
from game.table.seats import GameSetup
from game.table.table import Table


@dataclass(frozen=True)
class ReplayMoment:
    """What the replay screen shows at one position."""

    position: int  # moves from the start of the match
    round_number: int  # 1 for the first round
    hands: tuple[tuple[Card, ...], ...]  # every seat's hand
    top: Card
    color: str | None
    current: int  # the seat to move
    scores: tuple[int, ...]  # match totals before this round (after it, once over)
    last: tuple[int, Action] | None  # the move that led here (None: a deal)


class ReplayCursor:
    def __init__(self, setup: GameSetup, rounds: Sequence[Sequence[tuple[int, Action]]]) -> None:
        self.setup = replace(
            setup, seats=tuple(replace(s, kind=SeatKind.REPLAY) for s in setup.seats)
        )
        self.rounds = [list(log) for log in rounds]
        # Where each round starts, in moves from the start of the match.
        self.round_starts = [
            sum(len(log) for log in self.rounds[:i]) for i in range(len(self.rounds))
        ]
        self.total = sum(len(log) for log in self.rounds)
        self._table = self._fresh()
        self._at = 0

    def _fresh(self) -> Table:
        script = Script(self.rounds)
        controllers: list[Controller] = [ReplaySeat(script) for _ in self.setup.seats]
        return Table(self.setup, controllers, pace=0.0)

    @property
    def position(self) -> int:
        return self._at

    def seek(self, position: int) -> ReplayMoment:
        """The moment `position` moves into the match (held within the match)."""
        position = max(0, min(self.total, position))
        if position < self._at:
            self._table.close()
            self._table, self._at = self._fresh(), 0
        while self._at < position and self._move():
            pass
        return self.moment()

    def round_of(self, position: int) -> int:
        """The round (from 0) that the move at `position` belongs to."""
        return max((i for i, start in enumerate(self.round_starts) if start <= position), default=0)

    def _move(self) -> bool:
        """Play the next recorded move (dealing the next round first if one ended)."""
        table = self._table
        if table.over:
            if table.match_over:
                return False
            table.next_round()
        for _ in range(4):  # asked, then answered: a recorded answer is ready at once
            if table.step():
                self._at += 1
                return True
        return False

    def moment(self) -> ReplayMoment:
        table = self._table
        updates = [table.update(seat) for seat in range(self.setup.players)]
        view, now = updates[0].view, updates[0]
        log = self.rounds[now.round_number - 1] if now.round_number <= len(self.rounds) else []
        last = log[now.actions - 1] if 0 < now.actions <= len(log) else None
        return ReplayMoment(
            position=self._at,
            round_number=now.round_number,
            hands=tuple(u.view.hand for u in updates),
            top=view.top,
            color=view.color,
            current=view.current,
            scores=now.scores,
            last=last,
        )

    def close(self) -> None:
        self._table.close()
