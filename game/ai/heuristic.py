"""A bot that scores every legal action and takes the best: the normal and hard
levels are this with different weights and knowledge."""

from __future__ import annotations

import random

from game.engine import ActionKind, Phase, View
from game.engine.actions import ACCEPT, CHALLENGE, Action

from .choices import catches, plays, with_uno
from .memory import read_history
from .scoring import Weights, turn_score
from .situation import Situation, bluff_odds, read

ANSWER = 100.0  # passing a penalty on beats taking it


class HeuristicBot:
    def __init__(
        self, rng: random.Random, weights: Weights, memory: bool, challenge_above: float
    ) -> None:
        self.rng = rng
        self.weights = weights
        self.memory = memory
        self.challenge_above = challenge_above

    def situation(self, view: View) -> Situation:
        return read(view, read_history(view) if self.memory else None)

    def choose(self, view: View, legal: list[Action]) -> Action:
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
        if CHALLENGE in legal and self.bluff_chance(sit) > self.challenge_above:
            return CHALLENGE
        return ACCEPT

    def bluff_chance(self, sit: Situation) -> float:
        """How likely the pending wild-draw4 was dishonest (normal: no record kept)."""
        return bluff_odds(sit)


def _declared(legal: list[Action]) -> list[Action]:
    """Plays with UNO declared wherever that is offered; other actions unchanged."""
    return [*with_uno(plays(legal)), *[a for a in legal if a[0] != ActionKind.PLAY]]
