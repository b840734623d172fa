"""One table on the server: its seats, the people at them, and the `Table` that
plays the match. Everything here runs on the server's asyncio loop; bots think
on the server's worker thread and wake the loop when they have answered.

- A person's seat is a `NetSeat` (game.table's `AsyncSeat`): the seat's updates
  go to the person's connection, and their `act` messages answer it.
- A person who drops keeps the seat for `grace` seconds, then a computer plays
  it (`stand_in`), and gives it back when they return with their seat token.
- The turn timer: a person who does not move within `timer` seconds on their
  turn draws (or passes, or takes the penalty) automatically, and is told.
- The catch window: when a player may be caught for not calling UNO, the next
  turn move waits until `catch_window` seconds after everyone was told, so a
  catch from a far-away player has the same chance as a near one; catches
  are then judged in the order they arrive (the first legal one wins).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from game.engine import Match, RuleSet
from game.engine.actions import Action, ActionKind, to_text
from game.limits import DEFAULT_TARGET, Scoring, SeatRequest, SlotKind
from game.net import messages, wire
from game.net.messages import BadMessage
from game.table import (
    AT_STAKE,
    AsyncSeat,
    BotRunner,
    BotSeat,
    Controller,
    GameSetup,
    SeatKind,
    SeatSetup,
    SeatUpdate,
    Table,
    make_bot,
)

log = logging.getLogger(__name__)

STAND_IN_LEVEL = "normal"
# What the turn timer does for an idle person, the first of these it may.
IDLE_ORDER = (ActionKind.DRAW, ActionKind.PASS, ActionKind.ACCEPT, ActionKind.CHOOSE)


class Link(Protocol):
    """A client connection, as a room sees it."""

    name: str

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class RoomOptions:
    pace: float = 1.0  # the computers' thinking pauses: 1 as at a desk, 0 for tests and load
    grace: float = 60.0  # seconds a dropped person keeps their seat before a computer plays it
    round_break: float = 8.0  # seconds between rounds, unless every person says `next` sooner
    catch_window: float = 0.5  # seconds every player has to catch a forgotten UNO


@dataclass
class Slot:
    seat: int
    kind: SlotKind
    name: str
    level: str = STAND_IN_LEVEL
    token: str = ""  # the person's secret seat token
    link: Link | None = None
    controller: NetSeat | None = None
    stand_in: bool = False
    grace: asyncio.TimerHandle | None = None
    ready: bool = False
    sent_round: int = 0  # the round whose full history this link has


class NetSeat(AsyncSeat):
    """A person's seat: asked on the table's thread, answered from `act`."""

    kind = SeatKind.REMOTE

    def __init__(self, asked: Callable[[SeatUpdate], None]) -> None:
        super().__init__(asked)


@dataclass
class Room:
    code: str
    setup: GameSetup
    slots: list[Slot]
    timer: int
    options: RoomOptions
    runner: BotRunner
    on_closed: Callable[[Room], None] = lambda room: None
    table: Table | None = None
    match: Match | None = None  # a saved match to resume
    closed: bool = False
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    host: int = 0  # the seat of the person who made the table
    window_opened: float = -1.0
    epoch: float = 0.0  # the loop's time when the table's clock was 0
    timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    # -- seats ---------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def open_seats(self) -> int:
        return sum(s.kind == SlotKind.OPEN for s in self.slots)

    def summary(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "theme": self.setup.theme,
            "players": len(self.slots),
            "open": self.open_seats,
            "started": self.started,
            "names": [s.name for s in self.slots if s.kind == SlotKind.PERSON],
        }

    def seat_person(self, link: Link, slot: Slot | None = None) -> Slot:
        """`link` takes `slot`, or the first open seat."""
        if slot is None:
            slot = next((s for s in self.slots if s.kind == SlotKind.OPEN), None)
            if slot is None:
                raise BadMessage("this table is full", "full")
        others = [s.name for s in self.slots if s is not slot and s.kind != SlotKind.OPEN]
        slot.kind, slot.link = SlotKind.PERSON, link
        slot.name = messages.seat_name(link.name, slot.seat, others)
        slot.token = new_seat_token()
        slot.controller = NetSeat(partial(self._asked, slot))
        self._tell_joined(slot)
        self.broadcast_seats()
        return slot

    def resume(self, link: Link, token: str) -> Slot:
        slot = next(
            (s for s in self.slots if s.token and secrets.compare_digest(s.token, token)), None
        )
        if slot is None:
            raise BadMessage("no seat at this table has that token", "bad_token")
        if slot.link is not None and slot.link is not link:
            slot.link.send({"type": "table_closed", "reason": "replaced", "message": _REPLACED})
        slot.link = link
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        if slot.stand_in and self.table is not None and slot.controller is not None:
            slot.stand_in = False
            self.table.seat(slot.seat, slot.controller)
        slot.sent_round = 0
        self._tell_joined(slot)
        self.broadcast_seats()
        if self.table is not None:
            self._send_update(slot, self.table.update(slot.seat))
            self.wake()
        return slot

    def dropped(self, slot: Slot, for_good: bool = False) -> None:
        """`slot`'s person went away: keep the seat for the grace period (or not)."""
        slot.link = None
        if not self.started:
            if slot.seat == self.host:
                self.close("host_left", "The host left before the game started.")
                return
            slot.kind, slot.name, slot.token, slot.controller = SlotKind.OPEN, "", "", None
        elif for_good:
            self._stand_in(slot)
        else:
            loop = asyncio.get_running_loop()
            slot.grace = loop.call_later(self.options.grace, self._stand_in, slot)
        self.broadcast_seats()

    def _stand_in(self, slot: Slot) -> None:
        slot.grace = None
        if self.table is None or slot.stand_in or self.closed:
            return
        slot.stand_in = True
        rng = random.Random(f"{self.setup.seed} stand-in {slot.seat}")
        self.table.seat(slot.seat, BotSeat(make_bot(slot.level, rng), self.runner, rng))
        self.broadcast_seats()
        self.wake()

    def broadcast_seats(self) -> None:
        seats = [
            {
                "name": s.name,
                "kind": s.kind,
                "here": s.kind != SlotKind.PERSON or s.link is not None,
                "computer": s.kind == SlotKind.BOT or s.stand_in,
            }
            for s in self.slots
        ]
        self.broadcast({"type": "seats", "seats": seats, "started": self.started})

    def broadcast(self, message: dict[str, Any]) -> None:
        for slot in self.slots:
            if slot.link is not None:
                slot.link.send(message)

    def _tell_joined(self, slot: Slot) -> None:
        assert slot.link is not None
        slot.link.send(
            {
                "type": "joined",
                "code": self.code,
                "seat": slot.seat,
                "token": slot.token,
                "theme": self.setup.theme,
                "rules": self.setup.rules.options(),
                "target": self.setup.target,
                "scoring": self.setup.scoring,
                "timer": self.timer,
                "catch_window": self.options.catch_window,
                "names": [s.name for s in self.slots],
            }
        )

    # -- the match -----------------------------------------------------------------

    def start(self, fill: bool = False) -> None:
        """Deal, once every seat is taken (`fill`: computers take the open ones)."""
        if self.started or (self.open_seats and not fill):
            return
        for slot in self.slots:
            if slot.kind == SlotKind.OPEN:
                slot.kind, slot.name = SlotKind.BOT, _computer_name(slot.seat)
        seats = tuple(
            SeatSetup(
                s.name, SeatKind.REMOTE if s.kind == SlotKind.PERSON else SeatKind.BOT, s.level
            )
            for s in self.slots
        )
        self.setup = GameSetup(
            theme=self.setup.theme,
            rules=self.setup.rules,
            seats=seats,
            target=self.setup.target,
            scoring=self.setup.scoring,
            seed=self.setup.seed,
        )
        self.table = Table(
            self.setup,
            [self._controller(s) for s in self.slots],
            match=self.match,
            pace=self.options.pace,
            on_answer=self._answered_elsewhere,
        )
        for slot in self.slots:
            if slot.kind == SlotKind.PERSON:
                self.table.watch(slot.seat, partial(self._send_update, slot))
                if slot.link is None:  # resumed from a save: nobody back yet
                    self.dropped(slot)
        self.table.watch(0, self._watch_table)
        self._loop = asyncio.get_running_loop()
        self.epoch = self._loop.time()
        self.broadcast_seats()
        for slot in self.slots:
            if slot.link is not None:
                self._send_update(slot, self.table.round_start(slot.seat))
        self.task = asyncio.get_running_loop().create_task(self._run())

    def _controller(self, slot: Slot) -> Controller:
        if slot.kind == SlotKind.PERSON:
            assert slot.controller is not None
            return slot.controller
        rng = random.Random(f"{self.setup.seed} bot {slot.seat}")
        return BotSeat(make_bot(slot.level, rng), self.runner, rng)

    def _send_update(self, slot: Slot, update: SeatUpdate) -> None:
        if slot.link is None:
            return
        full = slot.sent_round != update.round_number
        slot.sent_round = update.round_number
        slot.link.send(wire.encode_update(update, full=full))

    def _watch_table(self, update: SeatUpdate) -> None:
        """After every change: note when a catch window opens, and when it closes."""
        if update.view.uno_open < 0:
            self.window_opened = -1.0
        elif self.window_opened < 0:
            self.window_opened = asyncio.get_running_loop().time()

    def act(self, slot: Slot, token: int, text: str) -> None:
        table = self.table
        if table is None:
            raise BadMessage("the game has not started", "not_started")
        if slot.stand_in or slot.controller is None:
            raise BadMessage("a computer is playing this seat", "not_yours")
        action = messages.action(text)
        update = table.update(slot.seat)
        if token != update.token:
            raise BadMessage("that is not the newest update: the table has moved on", "stale")
        if action not in update.legal:
            turn = update.current == slot.seat
            why = "that is not allowed now" if turn else "it is not your turn"
            raise BadMessage(f"{why}: {text}", "illegal")
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
        """The table asks `slot`'s person: start their turn timer."""
        old = self.timers.pop(slot.seat, None)
        if old is not None:
            old.cancel()
        if self.timer and update.turn:
            loop = asyncio.get_running_loop()
            self.timers[slot.seat] = loop.call_later(self.timer, self._idle, slot, update)

    def _idle(self, slot: Slot, update: SeatUpdate) -> None:
        self.timers.pop(slot.seat, None)
        if self.table is None or self.table.token != update.token or slot.controller is None:
            return
        action = idle_action(update.legal)
        if slot.link is not None:
            slot.link.send({"type": "timeout", "seat": slot.seat, "action": to_text(action)})
        slot.controller.answer(update.token, action)
        self.advance()

    def ready(self, slot: Slot) -> None:
        slot.ready = True
        if all(s.ready or s.link is None for s in self.slots if s.kind == SlotKind.PERSON):
            self.wake()

    def wake(self) -> None:
        self.woken.set()

    def _answered_elsewhere(self) -> None:
        """A bot answered on the worker thread: wake the loop."""
        try:
            assert self._loop is not None
            self._loop.call_soon_threadsafe(self.woken.set)
        except RuntimeError:  # the loop has closed: the server is gone
            pass

    def advance(self) -> None:
        table = self.table
        if table is None:
            return
        assert self._loop is not None
        table.tick(self._loop.time() - self.epoch - table.clock)
        while table.step():
            pass

    async def _run(self) -> None:
        try:
            while not self.closed and self.table is not None:
                self.woken.clear()
                self.advance()
                if self.table.over:
                    if self.table.match_over:
                        self.close("match_over", "The match is over.")
                        return
                    await self._round_break()
                    self.table.next_round()
                    continue
                await self._sleep(self.table.next_due())
        except Exception:  # a bug must not take the server down: the table closes
            log.exception("table %s failed", self.code)
            self.close("error", "The table stopped on an error on the server.")

    async def _sleep(self, seconds: float | None) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.woken.wait(), seconds)

    async def _round_break(self) -> None:
        for slot in self.slots:
            slot.ready = False
        end = asyncio.get_running_loop().time() + self.options.round_break
        while not self.closed:
            people = [s for s in self.slots if s.kind == SlotKind.PERSON and s.link is not None]
            left = end - asyncio.get_running_loop().time()
            if left <= 0 or all(s.ready for s in people):
                return
            self.woken.clear()
            await self._sleep(left)

    def close(self, reason: str, message: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.broadcast({"type": "table_closed", "reason": reason, "message": message})
        for handle in [*self.timers.values(), *(s.grace for s in self.slots if s.grace)]:
            handle.cancel()
        if self.table is not None:
            self.table.close()
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.woken.set()
        self.on_closed(self)

    # -- saving --------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        match = self.table.match_data() if self.table is not None else None
        if match is None and self.match is not None:
            match = self.match.to_data()
        return {
            "code": self.code,
            "theme": self.setup.theme,
            "rules": self.setup.rules.options(),
            "target": self.setup.target,
            "scoring": self.setup.scoring,
            "seed": self.setup.seed,
            "timer": self.timer,
            "host": self.host,
            "slots": [[s.kind, s.name, s.level, s.token] for s in self.slots],
            "match": match,
        }


_REPLACED = "You joined this seat from somewhere else."


def _computer_name(seat: int) -> str:
    from game.table import NAMES

    return NAMES[seat % len(NAMES)] if seat else "Ada"


def new_seat_token() -> str:
    """A person's secret for taking their seat back: 192 random bits, in hex so it
    never starts with '-' (the bot client takes it as `--token TOKEN`)."""
    return secrets.token_hex(24)


def idle_action(legal: tuple[Action, ...]) -> Action:
    """What the turn timer plays for a person who did not move: never a card."""
    for tag in IDLE_ORDER:
        for action in legal:
            if action[0] == tag:
                return action
    return next((a for a in legal if a[0] not in AT_STAKE), legal[0])


def new_room(
    code: str,
    theme: str,
    seats: list[str],
    options: RoomOptions,
    runner: BotRunner,
    seed: int,
    house: dict[str, bool] | None = None,
    target: int = DEFAULT_TARGET,
    scoring: str = Scoring.STANDARD,
    timer: int = 30,
) -> Room:
    slots = []
    for seat, spec in enumerate(seats):
        kind, _, level = spec.partition(":")
        if kind == SeatRequest.BOT:
            slots.append(Slot(seat, SlotKind.BOT, _computer_name(seat), level))
        else:
            slots.append(Slot(seat, SlotKind.OPEN, ""))
    rules = RuleSet.preset(theme).replace(**(house or {}))
    setup = GameSetup(theme, rules, (), target=target, scoring=scoring, seed=seed)
    return Room(code, setup, slots, timer, options, runner, host=seats.index(SeatRequest.ME))


def room_from_data(data: dict[str, Any], options: RoomOptions, runner: BotRunner) -> Room:
    """A saved room: every person is away until they come back with their token."""
    slots = [
        Slot(i, kind, name, level, token)
        for i, (kind, name, level, token) in enumerate(data["slots"])
    ]
    setup = GameSetup(
        data["theme"],
        RuleSet.from_options(data["rules"]),
        (),
        target=data["target"],
        scoring=data["scoring"],
        seed=data["seed"],
    )
    room = Room(data["code"], setup, slots, data["timer"], options, runner, host=data["host"])
    room.match = Match.from_data(data["match"]) if data["match"] else None
    for slot in slots:
        if slot.kind == SlotKind.PERSON:
            slot.controller = NetSeat(partial(room._asked, slot))
    return room
