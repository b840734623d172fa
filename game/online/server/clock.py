"""What happens to a person who does not move: the turn timer's move for
them, and the vote that hands their seat to a computer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from game.engine.actions import Action, ActionKind
from game.table import AT_STAKE

VOTE_AFTER = 10.0  # seconds of a person's turn before the others may vote it to a computer
# What the turn timer does for an idle person, the first of these it may.
IDLE_ORDER = (ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT, ActionKind.CHOOSE)


def idle_action(legal: tuple[Action, ...]) -> Action:
    """What the turn timer plays for a person who did not move: never a card."""
    for tag in IDLE_ORDER:
        for action in legal:
            if action[0] == tag:
                return action
    return next((a for a in legal if a[0] not in AT_STAKE), legal[0])


def votes_needed(others: int) -> int:
    """A majority of the `others` people connected (at least one vote)."""
    return max(1, others // 2 + 1)


class TurnClock:
    """A table's turn timers: each person's on their turn, the one under way (for
    someone coming back), when each turn began (a vote waits VOTE_AFTER into it),
    and the votes to hand an idle seat to a computer."""

    def __init__(self) -> None:
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.due: tuple[int, float] | None = None  # the timed seat and when its time is up
        self.since: dict[int, float] = {}  # seat -> when its turn began (the loop's time)
        self.votes: dict[int, set[int]] = {}  # seat -> the seats that voted it to a computer
        self.renewed = -1  # the table's token of the turn last given a fresh clock on a return

    def start(self, seat: int, seconds: float, out: Callable[[], None]) -> None:
        """`seat`'s turn begins: `out` runs if it is still theirs after `seconds`."""
        loop = asyncio.get_running_loop()
        self.stop(seat)
        self.timers[seat] = loop.call_later(seconds, out)
        self.due = (seat, loop.time() + seconds)
        self.since[seat] = loop.time()
        self.votes.pop(seat, None)

    def renew(self, token: int) -> bool:
        """May a person back on their turn (the update `token`) have its clock afresh?
        Once a turn: dropping and coming back again cannot hold the table up longer."""
        if token == self.renewed:
            return False
        self.renewed = token
        return True

    def stop(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def waited(self, seat: int, now: float) -> float:
        """Seconds since `seat`'s turn began (0 if it never did)."""
        return now - self.since.get(seat, now)

    def vote(self, seat: int, voter: int) -> set[int]:
        """`voter`'s ballot for `seat`: every ballot for it so far."""
        ballots = self.votes.setdefault(seat, set())
        ballots.add(voter)
        return ballots

    def moved_on(self, current: int) -> None:
        """The turn is `current`'s now: a clock for another seat is over."""
        if self.due is not None and self.due[0] != current:
            self.due = None

    def clear(self) -> None:
        """A new match (or the table closes): no timer, clock or vote is left."""
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        self.since.clear()
        self.votes.clear()
        self.due = None
