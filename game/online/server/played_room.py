"""A room as a shard's table log reads it (cluster.table_log.Played)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Match
    from game.online.server.deal_draw import Deals
    from game.online.server.room import Room
    from game.online.server.seats import Slot


@dataclass(frozen=True)
class PlayedRoom:
    """A room as a shard's table log reads it (cluster.table_log.Played): the
    fields its snapshot holds beside the match, from the room's parts."""

    room: Room

    @property
    def code(self) -> str:
        return self.room.code

    @property
    def closed(self) -> bool:
        return self.room.closed

    @property
    def match(self) -> Match | None:
        return self.room.play.match

    @property
    def host(self) -> int:
        return self.room.host

    @property
    def owner(self) -> str:
        return self.room.owner

    @property
    def public(self) -> bool:
        return self.room.settings.public

    @property
    def watchable(self) -> bool:
        return self.room.settings.watchable

    @property
    def timer(self) -> int:
        return self.room.settings.timer

    @property
    def slots(self) -> list[Slot]:
        return self.room.slots

    @property
    def deals(self) -> Deals:
        return self.room.play.deals
