"""People watching a table (`watch` by its code, when the host allows): they see
what every seat sees in public and nothing more, and may take a free seat when
the next round (or match) begins.

A spectator's update is seat 0's update with everything private taken out: no
hand, no drawn card, no legal moves, and every event redacted as for a seat
that is nobody's (`events.for_seat(event, -1)`: no drawn cards, no challenged
hand, no gifts). The table's own watcher for seat 0 feeds it, so spectators
cost one redaction per change, not one per spectator.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

from game.engine.events import for_seat
from game.online.protocol import checks, names
from game.online.protocol.checks import BadMessage
from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import Clock, Refusal, Update, Watching
from game.online.server import notices
from game.online.server.seats import new_seat_token
from game.table import SeatUpdate

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Link, Slot

MAX_WATCHERS = 50  # spectators at one table
NOBODY = -1  # the seat a spectator's events are redacted for


def public_update(update: SeatUpdate) -> SeatUpdate:
    """`update` as someone at no seat may see it."""
    view = update.view
    history = tuple(for_seat(e, NOBODY) for e in view.history)
    public = dataclasses.replace(view, hand=(), drawn=None, history=history)
    events = tuple(for_seat(e, NOBODY) for e in update.events)
    return dataclasses.replace(update, view=public, legal=(), events=events, reads=())


def watching(room: Room) -> Watching:
    """What a spectator is told when they start watching (a `joined` without a seat)."""
    return Watching(notices.joined(room, room.slots[0]))


def watch(room: Room, link: Link) -> None:
    if not room.watchable:
        raise BadMessage("this table's host does not allow watching", "no_watching")
    if len(room.watchers) >= MAX_WATCHERS:
        raise BadMessage("this table has as many watching as it may", "full")
    room.watchers[link] = 0
    link.send(watching(room))
    room.broadcast_seats()  # the seats show how many watch
    if room.table is not None:
        send(room, link, room.table.update(0))
        for message in notices.catch_up(room, room.slots[0]):
            if isinstance(message, Clock) or getattr(message, "seat", None) != 0:
                link.send(message)


def stop(room: Room, link: Link) -> None:
    """`link` stops watching (left, or dropped)."""
    if room.watchers.pop(link, None) is not None:
        if link in room.waiting:
            room.waiting.remove(link)
        room.broadcast_seats()


def send(room: Room, link: Link, update: SeatUpdate) -> None:
    full = room.watchers.get(link) != update.round_number
    room.watchers[link] = update.round_number
    link.send(Update(public_update(update), full))


def tell(room: Room, update: SeatUpdate) -> None:
    """The table's watcher of seat 0: every spectator gets the public update,
    redacted once."""
    if not room.watchers:
        return
    public = public_update(update)
    told: dict[bool, str] = {}  # encoded once per kind, for every spectator
    for link, sent in list(room.watchers.items()):
        full = sent != update.round_number
        room.watchers[link] = update.round_number
        if full not in told:
            told[full] = encode(Update(public, full))
        link.send(told[full])


def sit(room: Room, link: Link) -> None:
    """A spectator asks for a seat: at once before the deal, else when the next
    round or match begins (`seat_waiting`)."""
    if link not in room.watchers:
        raise BadMessage("you are not watching this table", "no_table")
    if not room.started:
        slot = room.seat_person(link)
        stop(room, link)
        _seated(link, room, slot)
        room.start()  # the last open seat taken: the deal, as for a join
        return
    if link not in room.waiting:  # seated when a seat is free at a round's or match's start
        room.waiting.append(link)


def free_seats(room: Room) -> list[Slot]:
    """Seats nobody will come back to: left for good, or a computer filling an
    open seat."""
    return [
        s
        for s in room.slots
        if s.kind == "open" or (s.kind == "person" and not s.token) or (s.kind == "bot" and s.free)
    ]


def seat_waiting(room: Room) -> None:
    """Between rounds: spectators who asked for a seat take the free ones, in
    the order they asked. Their name is checked as any joining person's."""
    for slot in free_seats(room):
        while room.waiting:
            link = room.waiting.pop(0)
            if link in room.watchers and _take(room, slot, link):
                break


def _take(room: Room, slot: Slot, link: Link) -> bool:
    others = [s.name for s in room.slots if s is not slot and s.kind != "open"]
    refused = names.refusal(link.name, others)
    if refused is not None:
        link.send(Refusal(refused, "that name may not sit here"))
        return False
    was_bot = slot.kind == "bot"
    slot.kind, slot.link, slot.free = "person", link, False
    slot.name = checks.seat_name(link.name, slot.seat, others)
    slot.token, slot.stand_in, slot.sent_round = new_seat_token(), False, 0
    slot.controller = room.person_seat(slot)
    if room.table is not None:
        room.table.seat(slot.seat, slot.controller)
        if was_bot:  # a person's seat has had its watcher since the deal
            room.table.watch(slot.seat, partial(room._send_update, slot))
    stop(room, link)
    _seated(link, room, slot)
    room._tell_joined(slot)
    room.broadcast_seats()
    return True


def _seated(link: Link, room: Room, slot: Slot) -> None:
    seated = getattr(link, "seated", None)
    if seated is not None:  # the server's connection learns where it sits now
        seated(room, slot)
