"""What a table tells the people at it about the table itself (not the play:
that is `wire`): who sits where, the settings, who is away, and what someone
coming back missed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot


def joined(room: Room, slot: Slot) -> dict[str, Any]:
    return {
        "type": "joined",
        "code": room.code,
        "seat": slot.seat,
        "token": slot.token,
        "theme": room.setup.theme,
        "rules": room.setup.rules.options(),
        "target": room.setup.target,
        "scoring": room.setup.scoring,
        "timer": room.timer,
        "catch_window": room.options.catch_window,
        "names": [s.name for s in room.slots],
        "host": room.host,
        "dedicated": room.options.dedicated,
        "public": room.public,
        "watch": room.watchable,
    }


def seats(room: Room) -> dict[str, Any]:
    listed = [
        {
            "name": s.name,
            "kind": s.kind,
            "here": s.kind != "person" or s.link is not None,
            "computer": s.kind == "bot" or s.stand_in,
        }
        for s in room.slots
    ]
    return {
        "type": "seats",
        "seats": listed,
        "started": room.started,
        "host": room.host,
        "watchers": len(room.watchers),
    }


def settings(room: Room) -> dict[str, Any]:
    return {
        "type": "settings",
        "target": room.setup.target,
        "scoring": room.setup.scoring,
        "timer": room.timer,
        "rules": room.setup.rules.options(),
        "public": room.public,
        "watch": room.watchable,
    }


def away(room: Room, slot: Slot) -> dict[str, Any]:
    """`slot`'s person dropped: the seconds before a computer plays for them."""
    left = room.options.grace
    now = room.now()
    if slot.grace is not None and now is not None:
        left = max(0.0, slot.grace.when() - now)
    return {"type": "presence", "seat": slot.seat, "state": "away", "seconds": round(left, 1)}


def catch_up(room: Room, slot: Slot) -> list[dict[str, Any]]:
    """What someone coming back missed: the clock, who is away, the last key."""
    told = []
    now = room.now()
    if room.clock is not None and now is not None:
        seat, due = room.clock
        left = max(0.0, (due - now) / room.options.second)
        told.append({"type": "clock", "seat": seat, "seconds": round(left, 1)})
    for other in room.slots:
        if other.kind == "person" and other is not slot:
            if other.stand_in:
                told.append({"type": "presence", "seat": other.seat, "state": "computer"})
            elif other.link is None:
                told.append(away(room, other))
    table = room.table
    if table is not None and table.over and room.seal.revealed == table.round_number:
        reveal = room.seal.reveal(room.dealt, table.round_number)
        if reveal is not None:
            told.append(reveal)
    return told
