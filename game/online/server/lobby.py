"""The lobby: public tables listed, and "Play now". A table is private unless
its host marks it public: a private table is never listed (nor its code), and
only its code (or an invite carrying it) leads to it.

    Tables((TableInfo(code, theme, house, players, open, started, watchers, watch), ...))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from game.limits import SeatRequest
from game.online.protocol.server_messages import TableInfo
from game.online.server.seats import Seating
from game.online.server.spectators import Audience
from game.online.server.table_settings import TableSettings

PLAY_NOW_SEATS = (SeatRequest.ME, SeatRequest.OPEN, SeatRequest.OPEN, SeatRequest.OPEN)
PLAY_NOW_THEME = "classic"
MAX_LISTED = 200  # public tables in one `tables` message: the ones with room first


class Listed(Protocol):
    """A table as the lobby reads it (`room.Room` is one)."""

    @property
    def code(self) -> str: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def seats(self) -> Seating: ...
    @property
    def audience(self) -> Audience: ...
    @property
    def started(self) -> bool: ...
    @property
    def closed(self) -> bool: ...


T = TypeVar("T", bound=Listed)


def summary(room: Listed) -> TableInfo:
    settings, seats = room.settings, room.seats
    return TableInfo(
        code=room.code,
        theme=settings.setup.theme,
        house=settings.house(),
        players=len(seats.slots),
        open=seats.open_seats,
        started=room.started,
        watchers=len(room.audience.rounds),
        watch=settings.watchable,
    )


def listed(rooms: Iterable[Listed]) -> tuple[TableInfo, ...]:
    """Every public table still open; waiting ones with seats first."""
    public = [r for r in rooms if r.settings.public and not r.closed]
    public.sort(key=lambda r: (r.started, r.seats.open_seats == 0))
    return tuple(summary(r) for r in public[:MAX_LISTED])


def first_with_room(rooms: Iterable[T], theme: str | None) -> T | None:
    """The public table "Play now" sits at: not dealt yet, a seat open, the theme
    asked for (any, if none was)."""
    for room in rooms:
        waiting = room.settings.public and not room.closed and not room.started
        wanted = theme is None or room.settings.setup.theme == theme
        if waiting and room.seats.open_seats > 0 and wanted:
            return room
    return None
