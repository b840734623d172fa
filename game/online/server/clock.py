"""What happens to a person who does not move: the turn timer's move for
them, and the vote that hands their seat to a computer."""

from __future__ import annotations

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
