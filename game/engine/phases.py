"""The phases of a round: what the current seat is asked for. StrEnum members,
so they compare equal to their names as plain strings (saves keep the names)."""

from enum import StrEnum


class Phase(StrEnum):
    COLOR = "color"  # name the colour of a wild card flipped to start (rule 3.3)
    TURN = "turn"  # play or draw
    DRAWN = "drawn"  # play the card just drawn, or keep it (Pass)
    STACK = "stack"  # answer a Draw Two with one, or take the stack (rule 5.5)
    DRAW4 = "draw4"  # accept, challenge or stack on a Wild Draw Four (rules 5.4, 6)
    OVER = "over"  # the round has ended
