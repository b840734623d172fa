"""The match a server's table plays: its `Table` (made when the deal is drawn),
the match (dealt, or saved and taken up), the deals (`deal_draw.Deals`: the
round's seal, the next deal's draw), the turn clock (`clock.TurnClock`) and the
catch window; the people's moves, the clock's move for one who does not, and
each person's updates.

- The turn timer: a person who does not move within `timer` seconds on their
  turn draws (or passes, or takes the penalty) automatically; everyone sees
  the clock.
- The catch window: when a player may be caught for not calling UNO, the next
  turn move waits until `catch_window` seconds after everyone was told, so a
  catch from a far-away player has the same chance as a near one; catches
  are then judged in the order they arrive (the first legal one wins).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.engine import Match
from game.engine.actions import Action, ActionKind, to_text
from game.online.protocol.checks import BadMessage
from game.online.protocol.client_messages import DealCommit, DealReveal
from game.online.protocol.server_messages import Clock, Timeout, Update
from game.online.server.bot_pool import BotPool, PoolSeat
from game.online.server.clock import TurnClock, idle_action
from game.online.server.deal_draw import Deals
from game.online.server.seats import STAND_IN_LEVEL, NetSeat, Seating, Slot
from game.table import SeatUpdate, Table

if TYPE_CHECKING:
    from game.online.server.out import Out
    from game.online.server.pulse import Pulse
    from game.online.server.room import RoomOptions
    from game.online.server.table_settings import TableSettings

log = logging.getLogger(__name__)


class Play:
    def __init__(
        self,
        code: str,
        parts: tuple[Seating, TableSettings, Out, Pulse],
        options: RoomOptions,
        pool: BotPool,
        changed: Callable[[], None],
    ) -> None:
        self.code, self.options, self.pool, self.changed = code, options, pool, changed
        self.seats, self.settings, self.out, self.pulse = parts
        self.table: Table | None = None
        self.match: Match | None = None  # a saved match to resume, or the one dealt
        self.deals = Deals()  # the deal's seal, the next one's draw
        self.turns = TurnClock()  # turn timers and votes
        self.window_opened = -1.0  # when the catch window opened (the loop's time)

    @property
    def started(self) -> bool:
        """Dealt, or its first deal's key being drawn: the seats are settled."""
        return self.table is not None or self.deals.drawing is not None

    @property
    def keep(self) -> bool:
        """Worth saving for its people: started, not over, and someone may come back."""
        table = self.table
        over = table is not None and table.match_over
        return table is not None and not over and any(s.token for s in self.seats.slots)

    @property
    def dealt(self) -> Match:
        """The match the table plays, once dealt (kept here: the seal reads it)."""
        assert self.match is not None
        return self.match

    # -- who decides for each seat -------------------------------------------------

    def person_seat(self, slot: Slot) -> NetSeat:
        """The seat the table asks for `slot`'s person."""
        return NetSeat(partial(self.asked, slot))

    def stand_in(self, slot: Slot) -> PoolSeat:
        """The computer that plays a person's seat while they are away."""
        seed = f"{self.settings.setup.seed} in {slot.seat}"
        return PoolSeat(self.pool, self.code, STAND_IN_LEVEL, seed)

    def controller(self, slot: Slot) -> NetSeat | PoolSeat:
        if slot.kind == "person" and slot.stand_in:  # away since the deal was drawn
            return self.stand_in(slot)
        if slot.kind == "person":
            assert slot.controller is not None
            return slot.controller
        seed = f"{self.settings.setup.seed} bot {slot.seat}"
        return PoolSeat(self.pool, self.code, slot.level, seed)

    def seat(self, slot: Slot, controller: NetSeat | PoolSeat) -> None:
        """`controller` decides for `slot` from now on (once dealt)."""
        if self.table is not None:
            self.table.seat(slot.seat, controller)

    # -- the table -------------------------------------------------------------------

    def open(self) -> Table:
        """The table for the match dealt; its clock starts."""
        self.table = Table(
            self.settings.setup,
            [self.controller(s) for s in self.seats.slots],
            match=self.dealt,
            pace=self.options.pace,
            on_answer=self.pulse.answered_elsewhere,
        )
        self.pulse.begin()
        self.commit()
        return self.table

    def commit(self) -> None:
        if self.table is not None:
            self.deals.seal.seal(self.dealt, self.table.round_number)

    def reveal(self) -> None:
        table = self.table
        if table is not None and self.deals.seal.revealed != table.round_number:
            reveal = self.deals.seal.reveal(self.dealt, table.round_number)
            if reveal is not None:
                self.out.broadcast(reveal)

    def send_update(self, slot: Slot, update: SeatUpdate) -> None:
        if slot.link is None:
            return
        full = slot.sent_round != update.round_number
        slot.sent_round = update.round_number
        if full:
            self.commit()
            assert self.table is not None
            deal = self.deals.seal.deal(self.dealt, update.round_number)
            if deal is not None:
                slot.link.send(deal)
        slot.link.send(Update(update, full))

    def watch_table(self, update: SeatUpdate) -> None:
        """After every change: a new deal's commitment, and when a catch window
        opens and closes."""
        self.commit()
        if update.view.uno_open < 0:
            self.window_opened = -1.0
        elif self.window_opened < 0:
            self.window_opened = asyncio.get_running_loop().time()

    # -- moves -------------------------------------------------------------------------

    def act(self, slot: Slot, token: int, action: Action) -> None:
        table = self.table
        if table is None:
            raise BadMessage("the game has not started", "not_started")
        if slot.stand_in or slot.controller is None:
            raise BadMessage("a computer is playing this seat", "not_yours")
        if token != table.token:  # checked without building the seat's update: a move's cost
            raise BadMessage("that is not the newest update: the table has moved on", "stale")
        why = table.refusal(slot.seat, action)
        if why is not None:
            raise BadMessage(f"{why}: {to_text(action)}", "illegal")
        slot.ran_out = False  # here and moving
        wait = self._catch_wait(action)
        if wait > 0:
            loop = asyncio.get_running_loop()
            loop.call_later(wait, self._answer, slot, token, action)
        else:
            self._answer(slot, token, action)

    def _catch_wait(self, action: Action) -> float:
        if self.window_opened < 0 or action[0] == ActionKind.CATCH:
            return 0.0
        now = asyncio.get_running_loop().time()
        return self.window_opened + self.options.catch_window - now

    def _answer(self, slot: Slot, token: int, action: Action) -> None:
        if self.table is None or self.table.token != token or slot.controller is None:
            return
        slot.controller.answer(token, action)
        self.advance()  # at once, so answers are judged in the order they arrived

    def asked(self, slot: Slot, update: SeatUpdate) -> None:
        """The table asks `slot`'s person: on their turn, start the timer and show it."""
        self.turns.stop(slot.seat)
        if not update.turn:
            return
        timer = self.settings.timer
        self.turns.start(slot.seat, timer * self.options.second, partial(self._idle, slot, update))
        self.out.broadcast(Clock(slot.seat, float(timer)))

    def _idle(self, slot: Slot, update: SeatUpdate) -> None:
        self.turns.timers.pop(slot.seat, None)
        if self.table is None or self.table.token != update.token or slot.controller is None:
            return
        action = idle_action(update.legal)
        slot.ran_out = True
        if slot.link is not None:
            slot.link.send(Timeout(slot.seat, action))
        slot.controller.answer(update.token, action)
        self.advance()

    def advance(self) -> None:
        """Apply what is ready; nothing while nobody is at the table (computers do
        not play on alone). A snapshot after every change."""
        table = self.table
        if table is None or self.pulse.closed or not self.seats.here():
            return
        now = self.pulse.now()
        assert now is not None
        before = table.token
        table.tick(now - self.pulse.epoch - table.clock)
        while table.step():
            pass
        if table.token != before:
            self.turns.moved_on(self.dealt.round.current)
            self.changed()

    def ready(self, slot: Slot) -> None:
        """`slot`'s person is ready for the next round (`next`)."""
        slot.ready = True
        if all(s.ready for s in self.seats.here()):
            self.pulse.wake()

    # -- deals -------------------------------------------------------------------------

    def begin_draw(self, round_number: int) -> None:
        self.deals.begin(round_number, len(self.seats.slots), self.seats.here())

    async def drawn(self) -> bytes:
        """The deal's key (game.online.server.deal_draw): nobody's silence holds it
        up longer than `draw_wait` a step."""
        wait = self.options.draw_wait * self.options.second
        key, left_out = await self.deals.drawn(self.pulse.until, self.seats.here, wait)
        if left_out:
            log.info("table %s: a deal went on without seats %s", self.code, left_out)
        return key

    def draw_answer(self, slot: Slot, message: DealCommit | DealReveal) -> None:
        if self.deals.answer(slot.seat, message):
            self.pulse.wake()

    def fresh(self) -> None:
        """A new match at the table: nothing of the last one is left."""
        self.turns.clear()
        self.window_opened = -1.0
        if self.table is not None:
            self.table.close()
        self.table = self.match = None
        self.deals = Deals()
        self.settings.reseed()
        self.pool.forget(self.code)

    def close(self) -> None:
        self.turns.clear()
        if self.table is not None:
            self.table.close()
        self.pool.forget(self.code)
