"""A guided first game as data: the deal (every hand, the card flipped, the cards
drawn after it, in order), the computer's moves, and the steps the coach asks of
the player, one player action each.

A `Step` names what the player must do (`Want`), where the screen points
(`point`: "card:<face>", "pile", "uno", "catch", "challenge", "colour"), the
coach's words and, short, what to do (English messages, translated when shown).
Each theme's lesson is a module of its own (`classic.py`, `minecraft.py`,
`monster_high.py`), built from the shared script in `script.py` with the theme's
colours and special card.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action, ActionKind, Play


@dataclass(frozen=True)
class Want:
    """The action a step waits for: its kind, and for a play the card (and whether
    UNO must be called with it); the colour of a wild is the player's to name."""

    kind: ActionKind
    card: str = ""
    uno: bool = False

    def accepts(self, action: Action) -> bool:
        return self.narrows(action) and (not isinstance(action, Play) or action.uno or not self.uno)

    def narrows(self, action: Action) -> bool:
        """`action` is of the step: its kind, and its card for a play (any colour named,
        with or without UNO: a play without the UNO the step asks is refused in the
        step's words, not hidden)."""
        if action[0] != self.kind:
            return False
        return not isinstance(action, Play) or action.card.text == self.card


@dataclass(frozen=True)
class Step:
    want: Want
    point: str  # what the screen points at (see the module's docstring)
    say: str  # the coach's words (an English message)
    do: str  # what to do, short: the hint, the status line, a refusal (an English message)


@dataclass(frozen=True)
class Lesson:
    """One theme's guided round: two seats, the player first (seat 0), the
    computer (seat 1) dealing."""

    theme: str
    preset: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # seat 0's seven cards, seat 1's
    flip: str
    draws: tuple[str, ...]  # the cards drawn after the flip, in the order they are drawn
    bot: tuple[Action, ...]  # the computer's moves, in order
    steps: tuple[Step, ...]
    done: str  # the coach's words once the round is won
    bot_name: str = "Kai"

    @property
    def first_colour(self) -> str:
        """The colour the coach calls {red}: the flip's (Monster High's is pink)."""
        return self.flip.partition("-")[0]

    def cards(self) -> set[str]:
        """Every card the round deals, the computer plays or a step asks for."""
        named = {*self.hands[0], *self.hands[1], self.flip, *self.draws}
        named |= {m.card.text for m in self.bot if isinstance(m, Play)}
        return named | {s.want.card for s in self.steps if s.want.card}
