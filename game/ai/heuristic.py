"""A bot that scores every legal action and takes the best: the normal and hard
levels are this with different weights and knowledge."""

from __future__ import annotations

import random

from game.engine import ActionKind, Phase, View
from game.engine.actions import ACCEPT, CHALLENGE, Action

from .bluffing import Bluffing, Doubt, Reputation, bluff_pays, challenge
from .choices import catches, plays, with_uno
from .memory import read_history
from .reads import Read
from .scoring import Weights, turn_score
from .situation import Situation, read

ANSWER = 100.0  # passing a penalty on beats taking it


class HeuristicBot:
    def __init__(
        self,
        rng: random.Random,
        weights: Weights,
        memory: bool,
        doubt: Doubt,
        bluffing: Bluffing | None = None,
    ) -> None:
        self.rng = rng
        self.weights = weights
        self.memory = memory
        self.doubt = doubt
        self.bluffing = bluffing
        self.reputation: Reputation | None = None  # made on the first view (its player count)
        self.read: Read | None = None  # what the last decision rested on, if a read

    def watch(self, view: View) -> Reputation:
        """The match's record, brought up to this view."""
        if self.reputation is None or self.reputation.players != view.players:
            self.reputation = Reputation(view.players)
        self.reputation.watch(view)
        return self.reputation

    def situation(self, view: View) -> Situation:
        sit = read(view, read_history(view) if self.memory else None)
        sit.bluff_ok = bluff_pays(sit, self.watch(view), self.bluffing, self.rng)
        return sit

    def choose(self, view: View, legal: list[Action]) -> Action:
        self.read = None
        self.watch(view)
        if len(legal) == 1:
            return legal[0]
        caught = catches(legal)
        if caught:
            return caught[0]
        sit = self.situation(view)
        if view.phase in (Phase.STACK, Phase.DRAW4):
            return self._penalty(sit, legal)
        return self.best(sit, _declared(legal))

    def react(self, view: View, legal: list[Action]) -> Action | None:
        self.read = None
        self.watch(view)
        if not legal:
            return None
        caught = catches(legal)
        if caught:
            return caught[0]
        # A jump-in sheds a card and takes the turn: worth it unless the card is
        # one we would rather keep (a lone action card under number_finish).
        sit = self.situation(view)
        act = self.best(sit, _declared(legal))
        return act if turn_score(sit, act, self.weights) > -5 else None

    def best(self, sit: Situation, legal: list[Action]) -> Action:
        scored = [(turn_score(sit, act, self.weights), i) for i, act in enumerate(legal)]
        top = max(s for s, _ in scored)
        ties = [legal[i] for s, i in scored if s >= top - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _penalty(self, sit: Situation, legal: list[Action]) -> Action:
        answers = _declared([a for a in legal if a[0] == ActionKind.PLAY])
        if answers:
            return self.best(sit, answers)
        if CHALLENGE in legal:
            self.read = challenge(sit, self.watch(sit.view), self.doubt)
            if self.read is not None:
                return CHALLENGE
        return ACCEPT


def _declared(legal: list[Action]) -> list[Action]:
    """Plays with UNO declared wherever that is offered; other actions unchanged."""
    return [*with_uno(plays(legal)), *[a for a in legal if a[0] != ActionKind.PLAY]]
