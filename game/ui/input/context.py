"""What the scene on top is asking for, read from what it already shows: a game
controller's buttons and a long press mean different keys at the table and in
a menu. A table scene says so itself (`AtTable`), so no scene is imported here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import pygame

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


@runtime_checkable
class AtTable(Protocol):
    """A scene that shows a table (local, online, replay, the lesson): it says what
    the table asks and where its discard pile is."""

    def table_moment(self) -> TableMoment: ...

    def discard_rect(self) -> pygame.Rect: ...


def table_moment(scene: object) -> TableMoment | None:
    """The table's moment if `scene` is a table, else None."""
    return scene.table_moment() if isinstance(scene, AtTable) else None


def discard_rect(scene: object) -> pygame.Rect | None:
    """The discard pile's rectangle on a table (a card dragged there is played), else None."""
    return scene.discard_rect() if isinstance(scene, AtTable) else None


def for_device(host: object, words: Mapping[str, str]) -> str:
    """Of a hint said per device ("keys", "pad", "touch"), the one for the device used
    last (the keyboard's where a device has none)."""
    return words.get(last_device(host), words["keys"])


def last_device(host: object) -> str:
    """What the person used last: "keys" (mouse and keyboard), "pad" or "touch" (the
    app's input router remembers it; a host without one is a keyboard's)."""
    return str(getattr(getattr(host, "input", None), "mode", "keys"))
