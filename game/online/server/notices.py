"""What a table tells the people at it about the table itself (not the play:
that is `wire`): who sits where, the settings, who is away, and what someone
coming back missed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.online.protocol.server_messages import (
    Clock,
    Joined,
    Presence,
    Reveal,
    Seats,
    SeatState,
    Settings,
)

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot


def joined(room: Room, slot: Slot) -> Joined:
    return Joined(
        code=room.code,
        seat=slot.seat,
        token=slot.token,
        theme=room.setup.theme,
        rules=room.setup.rules,
        target=room.setup.target,
        scoring=room.setup.scoring,
        timer=room.timer,
        catch_window=room.options.catch_window,
        names=tuple(s.name for s in room.slots),
        host=room.host,
        dedicated=room.options.dedicated,
        public=room.public,
        watch=room.watchable,
    )


def seats(room: Room) -> Seats:
    listed = tuple(
        SeatState(
            s.name,
            s.kind,
            here=s.kind != "person" or s.link is not None,
            computer=s.kind == "bot" or s.stand_in,
        )
        for s in room.slots
    )
    return Seats(room.started, listed, room.host, len(room.watchers))


def settings(room: Room) -> Settings:
    setup = room.setup
    return Settings(
        setup.target, setup.scoring, room.timer, setup.rules, room.public, room.watchable
    )


def away(room: Room, slot: Slot) -> Presence:
    """`slot`'s person dropped: the seconds before a computer plays for them."""
    left = room.options.grace
    now = room.now()
    if slot.grace is not None and now is not None:
        left = max(0.0, slot.grace.when() - now)
    return Presence(slot.seat, "away", round(left, 1))


def catch_up(room: Room, slot: Slot) -> list[Clock | Presence | Reveal]:
    """What someone coming back missed: the clock, who is away, the last key."""
    told: list[Clock | Presence | Reveal] = []
    now = room.now()
    if room.clock is not None and now is not None:
        seat, due = room.clock
        left = max(0.0, (due - now) / room.options.second)
        told.append(Clock(seat, round(left, 1)))
    for other in room.slots:
        if other.kind == "person" and other is not slot:
            if other.stand_in:
                told.append(Presence(other.seat, "computer"))
            elif other.link is None:
                told.append(away(room, other))
    table = room.table
    if table is not None and table.over and room.seal.revealed == table.round_number:
        reveal = room.seal.reveal(room.dealt, table.round_number)
        if reveal is not None:
            told.append(reveal)
    return told
