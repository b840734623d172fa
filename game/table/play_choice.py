"""Turning a chosen card into one legal Play, one question at a time.

The engine lists every legal variant of a play (colour named, colour given
away, seat swapped with, UNO declared); this narrows them down by asking
only the questions whose answer is not already forced.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Card
from game.engine.actions import Action, Play

QUESTIONS = ("color", "give", "swap")


def plays_of(card: Card, legal: Sequence[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play) and a.card is card]


class PlayChoice:
    def __init__(self, card: Card, variants: Sequence[Play], uno: bool) -> None:
        if not variants:
            raise ValueError(f"{card} has no legal play")
        self.card = card
        wanted = [v for v in variants if v.uno == uno]
        # Declaring UNO only exists when it applies; otherwise play without it.
        self.left: list[Play] = wanted or [v for v in variants if not v.uno] or list(variants)

    @property
    def question(self) -> str | None:
        """The next field with more than one possible answer."""
        for field in QUESTIONS:
            if len(self.options(field)) > 1:
                return field
        return None

    def options(self, field: str) -> list[object]:
        seen: list[object] = []
        for play in self.left:
            value = getattr(play, field)
            if value not in seen:
                seen.append(value)
        return seen

    def answer(self, field: str, value: object) -> bool:
        """Narrow by an answer; False (and no change) if it is not one of the options."""
        kept = [p for p in self.left if getattr(p, field) == value]
        if not kept:
            return False
        self.left = kept
        return True

    @property
    def action(self) -> Play | None:
        return self.left[0] if self.question is None else None
