"""A table's people coming and going: a drop keeps the seat for the grace
period, then a computer plays it until they are back; a table nobody is at
waits, then closes (kept for its people); the host role passes on. Each is
told to everyone at the table (`presence`, `seats`, `host`)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import HostSeat
from game.online.server import notices
from game.online.server.bot_pool import PoolSeat
from game.online.server.seats import STAND_IN_LEVEL

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot

HOST_LEFT = "The host left. The match is saved on their computer."


def dropped(room: Room, slot: Slot, for_good: bool = False) -> None:
    """`slot`'s person went away: keep the seat for the grace period (or not)."""
    slot.link = None
    if not room.started:
        slot.kind, slot.name, slot.token, slot.controller = "open", "", "", None
        if slot.seat == room.host and not host_went(room):
            return
        if not room.here():
            room.close("abandoned", "Everyone left before the game started.")
            return
    elif slot.seat == room.host and not room.options.dedicated:
        room.close("host_left", HOST_LEFT)
        return
    elif for_good:
        slot.token = ""  # a seat left for good cannot be taken back
        room.presence(slot, "left")
        stand_in(room, slot)
    else:
        wait_for(room, slot)
    if room.started and slot.seat == room.host:
        host_went(room)
    room.broadcast_seats()
    nobody_here(room)
    room.on_changed(room)


def wait_for(room: Room, slot: Slot) -> None:
    """Keep `slot` for its person for the grace period; everyone is told."""
    loop = asyncio.get_running_loop()
    slot.grace = loop.call_later(room.options.grace, stand_in, room, slot)
    room.broadcast(notices.away(room, slot))


def host_went(room: Room) -> bool:
    """The host role passes to the next person here, in seat order. False (and
    the table closes) when a host's own game ends, or nobody is left to take it."""
    if not room.options.dedicated:
        room.close("host_left", HOST_LEFT)
        return False
    order = room.slots[room.host + 1 :] + room.slots[: room.host + 1]
    heir = next((s for s in order if s.kind == "person" and s.link is not None), None)
    if heir is None:
        if not room.started:
            room.close("abandoned", "Everyone left before the game started.")
            return False
        return True  # the role waits for whoever comes back first
    if heir.seat != room.host:
        room.host = heir.seat
        room.broadcast(HostSeat(room.host))
    return True


def someone_here(room: Room) -> None:
    if room.empty is not None:
        room.empty.cancel()
        room.empty = None


def nobody_here(room: Room) -> None:
    """No person connected: the table waits, and closes after the grace period
    (kept for its people); at once if none of them can come back."""
    if room.here() or room.closed:
        return
    if not any(s.token for s in room.slots):
        room.close("abandoned", "Everyone left the table.")
    elif room.empty is None:
        loop = asyncio.get_running_loop()
        room.empty = loop.call_later(room.options.grace, close_empty, room)


def close_empty(room: Room) -> None:
    room.empty = None
    if not room.here():
        room.close("abandoned", "Nobody was at the table.")


def stand_in(room: Room, slot: Slot) -> None:
    slot.grace = None
    if room.table is None or slot.stand_in or room.closed:
        return
    slot.stand_in = True
    seat = PoolSeat(room.pool, room.code, STAND_IN_LEVEL, f"{room.setup.seed} in {slot.seat}")
    room.table.seat(slot.seat, seat)
    if slot.token:
        room.presence(slot, "computer")
    room.broadcast_seats()
    room.wake()


def give_back(room: Room, slot: Slot) -> None:
    if slot.stand_in and room.table is not None and slot.controller is not None:
        slot.stand_in = False
        room.table.seat(slot.seat, slot.controller)


def back(room: Room, slot: Slot) -> None:
    """A person voted away (or timed out to a computer) takes their seat again."""
    if not slot.stand_in:
        raise BadMessage("your seat is yours already", "illegal")
    give_back(room, slot)
    room.presence(slot, "back")
    room.broadcast_seats()
    room.wake()
