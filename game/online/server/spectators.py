"""People watching a table (`watch` by its code, when the host allows): they see
what every seat sees in public and nothing more, and may take a free seat when
the next round (or match) begins (`Spectators`).

A spectator's update is seat 0's update with everything private taken out: no
hand, no drawn card, no legal moves, and every event redacted as for a seat
that is nobody's (`events.for_seat(event, -1)`: no drawn cards, no challenged
hand, no gifts). The table's own watcher for seat 0 feeds it, so spectators
cost one redaction per change, not one per spectator.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from game.engine.events import for_seat
from game.online.protocol.checks import BadMessage
from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import (
    Clock,
    Joined,
    Refusal,
    ServerMessage,
    Update,
    Watching,
)
from game.table import SeatUpdate

if TYPE_CHECKING:
    from game.online.server.out import Out
    from game.online.server.play import Play
    from game.online.server.presence import Attendance
    from game.online.server.seats import Link, Seating, Slot
    from game.online.server.table_settings import TableSettings

MAX_WATCHERS = 50  # spectators at one table
NOBODY = -1  # the seat a spectator's events are redacted for


def public_update(update: SeatUpdate) -> SeatUpdate:
    """`update` as someone at no seat may see it."""
    view = update.view
    history = tuple(for_seat(e, NOBODY) for e in view.history)
    public = dataclasses.replace(view, hand=(), drawn=None, history=history)
    events = tuple(for_seat(e, NOBODY) for e in update.events)
    return dataclasses.replace(update, view=public, legal=(), events=events, reads=())


@dataclass
class Audience:
    """A table's spectators: the round each was last sent whole, and those who
    asked for a seat, in the order they asked."""

    rounds: dict[Link, int] = field(default_factory=dict)
    waiting: list[Link] = field(default_factory=list)

    def send(self, message: ServerMessage | str) -> None:
        """To every spectator."""
        for link in list(self.rounds):
            link.send(message)

    def add(self, link: Link, watchable: bool) -> None:
        if not watchable:
            raise BadMessage("this table's host does not allow watching", "no_watching")
        if len(self.rounds) >= MAX_WATCHERS:
            raise BadMessage("this table has as many watching as it may", "full")
        self.rounds[link] = 0

    def remove(self, link: Link) -> bool:
        """`link` stops watching (left, dropped, or seated): False if it was not."""
        if self.rounds.pop(link, None) is None:
            return False
        if link in self.waiting:
            self.waiting.remove(link)
        return True

    def update(self, link: Link, update: SeatUpdate) -> None:
        full = self.rounds.get(link) != update.round_number
        self.rounds[link] = update.round_number
        link.send(Update(public_update(update), full))

    def tell(self, update: SeatUpdate) -> None:
        """The table's watcher of seat 0: every spectator gets the public update,
        redacted once."""
        if not self.rounds:
            return
        public = public_update(update)
        told: dict[bool, str] = {}  # encoded once per kind, for every spectator
        for link, sent in list(self.rounds.items()):
            full = sent != update.round_number
            self.rounds[link] = update.round_number
            if full not in told:
                told[full] = encode(Update(public, full))
            link.send(told[full])

    def check(self, link: Link) -> None:
        if link not in self.rounds:
            raise BadMessage("you are not watching this table", "no_table")

    def wait_for_seat(self, link: Link) -> None:
        """Seated when a seat is free at a round's or match's start."""
        if link not in self.waiting:
            self.waiting.append(link)

    def next_waiting(self) -> Link | None:
        """The first who asked for a seat and still watches."""
        while self.waiting:
            link = self.waiting.pop(0)
            if link in self.rounds:
                return link
        return None

    def afresh(self, watching: ServerMessage) -> None:
        """A new match: everyone watching is told it (`watching`), then sent it whole."""
        for link in self.rounds:
            self.rounds[link] = 0
            link.send(watching)


class Spectators:
    """Watching a table, and spectators taking its free seats: the `Audience`
    and the parts of the table they see and sit at."""

    def __init__(
        self,
        parts: tuple[Audience, Seating, TableSettings, Play, Attendance, Out],
        joined: Callable[[Slot], Joined],
    ) -> None:
        self.audience, self.seats, self.settings, self.play, self.presence, self.out = parts
        self.joined = joined

    def watching(self) -> Watching:
        """What a spectator is told when they start watching (a `joined` without a seat)."""
        return Watching(self.joined(self.seats.slots[0]))

    def watch(self, link: Link) -> None:
        self.audience.add(link, self.settings.watchable)
        link.send(self.watching())
        self.out.seats_changed(self.play.started)  # the seats show how many watch
        if self.play.table is not None:
            self.audience.update(link, self.play.table.update(0))
            for message in self.presence.catch_up(self.seats.slots[0]):
                if isinstance(message, Clock) or getattr(message, "seat", None) != 0:
                    link.send(message)

    def stop(self, link: Link) -> None:
        """`link` stops watching (left, or dropped)."""
        if self.audience.remove(link):
            self.out.seats_changed(self.play.started)

    def seat_waiting(self) -> None:
        """Between rounds: spectators who asked for a seat take the free ones, in
        the order they asked. Their name is checked as any joining person's."""
        for slot in self.seats.free():
            while (link := self.audience.next_waiting()) is not None:
                if self._take(slot, link):
                    break

    def _take(self, slot: Slot, link: Link) -> bool:
        refused = self.seats.refusal(slot, link.name)
        if refused is not None:
            link.send(Refusal(refused, "that name may not sit here"))
            return False
        was_bot = slot.kind == "bot"
        self.seats.sit(slot, link)
        slot.free, slot.stand_in, slot.sent_round = False, False, 0
        slot.controller = self.play.person_seat(slot)
        table = self.play.table
        if table is not None:
            table.seat(slot.seat, slot.controller)
            if was_bot:  # a person's seat has had its watcher since the deal
                table.watch(slot.seat, partial(self.play.send_update, slot))
        self.stop(link)  # the server's connection reads its seat off the room
        link.send(self.joined(slot))
        self.out.seats_changed(self.play.started)
        return True
