"""One table on the server: its seats, the people at them, and the `Table` that
plays the match. Everything here runs on the server's asyncio loop; computers
decide in the server's `BotPool` and wake the loop when they have answered.

- A person's seat is a `NetSeat` (game.table's `AsyncSeat`): the seat's updates
  go to the person's connection, and their `act` messages answer it.
- A person who drops keeps the seat for `grace` seconds (everyone is told, with
  the countdown: `presence`), then a computer plays it until they come back
  with their seat token. The others may also vote an idle seat to a computer.
- A table where nobody is connected plays no further: after `grace` seconds it
  closes, kept (saved) for its people to resume.
- The host role (start, settings) passes to the next person when the host
  goes, on a dedicated server; inside a player's game the host going ends it.
- The turn timer: a person who does not move within `timer` seconds on their
  turn draws (or passes, or takes the penalty) automatically; everyone sees
  the clock.
- The catch window: when a player may be caught for not calling UNO, the next
  turn move waits until `catch_window` seconds after everyone was told, so a
  catch from a far-away player has the same chance as a near one; catches
  are then judged in the order they arrive (the first legal one wins).
- Fair deals: before each deal the people here draw its key with the server
  (each commits to a secret, the server publishes its commitment, each
  reveals: game.online.server.deal_draw); the deal is committed to (`deal`)
  and its key and the server's secret told when the round is over (`reveal`):
  game.online.protocol.fairness. Nobody's silence holds the deal up longer
  than `draw_wait` a step.

Also: game.online.server.seats (a seat and its person), presence (drops, grace, the
stand-in, the host role passing on), room_notices (what the table
tells about itself), idle (the timer's move, votes), room_data (new and saved
rooms).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from game.engine import Match
from game.engine.actions import Action, ActionKind, to_text
from game.limits import SlotKind
from game.online.protocol import checks, fairness, names
from game.online.protocol.checks import BadMessage
from game.online.protocol.client_messages import ChangeSettings, DealCommit, DealReveal
from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import (
    Clock,
    Presence,
    ServerMessage,
    TableClosed,
    Timeout,
    Update,
    Votes,
)
from game.online.server import notices, presence, rematch, spectators
from game.online.server.bot_pool import BotPool, PoolSeat
from game.online.server.clock import VOTE_AFTER, TurnClock, idle_action, votes_needed
from game.online.server.deal_draw import Deals
from game.online.server.reactions import Allowance
from game.online.server.seats import (
    STAND_IN_LEVEL,
    Link,
    NetSeat,
    Slot,
    computer_name,
    new_seat_token,
)
from game.table import GameSetup, SeatKind, SeatSetup, SeatUpdate, Table

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


@dataclass
class Room:
    code: str
    setup: GameSetup
    slots: list[Slot]
    timer: int
    options: RoomOptions
    pool: BotPool
    on_closed: Callable[[Room], None] = lambda room: None
    on_changed: Callable[[Room], None] = lambda room: None  # a snapshot is due
    table: Table | None = None
    match: Match | None = None  # a saved match to resume
    closed: bool = False
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    host: int = 0  # the seat that may start the table and change its settings
    owner: str = ""  # the address that made the table (its cap)
    window_opened: float = -1.0
    epoch: float = 0.0  # the loop's time when the table's clock was 0
    turns: TurnClock = field(default_factory=TurnClock)  # turn timers and votes
    deals: Deals = field(default_factory=Deals)  # the deal's seal, the next one's draw
    empty: asyncio.TimerHandle | None = None  # closes the table nobody is at
    task: asyncio.Task[None] | None = None
    public: bool = False  # listed in the lobby (else only its code leads here)
    watchable: bool = False  # the host lets people watch by code
    audience: spectators.Audience = field(default_factory=spectators.Audience)
    again: rematch.Vote | None = None  # at a match's end: who said yes to another
    allowances: dict[tuple[str, object], Allowance] = field(default_factory=dict)  # reactions
    _loop: asyncio.AbstractEventLoop | None = None

    # -- seats ---------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Dealt, or its first deal's key being drawn: the seats are settled."""
        return self.table is not None or self.deals.drawing is not None

    @property
    def dealt(self) -> Match:
        """The match the table plays, once dealt (the room keeps it: the seal reads it)."""
        assert self.match is not None
        return self.match

    @property
    def open_seats(self) -> int:
        return sum(s.kind == SlotKind.OPEN for s in self.slots)

    @property
    def keep(self) -> bool:
        """Worth saving for its people: started, not over, and someone may come back."""
        over = self.table is not None and self.table.match_over
        return self.table is not None and not over and any(s.token for s in self.slots)

    def here(self) -> list[Slot]:
        return [s for s in self.slots if s.kind == "person" and s.link is not None]

    def seat_person(self, link: Link, slot: Slot | None = None) -> Slot:
        """`link` takes `slot`, or the first open seat."""
        if slot is None:
            slot = next((s for s in self.slots if s.kind == SlotKind.OPEN), None)
            if slot is None:
                raise BadMessage("this table is full", "full")
        self._computers_make_way(link.name)
        others = [s.name for s in self.slots if s is not slot and s.kind != SlotKind.OPEN]
        refused = names.refusal(link.name, others)
        if refused is not None:
            raise BadMessage(f"the name {link.name!r} may not sit at this table", refused)
        slot.kind, slot.link = SlotKind.PERSON, link
        slot.name = checks.seat_name(link.name, slot.seat, others)
        slot.token = new_seat_token()
        slot.controller = self.person_seat(slot)
        presence.someone_here(self)
        self._tell_joined(slot)
        self.broadcast_seats()
        self.on_changed(self)
        return slot

    def _computers_make_way(self, name: str) -> None:
        """A computer named as the person sitting down is renamed: the person keeps
        their name (never "Bea 4" beside a computer "Bea")."""
        wanted = checks.clean_name(name, "").casefold()
        for bot in self.slots:
            if bot.kind == SlotKind.BOT and wanted and bot.name.casefold() == wanted:
                bot.name = computer_name(bot.seat, [s.name for s in self.slots] + [name])

    def person_seat(self, slot: Slot) -> NetSeat:
        """The seat the table asks for `slot`'s person."""
        return NetSeat(partial(self._asked, slot))

    def now(self) -> float | None:
        """The loop's time, once the table has started."""
        return self._loop.time() if self._loop is not None else None

    def find(self, token: str) -> Slot | None:
        # As bytes: compare_digest refuses text that is not ASCII, and a client may send any.
        given = token.encode("utf-8", "surrogatepass")
        return next(
            (
                s
                for s in self.slots
                if s.token and secrets.compare_digest(s.token.encode("ascii"), given)
            ),
            None,
        )

    def resume(self, link: Link, token: str) -> Slot:
        slot = self.find(token)
        if slot is None:
            raise BadMessage("no seat has that code and token", "bad_token")
        if slot.link is not None and slot.link is not link:
            slot.link.send(TableClosed("replaced", _REPLACED))
        away = slot.link is None or slot.stand_in
        slot.link = link
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        presence.someone_here(self)
        presence.give_back(self, slot)
        slot.sent_round = 0
        self._tell_joined(slot)
        if self.slots[self.host].link is None and self.options.dedicated:
            presence.host_went(self)  # the role waited for whoever came back first
        if away:
            self.presence(slot, "back")
        self.broadcast_seats()
        if self.table is not None:
            update = self.table.update(slot.seat)
            if update.turn and slot.seat in self.turns.timers and self.turns.renew(update.token):
                self._asked(slot, update)  # the moves missed are shown before the clock runs
            self._send_update(slot, update)
            self._tell_comer(slot)
            self.wake()
        return slot

    def _tell_comer(self, slot: Slot) -> None:
        assert slot.link is not None
        for message in notices.catch_up(self, slot):
            slot.link.send(message)

    def presence(self, slot: Slot, state: str) -> None:
        self.broadcast(Presence(slot.seat, state))

    def broadcast_seats(self) -> None:
        self.broadcast(notices.seats(self))

    def broadcast(self, message: ServerMessage) -> None:
        text = encode(message)  # once, for everyone
        for slot in self.slots:
            if slot.link is not None:
                slot.link.send(text)
        for link in list(self.audience.rounds):  # what a table says of itself is public
            link.send(text)

    def _tell_joined(self, slot: Slot) -> None:
        assert slot.link is not None
        slot.link.send(notices.joined(self, slot))

    # -- the host's say --------------------------------------------------------------

    def check_host(self, slot: Slot) -> None:
        if slot.seat != self.host:
            raise BadMessage("only the table's host may do that", "not_host")

    def change(self, asked: ChangeSettings) -> None:
        """The host's `settings`, before the deal; who may find and watch the
        table (`public`, `watch`) at any time."""
        if self.started and (asked.options, asked.target, asked.scoring, asked.timer) != (
            (None,) * 4
        ):
            raise BadMessage("the game has started: its settings are kept", "started")
        self.public = self.public if asked.public is None else asked.public
        self.watchable = self.watchable if asked.watch is None else asked.watch
        if self.started:
            self.broadcast(notices.settings(self))
            return
        setup = self.setup
        self.setup = GameSetup(
            setup.theme,
            setup.rules.replace(**(asked.options or {})),
            (),
            target=setup.target if asked.target is None else asked.target,
            scoring=setup.scoring if asked.scoring is None else asked.scoring,
            seed=setup.seed,
        )
        self.timer = self.timer if asked.timer is None else asked.timer
        self.broadcast(notices.settings(self))

    # -- votes -------------------------------------------------------------------------

    def vote(self, voter: Slot, seat: int) -> None:
        """`voter` would have a computer play `seat`, idle on its turn or away."""
        if self.table is None or not 0 <= seat < len(self.slots) or seat == voter.seat:
            raise BadMessage("you cannot vote for that seat", "cannot_vote")
        target = self.slots[seat]
        assert self._loop is not None
        waited = self.turns.waited(seat, self._loop.time())
        idle = self.dealt.round.current == seat and waited >= VOTE_AFTER * self.options.second
        if target.kind != "person" or target.stand_in or not (idle or target.link is None):
            raise BadMessage("that seat is not idle", "cannot_vote")
        others = [s for s in self.here() if s is not target]
        if len(others) == 1 and target.link is not None and not target.ran_out:
            # One person alone may not take the other's seat ten seconds into a turn:
            # only once a turn has run out on them (or they are away).
            raise BadMessage("with one voter, only after a turn has run out", "cannot_vote")
        ballots = self.turns.vote(seat, voter.seat)
        needed = votes_needed(len(others))
        votes = len(ballots & {s.seat for s in others})
        self.broadcast(Votes(seat, votes, needed))
        if votes >= needed:
            self.turns.votes.pop(seat, None)
            presence.stand_in(self, target)

    # -- the match -----------------------------------------------------------------

    def start(self, fill: bool = False, away_to_computers: bool = False) -> None:
        """Deal, once every seat is taken (`fill`: computers take the open ones):
        the people here draw the first deal's key with the server (a match taken
        up from a save was dealt already). `away_to_computers`: once dealt, a computer
        plays at once for each person away (a new match, PROTOCOL.md)."""
        if self.started or (self.open_seats and not fill):
            return
        for slot in self.slots:
            if slot.kind == "open":
                taken = [s.name for s in self.slots if s.kind != "open"]
                slot.kind, slot.name, slot.free = "bot", computer_name(slot.seat, taken), True
        seats = tuple(
            SeatSetup(
                s.name, SeatKind.REMOTE if s.kind == SlotKind.PERSON else SeatKind.BOT, s.level
            )
            for s in self.slots
        )
        setup = self.setup
        self.setup = GameSetup(
            setup.theme, setup.rules, seats, setup.target, setup.scoring, setup.seed
        )
        loop = asyncio.get_running_loop()
        if self.match is None:
            self._begin_draw(1)
            self.task = loop.create_task(self._run(away_to_computers))
            return
        self._open(away_to_computers)
        self.task = loop.create_task(self._run())

    def _open(self, away_to_computers: bool) -> None:
        """The table for the match dealt (the room keeps it: the deal's seal reads it)."""
        match = self.dealt
        self.table = Table(
            self.setup,
            [self._controller(s) for s in self.slots],
            match=match,
            pace=self.options.pace,
            on_answer=self._answered_elsewhere,
        )
        self._loop = asyncio.get_running_loop()
        self.epoch = self._loop.time()
        self._commit()
        for slot in self.slots:
            if slot.kind == SlotKind.PERSON:
                self.table.watch(slot.seat, partial(self._send_update, slot))
                away = slot.link is None and slot.grace is None and not slot.stand_in
                if away and slot.token:  # taken up from a save: not back yet
                    presence.wait_for(self, slot)
                elif away:  # left for good while the deal was drawn
                    presence.stand_in(self, slot)
        presence.nobody_here(self)
        self.table.watch(0, self._watch_table)
        self.table.watch(0, partial(spectators.tell, self))
        self.broadcast_seats()
        for slot in self.slots:
            if slot.link is not None:
                self._send_update(slot, self.table.round_start(slot.seat))
        spectators.tell(self, self.table.round_start(0))
        self.on_changed(self)
        for slot in self.slots:
            if away_to_computers and slot.kind == SlotKind.PERSON and slot.link is None:
                presence.stand_in(self, slot)

    def stand_in_computer(self, slot: Slot) -> PoolSeat:
        """The computer that plays a person's seat while they are away."""
        seed = f"{self.setup.seed} in {slot.seat}"
        return PoolSeat(self.pool, self.code, STAND_IN_LEVEL, seed)

    def _controller(self, slot: Slot) -> NetSeat | PoolSeat:
        if slot.kind == "person" and slot.stand_in:  # away since the deal was drawn
            return self.stand_in_computer(slot)
        if slot.kind == "person":
            assert slot.controller is not None
            return slot.controller
        return PoolSeat(self.pool, self.code, slot.level, f"{self.setup.seed} bot {slot.seat}")

    def _commit(self) -> None:
        if self.table is not None:
            self.deals.seal.seal(self.dealt, self.table.round_number)

    def _reveal(self) -> None:
        table = self.table
        if table is not None and self.deals.seal.revealed != table.round_number:
            reveal = self.deals.seal.reveal(self.dealt, table.round_number)
            if reveal is not None:
                self.broadcast(reveal)

    def _send_update(self, slot: Slot, update: SeatUpdate) -> None:
        if slot.link is None:
            return
        full = slot.sent_round != update.round_number
        slot.sent_round = update.round_number
        if full:
            self._commit()
            assert self.table is not None
            deal = self.deals.seal.deal(self.dealt, update.round_number)
            if deal is not None:
                slot.link.send(deal)
        slot.link.send(Update(update, full))

    def _watch_table(self, update: SeatUpdate) -> None:
        """After every change: a new deal's commitment, and when a catch window
        opens and closes."""
        self._commit()
        if update.view.uno_open < 0:
            self.window_opened = -1.0
        elif self.window_opened < 0:
            self.window_opened = asyncio.get_running_loop().time()

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

    def _asked(self, slot: Slot, update: SeatUpdate) -> None:
        """The table asks `slot`'s person: on their turn, start the timer and show it."""
        self.turns.stop(slot.seat)
        if not update.turn:
            return
        seconds = self.timer * self.options.second
        self.turns.start(slot.seat, seconds, partial(self._idle, slot, update))
        self.broadcast(Clock(slot.seat, float(self.timer)))

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

    def ready(self, slot: Slot) -> None:
        slot.ready = True
        if all(s.ready for s in self.here()):
            self.wake()

    def wake(self) -> None:
        self.woken.set()

    def _answered_elsewhere(self) -> None:
        """A computer answered: wake the table. The answer is read on the loop
        (worker processes) or on a worker thread (`BotPool(processes=0)`); only
        from another thread does it take the loop's wake-up pipe (a system call)."""
        loop = self._loop
        assert loop is not None
        with contextlib.suppress(RuntimeError):  # no loop in this thread
            if asyncio.get_running_loop() is loop:
                self.woken.set()
                return
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server is gone
            loop.call_soon_threadsafe(self.woken.set)

    def advance(self) -> None:
        """Apply what is ready; nothing while nobody is at the table (computers do
        not play on alone). A snapshot after every change."""
        table = self.table
        if table is None or self.closed or not self.here():
            return
        assert self._loop is not None
        before = table.token
        table.tick(self._loop.time() - self.epoch - table.clock)
        while table.step():
            pass
        if table.token != before:
            self.turns.moved_on(self.dealt.round.current)
            self.on_changed(self)

    async def _run(self, away_to_computers: bool = False) -> None:
        """The table's life; first the first deal, when it is still to be drawn."""
        try:
            if self.table is None:
                key = await self._drawn()
                if self.closed:
                    return
                self.match = fairness.keyed_match(self.setup, key)
                self._open(away_to_computers)
            while not self.closed and self.table is not None:
                self.woken.clear()
                self.advance()
                if self.table.over and self.here():
                    self._reveal()
                    if self.table.match_over:
                        if await rematch.ask(self):
                            rematch.restart(self)  # a new task plays the new match
                        else:
                            self.close("match_over", "The match is over.")
                        return
                    for slot in self.slots:
                        slot.ready = False
                    ends = asyncio.get_running_loop().time() + self.options.round_break
                    self._begin_draw(self.table.round_number + 1)
                    key = await self._drawn()
                    await self._until(lambda: all(s.ready for s in self.here()), ends)
                    if self.closed:
                        return
                    spectators.seat_waiting(self)
                    self.table.next_round(key)
                    self.on_changed(self)
                    continue
                await self._sleep(self.table.next_due())
        except Exception:  # a bug must not take the server down: the table closes
            log.exception("table %s failed", self.code)
            self.close("error", "The table stopped on an error on the server.")

    def _next_due(self) -> float | None:
        assert self.table is not None
        due = self.table.next_due()
        return None if due is None or not self.here() else due

    async def sleep(self, seconds: float | None) -> None:
        await self._sleep(seconds)

    async def _sleep(self, seconds: float | None) -> None:
        """Until woken, or `seconds` have passed. A timer that sets `woken`, not
        `wait_for`: that made a task (and a timer) for every wait of every table."""
        if self.woken.is_set():
            await asyncio.sleep(0)  # the others have their turn, as after any wait
            return
        loop = asyncio.get_running_loop()
        timer = None if seconds is None else loop.call_later(seconds, self.woken.set)
        try:
            await self.woken.wait()
        finally:
            if timer is not None:
                timer.cancel()

    async def _until(self, done: Callable[[], bool], end: float) -> None:
        """Until `done()`, the loop's time `end`, or the table closes."""
        while not self.closed and not done():
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                return
            self.woken.clear()
            await self._sleep(left)

    # -- drawing a deal's key -------------------------------------------------------

    def _begin_draw(self, round_number: int) -> None:
        self.deals.begin(round_number, len(self.slots), self.here())

    async def _drawn(self) -> bytes:
        """The deal's key (game.online.server.deal_draw): nobody's silence holds it
        up longer than `draw_wait` a step."""
        wait = self.options.draw_wait * self.options.second
        key, left_out = await self.deals.drawn(self._until, self.here, wait)
        if left_out:
            log.info("table %s: a deal went on without seats %s", self.code, left_out)
        return key

    def draw_answer(self, slot: Slot, message: DealCommit | DealReveal) -> None:
        if self.deals.answer(slot.seat, message):
            self.wake()

    def close(self, reason: str, message: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.broadcast(TableClosed(reason, message))
        self.turns.clear()
        for slot in self.slots:
            if slot.grace is not None:
                slot.grace.cancel()
        presence.someone_here(self)  # no empty-table timer left behind
        if self.table is not None:
            self.table.close()
        self.pool.forget(self.code)
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.woken.set()
        self.on_closed(self)


_REPLACED = "You joined this seat from somewhere else."
