"""A table's people coming and going: a drop keeps the seat for the grace
period, then a computer plays it until they are back; a table nobody is at
waits, then closes (kept for its people); the host role passes on. Each is
told to everyone at the table (`presence`, `seats`, `host`); someone coming
back is told what they missed (`catch_up`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import (
    Clock,
    HostSeat,
    Joined,
    Presence,
    Reveal,
    TableClosed,
)

if TYPE_CHECKING:
    from game.online.server.out import Out
    from game.online.server.play import Play
    from game.online.server.room import RoomOptions
    from game.online.server.seats import Link, Seating, Slot

HOST_LEFT = "The host left. The match is saved on their computer."
REPLACED = "You joined this seat from somewhere else."


class Attendance:
    """Who is here: the graces of those away (on their `Slot`s), the stand-in
    computers, and the timer that closes a table nobody is at (`empty`)."""

    def __init__(
        self,
        parts: tuple[Seating, Out, Play],
        options: RoomOptions,
        close: Callable[[str, str], None],
        changed: Callable[[], None],
        joined: Callable[[Slot], Joined],
    ) -> None:
        self.seats, self.out, self.play = parts
        self.options, self.close, self.changed, self.joined = options, close, changed, joined
        self.empty: asyncio.TimerHandle | None = None  # closes the table nobody is at

    def told(self, slot: Slot, state: str) -> None:
        self.out.broadcast(Presence(slot.seat, state))

    def _seats_changed(self) -> None:
        self.out.seats_changed(self.play.started)

    def dropped(self, slot: Slot, for_good: bool = False) -> None:
        """`slot`'s person went away: keep the seat for the grace period (or not)."""
        slot.link = None
        seats, started = self.seats, self.play.started
        if not started:
            slot.kind, slot.name, slot.token, slot.controller = "open", "", "", None
            if slot.seat == seats.host and not self.host_went():
                return
            if not seats.here():
                self.close("abandoned", "Everyone left before the game started.")
                return
        elif slot.seat == seats.host and not self.options.dedicated:
            self.close("host_left", HOST_LEFT)
            return
        elif for_good:
            slot.token = ""  # a seat left for good cannot be taken back
            self.told(slot, "left")
            self.stand_in(slot)
        else:
            self.wait_for(slot)
        if self.play.started and slot.seat == seats.host:
            self.host_went()
        self._seats_changed()
        self.nobody_here()
        self.changed()

    def wait_for(self, slot: Slot) -> None:
        """Keep `slot` for its person for the grace period; everyone is told."""
        loop = asyncio.get_running_loop()
        slot.grace = loop.call_later(self.options.grace, self.stand_in, slot)
        self.out.broadcast(self.away(slot))

    def away(self, slot: Slot) -> Presence:
        """`slot`'s person dropped: the seconds before a computer plays for them."""
        left = self.options.grace
        now = self.play.pulse.now()
        if slot.grace is not None and now is not None:
            left = max(0.0, slot.grace.when() - now)
        return Presence(slot.seat, "away", round(left, 1))

    def host_went(self) -> bool:
        """The host role passes to the next person here, in seat order. False (and
        the table closes) when a host's own game ends, or nobody is left to take it."""
        if not self.options.dedicated:
            self.close("host_left", HOST_LEFT)
            return False
        heir = self.seats.heir()
        if heir is None:
            if not self.play.started:
                self.close("abandoned", "Everyone left before the game started.")
                return False
            return True  # the role waits for whoever comes back first
        if heir.seat != self.seats.host:
            self.seats.host = heir.seat
            self.out.broadcast(HostSeat(heir.seat))
        return True

    def someone_here(self) -> None:
        if self.empty is not None:
            self.empty.cancel()
            self.empty = None

    def nobody_here(self) -> None:
        """No person connected: the table waits, and closes after the grace period
        (kept for its people); at once if none of them can come back."""
        if self.seats.here() or self.play.pulse.closed:
            return
        if not any(s.token for s in self.seats.slots):
            self.close("abandoned", "Everyone left the table.")
        elif self.empty is None:
            loop = asyncio.get_running_loop()
            self.empty = loop.call_later(self.options.grace, self._close_empty)

    def _close_empty(self) -> None:
        self.empty = None
        if not self.seats.here():
            self.close("abandoned", "Nobody was at the table.")

    def stand_in(self, slot: Slot) -> None:
        """A computer plays `slot` (from the deal on, while the deal is being drawn)."""
        slot.grace = None
        if not self.play.started or slot.stand_in or self.play.pulse.closed:
            return
        slot.stand_in = True
        self.play.seat(slot, self.play.stand_in(slot))
        if slot.token:
            self.told(slot, "computer")
        self._seats_changed()
        self.play.pulse.wake()

    def give_back(self, slot: Slot) -> None:
        if slot.stand_in and slot.controller is not None:
            slot.stand_in = False
            self.play.seat(slot, slot.controller)

    def back(self, slot: Slot) -> None:
        """A person voted away (or timed out to a computer) takes their seat again."""
        if not slot.stand_in:
            raise BadMessage("your seat is yours already", "illegal")
        self.give_back(slot)
        self.told(slot, "back")
        self._seats_changed()
        self.play.pulse.wake()

    def resume(self, link: Link, token: str) -> Slot:
        """A person back with their seat token takes their seat again (on a new
        connection: one still on the old is told it was replaced), and is told
        what they missed."""
        slot = self.seats.find(token)
        if slot is None:
            raise BadMessage("no seat has that code and token", "bad_token")
        if slot.link is not None and slot.link is not link:
            slot.link.send(TableClosed("replaced", REPLACED))
        away = slot.link is None or slot.stand_in
        slot.link = link
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        self.someone_here()
        self.give_back(slot)
        slot.sent_round = 0
        link.send(self.joined(slot))
        if self.seats.slots[self.seats.host].link is None and self.options.dedicated:
            self.host_went()  # the role waited for whoever came back first
        if away:
            self.told(slot, "back")
        self._seats_changed()
        play = self.play
        if play.table is not None:
            update = play.table.update(slot.seat)
            if update.turn and slot.seat in play.turns.timers and play.turns.renew(update.token):
                play.asked(slot, update)  # the moves missed are shown before the clock runs
            play.send_update(slot, update)
            for message in self.catch_up(slot):
                link.send(message)
            play.pulse.wake()
        return slot

    def catch_up(self, slot: Slot) -> list[Clock | Presence | Reveal]:
        """What someone coming back missed: the clock, who is away, the last key."""
        told: list[Clock | Presence | Reveal] = []
        play, now = self.play, self.play.pulse.now()
        if play.turns.due is not None and now is not None:
            seat, due = play.turns.due
            left = max(0.0, (due - now) / self.options.second)
            told.append(Clock(seat, round(left, 1)))
        for other in self.seats.slots:
            if other.kind == "person" and other is not slot:
                if other.stand_in:
                    told.append(Presence(other.seat, "computer"))
                elif other.link is None:
                    told.append(self.away(other))
        table, seal = play.table, play.deals.seal
        if table is not None and table.over and seal.revealed == table.round_number:
            reveal = seal.reveal(play.dealt, table.round_number)
            if reveal is not None:
                told.append(reveal)
        return told

    def end(self) -> None:
        """The table closes: no grace or empty-table timer is left behind."""
        for slot in self.seats.slots:
            if slot.grace is not None:
                slot.grace.cancel()
        self.someone_here()
