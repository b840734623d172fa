"""What the scene on top is asking for, read from what it already shows: a game
controller's buttons and a long press mean different keys at the table and in
a menu. Read by duck typing (no scene is imported): a scene that holds a `prompt`
(game/table/prompt.py) and a hand `fan` is a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.table.prompt import ChoiceKind, Prompt


@dataclass(frozen=True)
class TableMoment:
    """The table's question of the moment, as the controller needs it."""

    prompt: Prompt
    colours: tuple[str, ...] = ()  # the colour picker is up, with these colours in order
    owner: int = 0  # which person of this computer sits at the viewed seat (0: the first)
    people: int = 1  # people at this computer

    @property
    def keep(self) -> bool:
        return self.prompt.of(ChoiceKind.KEEP) is not None

    @property
    def challenge(self) -> bool:
        return self.prompt.of(ChoiceKind.CHALLENGE) is not None

    @property
    def catch(self) -> bool:
        return bool(self.prompt.catchable)


def table_moment(scene: Any) -> TableMoment | None:
    """The table's moment if `scene` is a table (local, online or replay), else None."""
    prompt = getattr(scene, "prompt", None)
    if not isinstance(prompt, Prompt) or getattr(scene, "fan", None) is None:
        return None
    return TableMoment(prompt, _picker_colours(scene, prompt), *_owner(scene))


def _picker_colours(scene: Any, prompt: Prompt) -> tuple[str, ...]:
    """The colours offered when the colour picker is up (empty when it is not)."""
    choice = getattr(scene, "choice", None)
    asking = getattr(choice, "question", None) in ("color", "give")
    if not asking and not (prompt.turn and prompt.of(ChoiceKind.COLOUR) is not None):
        return ()
    rules = getattr(getattr(scene, "table", None), "rules", None)
    return tuple(str(c) for c in getattr(rules, "colors", ()))


def _owner(scene: Any) -> tuple[int, int]:
    """(which person of this computer the viewed seat is, how many people there are)."""
    humans = list(getattr(scene, "humans", []) or [])
    viewer = getattr(scene, "viewer", None)
    return (humans.index(viewer) if viewer in humans else 0), max(1, len(humans))


def discard_rect(scene: Any) -> Any:
    """The discard pile's rectangle on a table (a card dragged there is played), else None."""
    geometry = getattr(scene, "geometry", None)
    place = getattr(geometry, "place", None)
    if place is None:
        return None
    try:
        return place("discard_pile")
    except (KeyError, ValueError):
        return None
