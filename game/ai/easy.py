"""The `easy` level: a loose player that mostly plays a random card."""

from __future__ import annotations

import random

from game.engine import ActionKind, View
from game.engine.actions import ACCEPT, CHALLENGE, Action, Play

from .choices import catches, distinct_cards, plays, with_uno, without_uno
from .normal import NormalBot
from .reads import Read, ReadKind

THINKS = 0.4  # how often it plays like the normal level
FORGETS_UNO = 0.2
CATCHES = 0.3  # slow to catch: most chances go by
WHIM = 0.15  # it challenges this share of the Wild Draw Fours it faces, on a whim


class EasyBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sound = NormalBot(rng)
        self.read: Read | None = None

    def choose(self, view: View, legal: list[Action]) -> Action:
        self.read = None
        caught = catches(legal)
        if caught and self.rng.random() < CATCHES:
            return caught[0]
        if CHALLENGE in legal and self.rng.random() < WHIM:
            self.read = Read(ReadKind.WHIM, view.draw4_by)
            return CHALLENGE
        legal = [a for a in legal if a[0] not in (ActionKind.CATCH, ActionKind.CHALLENGE)]
        if len(legal) == 1:
            return legal[0]
        forget = self.rng.random() < FORGETS_UNO
        if self.rng.random() < THINKS:
            return self._unsay(self.sound.choose(view, legal), legal, forget)
        options = [a for a in plays(legal) if not _bluff(view, a)] or plays(legal)
        if not options:
            return ACCEPT if ACCEPT in legal else self.rng.choice(legal)
        card = self.rng.choice(distinct_cards(options)).card
        same = [a for a in options if a.card is card]
        same = without_uno(same) if forget else with_uno(same)
        return self._colored(view, same)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        self.read = None
        caught = catches(legal)
        if caught and self.rng.random() < CATCHES:
            return caught[0]
        jumps = with_uno(plays(legal))
        if jumps and self.rng.random() < 0.5:
            return self.rng.choice(jumps)
        return None

    def _colored(self, view: View, same: list) -> Action:
        """A wild names the colour it holds most of, as even a loose player does."""
        held = [c.color for c in view.hand]
        best = max(same, key=lambda a: held.count(a.color) if a.color else 0)
        return best if self.rng.random() < 0.7 else self.rng.choice(same)

    @staticmethod
    def _unsay(act: Action, legal: list[Action], forget: bool) -> Action:
        if forget and isinstance(act, Play) and act.uno:
            silent = act._replace(uno=False)
            return silent if silent in legal else act
        return act


def _bluff(view: View, act: Play) -> bool:
    """A dishonest wild-draw4 from a hand that keeps three cards or more: even a
    loose player sees a challenger would likely catch it."""
    return (
        act.card.kind == "wild-draw4"
        and len(view.hand) > 3
        and any(c.color == view.color for c in view.hand)
    )
