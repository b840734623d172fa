"""One table on the server, a façade over its parts. Everything here runs on the
server's asyncio loop; computers decide in the server's `BotPool` and wake the
loop when they have answered.

- `settings` (table_settings.TableSettings): the game, the turn timer, who may
  find and watch the table; the host changes them.
- `seats` (seats.Seating): the seats, the people at them, the host. A person's
  seat is a `NetSeat` (game.table's `AsyncSeat`): the seat's updates go to the
  person's connection, and their `act` messages answer it.
- `out` (out.Out): everyone the table talks to, its people and its spectators
  (`audience`, spectators.Audience).
- `pulse` (pulse.Pulse): the table's task, what wakes it, the loop's time, closed.
- `play` (play.Play): the `Table` and the match it plays, the deals (fair deals:
  before each deal the people here draw its key with the server,
  game.online.server.deal_draw; the deal is committed to (`deal`) and its key
  told when the round is over (`reveal`): game.online.protocol.fairness), the
  turn clock, the catch window, the people's moves.
- `presence` (presence.Attendance): a person who drops keeps the seat for
  `grace` seconds (everyone is told, with the countdown), then a computer plays
  it until they come back with their seat token; a table where nobody is
  connected closes after `grace` seconds, kept (saved) for its people to
  resume; the host role passes to the next person when the host goes, on a
  dedicated server (inside a player's game the host going ends it).
- `social` (social.Social): reactions, and the votes that hand an idle seat to
  a computer. `rematch` (rematch.Rematch): the vote at a match's end.

The room itself does what takes more than one part: a person sitting down or
coming back, spectators taking free seats, the deal, the rounds, the new match,
closing. room_data makes new rooms and reads and writes saved ones.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from game.limits import SlotKind
from game.online.protocol import fairness
from game.online.protocol.checks import BadMessage, Json
from game.online.protocol.client_messages import ChangeSettings
from game.online.protocol.server_messages import Joined, TableClosed
from game.online.server.bot_pool import BotPool
from game.online.server.out import Out
from game.online.server.play import Play
from game.online.server.presence import Attendance
from game.online.server.pulse import Pulse
from game.online.server.rematch import Rematch
from game.online.server.seats import Link, Seating, Slot
from game.online.server.social import Social
from game.online.server.spectators import Audience, Spectators
from game.online.server.table_settings import TableSettings
from game.table import SeatKind, SeatSetup, Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RoomOptions:
    pace: float = 1.0  # the computers' thinking pauses: 1 as at a desk, 0 for tests and load
    grace: float = 60.0  # seconds a dropped person keeps their seat before a computer plays it
    round_break: float = 8.0  # seconds between rounds, unless every person says `next` sooner
    catch_window: float = 0.5  # seconds every player has to catch a forgotten UNO
    dedicated: bool = True  # the table goes on when its host leaves (False: the host's game)
    second: float = 1.0  # how long a second of the turn timer and the vote wait is (tests: less)
    rematch: float = 30.0  # seconds to say yes to another match (0: the table closes at once)
    draw_wait: float = 3.0  # seconds the people have to commit, then to reveal, for a deal


def _nothing(room: object) -> None:
    pass


class Room:
    """One table: its parts, and what takes more than one of them (a person sitting
    down or coming back, spectators taking seats, the deal, the table's life)."""

    def __init__(
        self,
        code: str,
        settings: TableSettings,
        seats: Seating,
        options: RoomOptions,
        pool: BotPool,
    ) -> None:
        self.code, self.options, self.settings, self.seats = code, options, settings, seats
        self.owner = ""  # the address that made the table (its cap)
        self.on_closed: Callable[[Room], None] = _nothing
        self.on_changed: Callable[[Room], None] = _nothing  # a snapshot is due
        self.out = Out(seats, Audience())
        self.pulse = Pulse()
        self.play = Play(code, (seats, settings, self.out, self.pulse), options, pool, self.changed)
        hooks = (self.close, self.changed, self.joined)
        self.presence = Attendance((seats, self.out, self.play), options, *hooks)
        self.social = Social(self.play, self.presence)
        self.rematch = Rematch(self.play, options)
        parts = (self.out.audience, seats, settings, self.play, self.presence, self.out)
        self.spectators = Spectators(parts, self.joined)

    # -- what the server and the lobby read -----------------------------------------

    @property
    def slots(self) -> list[Slot]:
        return self.seats.slots

    @property
    def host(self) -> int:
        return self.seats.host

    @property
    def table(self) -> Table | None:
        return self.play.table

    @property
    def audience(self) -> Audience:
        return self.out.audience

    @property
    def closed(self) -> bool:
        return self.pulse.closed

    @property
    def started(self) -> bool:
        return self.play.started

    @property
    def keep(self) -> bool:
        """Worth saving for its people: started, not over, and someone may come back."""
        return self.play.keep

    def changed(self) -> None:
        self.on_changed(self)

    def to_data(self) -> Json:
        """The room as its snapshot holds it (room_data.room_from_data takes it up)."""
        from game.online.server.room_data import room_to_data

        return room_to_data(self.code, self.owner, self.settings, self.seats, self.play)

    # -- people sitting down ---------------------------------------------------------------

    def seat_person(self, link: Link, slot: Slot | None = None) -> Slot:
        """`link` takes `slot`, or the first open seat."""
        slot = self.seats.first_open() if slot is None else slot
        self.seats.make_way(link.name)
        refused = self.seats.refusal(slot, link.name)
        if refused is not None:
            raise BadMessage(f"the name {link.name!r} may not sit at this table", refused)
        self.seats.sit(slot, link)
        slot.controller = self.play.person_seat(slot)
        self.presence.someone_here()
        self._tell_joined(slot)
        self.broadcast_seats()
        self.changed()
        return slot

    def joined(self, slot: Slot) -> Joined:
        """What `slot`'s person is told on sitting down or coming back."""
        setup, settings = self.settings.setup, self.settings
        names = tuple(s.name for s in self.slots)
        return Joined(
            code=self.code, seat=slot.seat, token=slot.token, theme=setup.theme,
            rules=setup.rules, target=setup.target, scoring=setup.scoring, timer=settings.timer,
            catch_window=self.options.catch_window, names=names, host=self.host,
            dedicated=self.options.dedicated, public=settings.public, watch=settings.watchable,
        )  # fmt: skip

    def _tell_joined(self, slot: Slot) -> None:
        assert slot.link is not None
        slot.link.send(self.joined(slot))

    def sit(self, link: Link) -> None:
        """A spectator asks for a seat: at once before the deal, else when the next
        round or match begins (`seat_waiting`)."""
        self.audience.check(link)
        if not self.started:
            self.seat_person(link)
            self.spectators.stop(link)  # the server's connection reads its seat off the room
            self.start()  # the last open seat taken: the deal, as for a join
            return
        self.audience.wait_for_seat(link)

    def broadcast_seats(self) -> None:
        self.out.seats_changed(self.started)

    # -- the host's say --------------------------------------------------------------

    def check_host(self, slot: Slot) -> None:
        if slot.seat != self.host:
            raise BadMessage("only the table's host may do that", "not_host")

    def change(self, asked: ChangeSettings) -> None:
        """The host's `settings`, before the deal; who may find and watch the
        table (`public`, `watch`) at any time."""
        self.settings.change(asked, self.started)
        self.out.broadcast(self.settings.notice())

    # -- the match -----------------------------------------------------------------

    def start(self, fill: bool = False, away_to_computers: bool = False) -> None:
        """Deal, once every seat is taken (`fill`: computers take the open ones):
        the people here draw the first deal's key with the server (a match taken
        up from a save was dealt already). `away_to_computers`: once dealt, a computer
        plays at once for each person away (a new match, PROTOCOL.md)."""
        if self.started or (self.seats.open_seats and not fill):
            return
        self.seats.fill()
        remote = SeatKind.REMOTE
        self.settings.seat(
            tuple(
                SeatSetup(s.name, remote if s.kind == SlotKind.PERSON else SeatKind.BOT, s.level)
                for s in self.slots
            )
        )
        if self.play.match is None:
            self.play.begin_draw(1)
            self.pulse.run(self._run(away_to_computers))
            return
        self._open(away_to_computers)
        self.pulse.run(self._run())

    def _open(self, away_to_computers: bool) -> None:
        """The table for the match dealt; those away wait, or a computer plays."""
        table = self.play.open()
        for slot in self.slots:
            if slot.kind == SlotKind.PERSON:
                table.watch(slot.seat, partial(self.play.send_update, slot))
                away = slot.link is None and slot.grace is None and not slot.stand_in
                if away and slot.token:  # taken up from a save: not back yet
                    self.presence.wait_for(slot)
                elif away:  # left for good while the deal was drawn
                    self.presence.stand_in(slot)
        self.presence.nobody_here()
        table.watch(0, self.play.watch_table)
        table.watch(0, self.audience.tell)
        self.broadcast_seats()
        for slot in self.slots:
            if slot.link is not None:
                self.play.send_update(slot, table.round_start(slot.seat))
        self.audience.tell(table.round_start(0))
        self.changed()
        for slot in self.slots:
            if away_to_computers and slot.kind == SlotKind.PERSON and slot.link is None:
                self.presence.stand_in(slot)

    async def _run(self, away_to_computers: bool = False) -> None:
        """The table's life; first the first deal, when it is still to be drawn."""
        play, pulse = self.play, self.pulse
        try:
            if play.table is None:
                key = await play.drawn()
                if pulse.closed:
                    return
                play.match = fairness.keyed_match(self.settings.setup, key)
                self._open(away_to_computers)
            while not pulse.closed and play.table is not None:
                pulse.woken.clear()
                play.advance()
                if play.table.over and self.seats.here():
                    if not await self._between(play.table):
                        return
                    continue
                await pulse.sleep(play.table.next_due())
        except Exception:  # a bug must not take the server down: the table closes
            log.exception("table %s failed", self.code)
            self.close("error", "The table stopped on an error on the server.")

    async def _between(self, table: Table) -> bool:
        """A round is over: the key told, then the next round's deal (drawn while
        the people look at the scores), or the rematch vote. False: this task ends."""
        self.play.reveal()
        if table.match_over:
            if await self.rematch.ask():
                self.play_again()  # a new task plays the new match
            else:
                self.close("match_over", "The match is over.")
            return False
        for slot in self.slots:
            slot.ready = False
        ends = asyncio.get_running_loop().time() + self.options.round_break
        self.play.begin_draw(table.round_number + 1)
        key = await self.play.drawn()
        await self.pulse.until(lambda: all(s.ready for s in self.seats.here()), ends)
        if self.closed:
            return False
        self.spectators.seat_waiting()
        table.next_round(key)
        self.changed()
        return True

    def play_again(self) -> None:
        """A new match at the same table (rematch.py): everyone is told `joined` (or
        `watching`) again, then the deal."""
        for link in self.rematch.free_seats():
            self.audience.rounds[link] = 0
        self.play.fresh()
        self.spectators.seat_waiting()
        self.seats.host_here()  # before anyone is told: `joined` names the new match's host
        for slot in self.slots:
            if slot.link is not None:
                self._tell_joined(slot)
        self.audience.afresh(self.spectators.watching())
        self.start(fill=True, away_to_computers=True)

    def close(self, reason: str, message: str) -> None:
        if self.closed:
            return
        self.pulse.closed = True
        self.out.broadcast(TableClosed(reason, message))
        self.presence.end()  # no grace or empty-table timer left behind
        self.play.close()
        self.pulse.stop()
        self.on_closed(self)
