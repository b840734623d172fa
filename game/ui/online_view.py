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

SEAT_MARGIN = (60, 20)  # 720p px: a seat's drawing past its rect, each side, across and down


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
    taken: tuple[pygame.Rect, ...] = ()  # what the table drew: a bubble keeps off it

    def seats(self) -> list[pygame.Rect]:
        """The other seats with room round them for what is drawn beyond the map's
        rect (fanned backs, a long name, a badge over them): what an overlay keeps off."""
        g, style = self.geometry, self.style
        grow = (2 * style.px(SEAT_MARGIN[0]), 2 * style.px(SEAT_MARGIN[1]))
        return [g.seat_rect(s).inflate(*grow) for s in range(g.players) if s != self.viewer]
