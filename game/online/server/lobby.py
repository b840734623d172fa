"""The lobby: public tables listed, and "Play now". A table is private unless
its host marks it public: a private table is never listed (nor its code), and
only its code (or an invite carrying it) leads to it.

    Tables((TableInfo(code, theme, house, players, open, started, watchers, watch), ...))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.engine import RuleSet
from game.limits import SeatRequest
from game.online.protocol.server_messages import TableInfo

if TYPE_CHECKING:
    from game.online.server.room import Room

PLAY_NOW_SEATS = (SeatRequest.ME, SeatRequest.OPEN, SeatRequest.OPEN, SeatRequest.OPEN)
PLAY_NOW_THEME = "classic"
MAX_LISTED = 200  # public tables in one `tables` message: the ones with room first


def house(room: Room) -> tuple[str, ...]:
    """The house options this table plays with (the ones switched on)."""
    rules = room.setup.rules
    return tuple(o.name for o in RuleSet.house_options() if getattr(rules, o.name))


def summary(room: Room) -> TableInfo:
    return TableInfo(
        code=room.code,
        theme=room.setup.theme,
        house=house(room),
        players=len(room.slots),
        open=room.open_seats,
        started=room.started,
        watchers=len(room.watchers),
        watch=room.watchable,
    )


def listed(rooms: Iterable[Room]) -> tuple[TableInfo, ...]:
    """Every public table still open; waiting ones with seats first."""
    public = [r for r in rooms if r.public and not r.closed]
    public.sort(key=lambda r: (r.started, r.open_seats == 0))
    return tuple(summary(r) for r in public[:MAX_LISTED])


def first_with_room(rooms: Iterable[Room], theme: str | None) -> Room | None:
    """The public table "Play now" sits at: not dealt yet, a seat open, the theme
    asked for (any, if none was)."""
    for room in rooms:
        waiting = room.public and not room.closed and not room.started and room.open_seats > 0
        if waiting and (theme is None or room.setup.theme == theme):
            return room
    return None
