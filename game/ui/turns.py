"""Computer players' turns and reactions, paced and off the frame loop.

A decision is asked for with the seat's view and legal actions, then applied
only after the thinking pause, and only if nothing happened meanwhile (a
`token` of the round and its action count says so).
"""

from __future__ import annotations

import random
from concurrent.futures import Future
from dataclasses import dataclass

from game.engine import Round
from game.engine.actions import Action
from game.ui.bots import BotRunner
from game.ui.session import Session

THINK = (0.6, 0.9)  # seconds at 1x
REACT = (0.5, 1.2)


@dataclass
class Pending:
    seat: int
    future: Future[Action | None]
    ready_at: float
    token: tuple[int, int]


class TurnDriver:
    def __init__(self, session: Session, runner: BotRunner, pace: float, seed: int) -> None:
        self.session, self.runner, self.pace = session, runner, pace
        self.rng = random.Random(seed)
        self.clock = 0.0
        self.pending: Pending | None = None
        self.reactions: list[Pending] = []
        self.asked: set[tuple[int, tuple[int, int]]] = set()
        self.errors: list[str] = []

    @staticmethod
    def token(rnd: Round) -> tuple[int, int]:
        return id(rnd), len(rnd.log)

    def thinking(self, rnd: Round) -> int | None:
        """The computer seat visibly thinking now, if any."""
        p = self.pending
        return p.seat if p is not None and p.token == self.token(rnd) else None

    def tick(self, dt: float) -> None:
        self.clock += dt

    def decide(self, rnd: Round) -> tuple[Action, int] | None:
        """Call when the table is idle: an action ready to apply, if any."""
        if rnd.over:
            return None
        token = self.token(rnd)
        self._ask_current(rnd, token)
        self._ask_reactions(rnd, token)
        for p in sorted(self._live(token), key=lambda p: p.ready_at):
            if self.clock < p.ready_at:
                continue
            if not p.future.done():
                continue
            action = self._result(p)
            if p is self.pending:
                self.pending = None
            else:
                self.reactions.remove(p)
            if action is not None and action in rnd.legal_actions(p.seat):
                return action, p.seat
            if p.seat == rnd.current:  # a refused or failed choice must not stall the table
                fallback = self._fallback(rnd)
                return fallback, rnd.current
        return None

    def _live(self, token: tuple[int, int]) -> list[Pending]:
        self.reactions = [r for r in self.reactions if r.token == token]
        if self.pending is not None and self.pending.token != token:
            self.pending = None
        return ([self.pending] if self.pending else []) + self.reactions

    def _ask_current(self, rnd: Round, token: tuple[int, int]) -> None:
        seat = rnd.current
        bot = self.session.bots.get(seat)
        if bot is None or (self.pending is not None and self.pending.token == token):
            return
        view, legal = rnd.view(seat), rnd.legal_actions(seat)
        delay = self.rng.uniform(*THINK) * self.pace
        self.pending = Pending(seat, self.runner.ask(lambda: bot.choose(view, legal)),
                               self.clock + delay, token)

    def _ask_reactions(self, rnd: Round, token: tuple[int, int]) -> None:
        if len(self.asked) > 500:
            self.asked = {k for k in self.asked if k[1] == token}
        for seat, bot in self.session.bots.items():
            if seat == rnd.current or (seat, token) in self.asked:
                continue
            legal = rnd.legal_actions(seat)
            self.asked.add((seat, token))
            if not legal:
                continue
            view = rnd.view(seat)
            delay = self.rng.uniform(*REACT) * self.pace
            self.reactions.append(Pending(seat, self.runner.ask(lambda b=bot, v=view, lg=legal:
                                                                b.react(v, lg)),
                                          self.clock + delay, token))

    def _result(self, p: Pending) -> Action | None:
        try:
            return p.future.result()
        except Exception as error:  # a bot bug is reported, and the game goes on
            self.errors.append(f"seat {p.seat}: {type(error).__name__}: {error}")
            return None

    def _fallback(self, rnd: Round) -> Action:
        legal = [a for a in rnd.legal_actions() if a[0] not in ("challenge", "catch")]
        return self.rng.choice(legal)

    def close(self) -> None:
        self.runner.close()
