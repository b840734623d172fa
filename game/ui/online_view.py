"""What the drawings over a table online read of it, gathered once by the online
scene: the overlays are given this, never the scene, so they cannot reach into
its state (the table scene's split, #29)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.online.client.remote_table import RemoteTable
    from game.ui.style import Style
    from game.ui.table.geometry import TableGeometry


@dataclass(frozen=True)
class OnlineView:
    remote: RemoteTable
    names: list[str]  # as shown, in the player's language
    style: Style
    geometry: TableGeometry
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    size: tuple[int, int]  # the window's
    corner: list[pygame.Rect]  # the table's own buttons along the top edge
    mouse: tuple[int, int]
    viewer: int
    saying: bool  # the reactions are open
