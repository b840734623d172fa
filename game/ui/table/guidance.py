"""What a guided game tells the table scene: the step's words and what it accepts.

The lesson (game/ui/scenes/learn.py) narrows the table's prompt to its step
(game/tutorial/guide.py), so the cards lit and the buttons offered are the step's;
through this the table's hint, status line and refusals say the step's own words,
and the hint does the step's move, so all four agree."""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action


class Guidance(Protocol):
    def instruction(self) -> str | None:
        """What the step asks, in the player's words and language ("Now draw a card.
        Click the draw pile (or press D)."); None when nothing is asked now."""
        ...

    def accepts(self, action: Action) -> bool:
        """`action` is the one the step waits for."""
        ...
