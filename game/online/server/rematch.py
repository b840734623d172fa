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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import Rematch
from game.online.server import spectators
from game.online.server.deal_draw import Deals
from game.table import GameSetup

if TYPE_CHECKING:
    from game.online.server.room import Room
    from game.online.server.seats import Slot


@dataclass
class Vote:
    """At a match's end: the seats that said yes to another, and when the vote ends
    (the loop's time)."""

    ends: float
    yes: set[int] = field(default_factory=set)


def _yes(vote: Vote | None) -> set[int]:
    return vote.yes if vote is not None else set()


def notice(room: Room) -> Rematch:
    loop, ends = asyncio.get_running_loop(), room.again.ends if room.again else 0.0
    left = max(0.0, (ends - loop.time()) / room.options.second)
    yes = _yes(room.again)
    people = sorted(s.seat for s in room.here())
    return Rematch(tuple(sorted(yes)), tuple(people), round(left, 1))


def agree(room: Room, slot: Slot) -> None:
    """`slot`'s person says yes to another match."""
    if room.again is None:
        raise BadMessage("there is no match to play again yet", "not_over")
    if slot.seat in room.again.yes:
        return  # said already: answered once per seat, never a broadcast per repeat
    room.again.yes.add(slot.seat)
    room.broadcast(notice(room))
    room.wake()


async def ask(room: Room) -> bool:
    """The vote, until everyone here said yes or the countdown ends. True: play again."""
    if room.options.rematch <= 0:
        return False
    loop = asyncio.get_running_loop()
    vote = room.again = Vote(loop.time() + room.options.rematch * room.options.second)
    room.broadcast(notice(room))
    while not room.closed and room.here():
        here = {s.seat for s in room.here()}
        left = vote.ends - loop.time()
        if here <= vote.yes or left <= 0:
            break
        room.woken.clear()
        await room.sleep(left)
    return not room.closed and bool(agreed(room))


def agreed(room: Room) -> set[int]:
    """The seats here that said yes; none unless the host did, when the table is
    in the host's own game."""
    yes = _yes(room.again) & {s.seat for s in room.here()}
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
    yes = _yes(room.again)
    for slot in room.slots:
        if slot.kind != "person" or slot.seat in yes and slot.link is not None:
            continue
        if slot.link is None and slot.token:  # away, not gone: the seat waits for them
            continue
        link = slot.link
        slot.kind, slot.name, slot.token, slot.link, slot.controller = "open", "", "", None, None
        if link is not None:  # here but did not say yes: watches from now on
            room.audience.rounds[link] = 0
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
    for link in room.audience.rounds:
        room.audience.rounds[link] = 0
        link.send(spectators.watching(room))
    room.start(fill=True, away_to_computers=True)


def _fresh_match(room: Room) -> None:
    room.turns.clear()
    room.window_opened, room.again = -1.0, None
    if room.table is not None:
        room.table.close()
    room.table = room.match = None
    room.deals = Deals()
    setup = room.setup
    room.setup = GameSetup(
        setup.theme, setup.rules, (), setup.target, setup.scoring, secrets.randbelow(2**31)
    )
    room.pool.forget(room.code)
