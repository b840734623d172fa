"""Playing again at a match's end: everyone at the table sees who has said yes
(`again`); when every person here has, or when the countdown ends with at least
one yes, a new match starts with the same seats and options. A seat whose
person left, or did not say yes, goes to a spectator who asked for a seat, or
else to a computer; a person who did not say yes stays on as a spectator. A
person who dropped (and did not leave) keeps their seat: a computer plays it
until they come back.

At a table in a player's own game (not `dedicated`) the host's computer holds
the match: it plays again only with the host's yes, so the host is always in
the new match, never a spectator of a table guests play at (the host leaving
ends such a table, PROTOCOL.md). No yes from the host by the countdown's end:
the table closes for everyone.

    {"type": "rematch", "yes": [0, 2], "people": [0, 1, 2], "seconds": 30.0}
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

from game.online.protocol import fairness
from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import Rematch
from game.online.server import presence, spectators
from game.table import GameSetup

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot


def notice(room: Room) -> Rematch:
    loop, yes = asyncio.get_running_loop(), room.again or set()
    left = max(0.0, (room.rematch_ends - loop.time()) / room.options.second)
    people = sorted(s.seat for s in room.here())
    return Rematch(tuple(sorted(yes)), tuple(people), round(left, 1))


def agree(room: Room, slot: Slot) -> None:
    """`slot`'s person says yes to another match."""
    if room.again is None:
        raise BadMessage("there is no match to play again yet", "not_over")
    if slot.seat in room.again:
        return  # said already: answered once per seat, never a broadcast per repeat
    room.again.add(slot.seat)
    room.broadcast(notice(room))
    room.wake()


async def ask(room: Room) -> bool:
    """The vote, until everyone here said yes or the countdown ends. True: play again."""
    if room.options.rematch <= 0:
        return False
    loop = asyncio.get_running_loop()
    room.again = set()
    room.rematch_ends = loop.time() + room.options.rematch * room.options.second
    room.broadcast(notice(room))
    while not room.closed and room.here():
        here = {s.seat for s in room.here()}
        left = room.rematch_ends - loop.time()
        if here <= room.again or left <= 0:
            break
        room.woken.clear()
        await room.sleep(left)
    return not room.closed and bool(agreed(room))


def agreed(room: Room) -> set[int]:
    """The seats here that said yes; none unless the host did, when the table is
    in the host's own game."""
    yes = (room.again or set()) & {s.seat for s in room.here()}
    if not room.options.dedicated and room.host not in yes:
        return set()
    return yes


def restart(room: Room) -> None:
    """A new match at the same table: those who agreed keep their seats (and
    tokens), and so do those who dropped without leaving: a computer plays for
    them until they come back with their token (the host who quit to the menu
    rejoins their own table). Every other person's seat is free for a spectator
    who asked, or a computer. Everyone is told `joined` (or `watching`) again,
    then the deal."""
    yes = room.again or set()
    for slot in room.slots:
        if slot.kind != "person" or slot.seat in yes and slot.link is not None:
            continue
        if slot.link is None and slot.token:  # away, not gone: the seat waits for them
            continue
        link = slot.link
        slot.kind, slot.name, slot.token, slot.link, slot.controller = "open", "", "", None, None
        if link is not None:  # here but did not say yes: watches from now on
            room.watchers[link] = 0
            getattr(link, "watches", lambda room: None)(room)
    for slot in room.slots:
        slot.ready = slot.stand_in = False
        slot.sent_round = 0
        if slot.kind == "bot" and slot.free:
            slot.kind = "open"  # a computer only held it: free for someone waiting
        if slot.kind == "person":
            slot.controller = room.person_seat(slot)
    _fresh_match(room)
    spectators.seat_waiting(room)
    # Before anyone is told: `joined` and `watching` say who hosts the new match.
    if room.host >= len(room.slots) or room.slots[room.host].link is None:
        heir = next((s for s in room.slots if s.link is not None), None)
        room.host = heir.seat if heir is not None else room.host
    for slot in room.slots:
        if slot.link is not None:
            room._tell_joined(slot)
    for link in room.watchers:
        room.watchers[link] = 0
        link.send(spectators.watching(room))
    room.start(fill=True)
    for slot in room.slots:
        if slot.kind == "person" and slot.link is None:
            presence.stand_in(room, slot)


def _fresh_match(room: Room) -> None:
    for handle in room.timers.values():
        handle.cancel()
    room.timers.clear()
    room.votes.clear()
    room.turn_since.clear()
    room.clock, room.window_opened, room.again = None, -1.0, None
    if room.table is not None:
        room.table.close()
    room.table = room.match = None
    room.seal = fairness.Seal()
    setup = room.setup
    room.setup = GameSetup(
        setup.theme, setup.rules, (), setup.target, setup.scoring, secrets.randbelow(2**31)
    )
    room.pool.forget(room.code)
