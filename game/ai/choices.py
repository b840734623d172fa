"""Small helpers over lists of legal actions, shared by every level.

They keep list order (never set order), so a seeded bot repeats itself.
"""

from __future__ import annotations

from game.engine import ActionKind
from game.engine.actions import Action, Play


def plays(legal: list[Action]) -> list[Play]:
    return [a for a in legal if a[0] == ActionKind.PLAY]  # type: ignore[misc]


def catches(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a[0] == ActionKind.CATCH]


def with_uno(options: list[Play]) -> list[Play]:
    """Drop each play whose UNO-declaring twin is also offered: declaring is free."""
    declared = {a._replace(uno=False) for a in options if a.uno}
    return [a for a in options if a.uno or a not in declared]


def without_uno(options: list[Play]) -> list[Play]:
    """Drop each UNO-declaring play whose silent twin is offered (a forgetful bot)."""
    silent = {a for a in options if not a.uno}
    return [a for a in options if not a.uno or a._replace(uno=False) not in silent]


def distinct_cards(options: list[Play]) -> list[Play]:
    """The first offered play of each card, so a wild is not picked four times as often."""
    seen: list[object] = []
    out: list[Play] = []
    for act in options:
        if act.card not in seen:
            seen.append(act.card)
            out.append(act)
    return out
