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

`Rematch` holds the vote and frees the seats of those not playing again; the
room deals the new match (`Room.play_again`).

    {"type": "rematch", "yes": [0, 2], "people": [0, 1, 2], "seconds": 30.0}
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import Rematch as RematchNotice

if TYPE_CHECKING:
    from game.online.server.play import Play
    from game.online.server.room import RoomOptions
    from game.online.server.seats import Link, Slot


@dataclass
class Vote:
    """At a match's end: the seats that said yes to another, and when the vote ends
    (the loop's time)."""

    ends: float
    yes: set[int] = field(default_factory=set)


class Rematch:
    def __init__(self, play: Play, options: RoomOptions) -> None:
        self.play, self.options = play, options
        self.vote: Vote | None = None  # at a match's end: who said yes to another

    def _yes(self) -> set[int]:
        return self.vote.yes if self.vote is not None else set()

    def notice(self) -> RematchNotice:
        loop, ends = asyncio.get_running_loop(), self.vote.ends if self.vote else 0.0
        left = max(0.0, (ends - loop.time()) / self.options.second)
        people = sorted(s.seat for s in self.play.seats.here())
        return RematchNotice(tuple(sorted(self._yes())), tuple(people), round(left, 1))

    def agree(self, slot: Slot) -> None:
        """`slot`'s person says yes to another match."""
        if self.vote is None:
            raise BadMessage("there is no match to play again yet", "not_over")
        if slot.seat in self.vote.yes:
            return  # said already: answered once per seat, never a broadcast per repeat
        self.vote.yes.add(slot.seat)
        self.play.out.broadcast(self.notice())
        self.play.pulse.wake()

    async def ask(self) -> bool:
        """The vote, until everyone here said yes or the countdown ends. True: play again."""
        if self.options.rematch <= 0:
            return False
        loop, pulse, seats = asyncio.get_running_loop(), self.play.pulse, self.play.seats
        vote = self.vote = Vote(loop.time() + self.options.rematch * self.options.second)
        self.play.out.broadcast(self.notice())
        while not pulse.closed and seats.here():
            here = {s.seat for s in seats.here()}
            left = vote.ends - loop.time()
            if here <= vote.yes or left <= 0:
                break
            pulse.woken.clear()
            await pulse.sleep(left)
        return not pulse.closed and bool(self.agreed())

    def agreed(self) -> set[int]:
        """The seats here that said yes; none unless the host did, when the table is
        in the host's own game."""
        seats = self.play.seats
        yes = self._yes() & {s.seat for s in seats.here()}
        if not self.options.dedicated and seats.host not in yes:
            return set()
        return yes

    def free_seats(self) -> list[Link]:
        """The seats of a new match at the same table: those who agreed keep theirs
        (and tokens), and so do those who dropped without leaving: a computer plays
        for them until they come back with their token (the host who quit to the menu
        rejoins their own table). Every other person's seat is free for a spectator
        who asked, or a computer. The vote is over. Returns the people here who did
        not say yes: they watch from now on."""
        yes, watch = self._yes(), []
        for slot in self.play.seats.slots:
            if slot.kind != "person" or slot.seat in yes and slot.link is not None:
                continue
            if slot.link is None and slot.token:  # away, not gone: the seat waits for them
                continue
            if slot.link is not None:  # here but did not say yes
                watch.append(slot.link)
            slot.kind, slot.name, slot.token, slot.link, slot.controller = (
                "open",
                "",
                "",
                None,
                None,
            )
        for slot in self.play.seats.slots:
            slot.ready = slot.stand_in = False
            slot.sent_round = 0
            if slot.kind == "bot" and slot.free:
                slot.kind = "open"  # a computer only held it: free for someone waiting
            if slot.kind == "person":
                slot.controller = self.play.person_seat(slot)
        self.vote = None
        return watch
