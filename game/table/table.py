"""The table: one match, the seats' controllers, and the record it leaves.

The table is the only thing that applies actions to the match. It is driven
from one thread (a frame loop, or an asyncio loop on a server); controllers
may answer on other threads, through futures.

    table = Table(setup, controllers)        # or match=, recorder=, pace=
    table.watch(seat, on_update)             # SeatUpdates for that seat, after every change
    table.submit(seat, action)               # a person's action; IllegalAction says why not
    table.tick(dt); table.step()             # time passes; at most one answer applied
    table.next_due()                         # seconds until an answer in may be applied
    if table.over: table.next_round()        # after the client has shown the round's end
    table.seat(seat, controller)             # someone else decides for a seat from now on
    table.close()

`step` applies the earliest answer whose thinking pause (`Controller.think`
or `react`, times `pace`) is over, counted from the question (or, for a
`from_move` controller such as a replay, from the last move). A client that
animates calls it only when its picture has caught up, so every move is seen;
a server may call it whenever an answer arrives (`on_answer` says so, from the
answering thread).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from game.ai.reads import Read
from game.engine import IllegalAction, Match, RuleSet, events
from game.engine.actions import Action
from game.limits import SeatKind
from game.table.controllers import Controller, LocalSeat
from game.table.record import NoRecord, Recorder
from game.table.seats import GameSetup, new_match
from game.table.updates import RoundResult, SeatUpdate

log = logging.getLogger(__name__)

Watcher = Callable[[SeatUpdate], None]


@dataclass
class Pending:
    seat: int
    future: Future[Action | None]
    ready_at: float
    token: int


class Table:
    def __init__(
        self,
        setup: GameSetup,
        controllers: Sequence[Controller],
        match: Match | None = None,
        recorder: Recorder | None = None,
        pace: float = 1.0,
        on_answer: Callable[[], object] | None = None,
    ) -> None:
        if len(controllers) != setup.players:
            raise ValueError(f"{len(controllers)} controllers for {setup.players} seats")
        if setup.seed is None:
            raise ValueError("the set-up has no seed: settle it first (seats.settled)")
        self.setup = setup
        self.match = match or new_match(setup)
        self.controllers = list(controllers)
        self.recorder: Recorder = recorder or NoRecord()
        self.pace = pace
        self.on_answer = on_answer
        # The pauses draw on their own generator, so a seed replays a game exactly.
        self.rng = random.Random(setup.seed + 99)
        self.clock = 0.0
        self.moved_at = -math.inf  # the clock at the last move (none yet: no beat to keep)
        self.token = 0
        self.round_number = len(self.match.round_logs) + 1
        self.pending: list[Pending] = []
        self.asked: dict[int, int] = {}  # seat -> the token it was last asked about
        self.watchers: dict[int, list[Watcher]] = {}
        self.published: dict[int, SeatUpdate] = {}  # the last updates watchers were given
        self.recorder.changed()  # Continue works from the deal on
        if self.match.round.over:  # a save taken between two rounds
            self.recorder.round_over()

    # -- what anyone may ask ---------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def names(self) -> list[str]:
        return self.setup.names

    def name(self, seat: int) -> str:
        return self.setup.seats[seat].name

    def kind(self, seat: int) -> SeatKind:
        return self.setup.seats[seat].kind

    @property
    def humans(self) -> list[int]:
        """Seats of people at this computer (a replay has none)."""
        return self.setup.humans

    @property
    def over(self) -> bool:
        """The current round is over (the match may go on: `next_round`)."""
        return self.match.round.over

    @property
    def match_over(self) -> bool:
        return self.match.over

    @property
    def errors(self) -> list[str]:
        """Every failing decision so far (bots log theirs and play on)."""
        return [e for c in self.controllers for e in getattr(c, "errors", [])]

    def update(
        self, seat: int, happened: Sequence = (), reads: tuple[tuple[int, Read], ...] = ()
    ) -> SeatUpdate:
        """`seat`'s update now, with `happened` (the engine's events) redacted for it
        and the `reads` a bot acted on (public: the same for every seat)."""
        rnd = self.match.round
        return SeatUpdate(
            seat=seat,
            token=self.token,
            round_number=self.round_number,
            actions=len(rnd.log),
            view=rnd.view(seat),
            legal=tuple(rnd.legal_actions(seat)),
            events=tuple(events.for_seat(e, seat) for e in happened),
            result=self.result(),
            reads=reads,
        )

    def round_start(self, seat: int) -> SeatUpdate:
        """The round from its deal (the match's opening draw for the dealer too)."""
        rnd = self.match.round
        opening = list(self.match.opening_events) if self.round_number == 1 else []
        return self.update(seat, opening + list(rnd.start_events))

    def result(self) -> RoundResult | None:
        rnd, match = self.match.round, self.match
        if not rnd.over:
            return None
        return RoundResult(
            winner=rnd.winner,
            hands=tuple(tuple(rnd.hand(s)) for s in range(rnd.players)),
            before=rnd.context.scores if rnd.context else (0,) * rnd.players,
            totals=match.scores,
            match_over=match.over,
            match_winners=match.winners,
        )

    def round_logs(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """Every action of the match so far, round by round: what a replay plays."""
        match = self.match
        return tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)

    def match_data(self) -> dict[str, Any]:
        """The match as a save holds it (`Match.to_data`): what a server keeps of a table."""
        return self.match.to_data()

    def thinking(self) -> int | None:
        """The seat visibly thinking about its turn now, if any."""
        current = self.match.round.current
        for p in self.pending:
            if p.seat == current and p.token == self.token and not self.over:
                return p.seat
        return None

    def refusal(self, seat: int, action: Action) -> str | None:
        """Why `seat` may not take `action` now, or None if it may: checked without
        building the seat's update (a server checks every move it is sent)."""
        rnd = self.match.round
        if action in rnd.legal_actions(seat):
            return None
        return "that is not allowed now" if rnd.current == seat else "it is not your turn"

    def next_due(self) -> float | None:
        """Seconds of the table's clock until an answer already in may be applied
        (0: now), or None while no answer is in: when a server should step next."""
        due = [p.ready_at for p in self.pending if p.future.done()]
        return max(0.0, min(due) - self.clock) if due else None

    def watch(self, seat: int, watcher: Watcher) -> None:
        self.watchers.setdefault(seat, []).append(watcher)

    def unwatch(self, seat: int, watcher: Watcher) -> None:
        if watcher in self.watchers.get(seat, []):
            self.watchers[seat].remove(watcher)

    # -- the match moves only here -------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list:
        """A person's action for `seat`. Raises IllegalAction (nothing changes) if
        it may not be done now, or if the seat is not played from here."""
        if not isinstance(self.controllers[seat], LocalSeat):
            raise IllegalAction(f"seat {seat} is not played from here")
        return self._apply(seat, action)

    def seat(self, seat: int, controller: Controller) -> None:
        """Someone else decides for `seat` from now on (a player who left the network
        game, played on by a bot; the player back again). They are asked afresh."""
        self.controllers[seat] = controller
        self.asked.pop(seat, None)
        for p in [p for p in self.pending if p.seat == seat]:
            p.future.cancel()
            self.pending.remove(p)

    def tick(self, dt: float) -> None:
        self.clock += dt

    def step(self) -> bool:
        """Ask whoever has something to decide; apply at most one ready answer."""
        if self.over:
            return False
        self._ask()
        for p in sorted(self.pending, key=lambda p: p.ready_at):
            if self.clock < p.ready_at or not p.future.done():
                continue
            self.pending.remove(p)
            action = self._result(p)
            if action is None:
                continue
            if action in self.match.round.legal_actions(p.seat):
                self._apply(p.seat, action, self._read(p))
                return True
            log.warning("seat %d answered %r, which is not legal now", p.seat, action)
        return False

    def next_round(self, key: bytes | None = None) -> None:
        """Deal the next round (a client calls it once the round's end was shown);
        `key`: an online match's round, dealt from the key its players drew."""
        self.match.next_round(key)
        self.round_number += 1
        self._move_on()
        self.recorder.changed()
        for seat, watchers in self.watchers.items():
            if watchers:
                update = self.round_start(seat)
                for watcher in list(watchers):
                    watcher(update)

    def flush(self, wait: bool = False) -> None:
        """Save what changed (a frame loop: once a frame)."""
        self.recorder.flush(wait)

    def close(self) -> None:
        for controller in self.controllers:
            controller.close()
        self.recorder.flush(wait=True)

    # -- inside ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action, read: Read | None = None) -> list:
        happened = self.match.round.apply(action, seat)
        self.moved_at = self.clock
        self._move_on()
        self.recorder.changed()
        self.recorder.saw(happened)
        if self.over:
            self.recorder.round_over()
        self._publish(happened, () if read is None else ((seat, read),))
        return happened

    def _move_on(self) -> None:
        """Every question was about the table as it was: a bot that has not started
        thinking about one never will, and a late answer finds no one waiting."""
        self.token += 1
        for p in self.pending:
            p.future.cancel()
        self.pending = []

    def _publish(self, happened: list, reads: tuple[tuple[int, Read], ...] = ()) -> None:
        self.published = {}
        for seat, watchers in self.watchers.items():
            if watchers:
                update = self.update(seat, happened, reads)
                self.published[seat] = update
                for watcher in list(watchers):
                    watcher(update)

    def _question(self, seat: int) -> SeatUpdate:
        """`seat`'s update now, to ask it: the one just published to its watchers
        without the events (the same view, not built again: a server publishes and
        then asks every person's seat after every move), else a new one."""
        published = self.published.get(seat)
        if published is None or published.token != self.token:
            return self.update(seat)
        return dataclasses.replace(published, events=(), reads=())

    def _ask(self) -> None:
        """Each seat with something to decide is asked once per change: the one
        to move first, then the others in seat order (a seed replays exactly)."""
        rnd = self.match.round
        current = rnd.current
        for seat in [current] + [s for s in range(self.players) if s != current]:
            if self.asked.get(seat) == self.token or not rnd.legal_actions(seat):
                continue
            self.asked[seat] = self.token
            controller = self.controllers[seat]
            if isinstance(controller, LocalSeat):
                continue  # a person answers through submit
            future = controller.decide(self._question(seat))
            if future is None:
                continue
            pause = controller.think if seat == current else controller.react
            delay = self.rng.uniform(*pause) * self.pace
            start = self.moved_at if controller.from_move else self.clock
            self.pending.append(Pending(seat, future, start + delay, self.token))
            if self.on_answer is not None:
                future.add_done_callback(lambda _f: self.on_answer and self.on_answer())

    def _read(self, p: Pending) -> Read | None:
        """What the bot that answered acted on, if it says (BotSeat.read_for)."""
        read_for = getattr(self.controllers[p.seat], "read_for", None)
        return read_for(p.token) if read_for is not None else None

    def _result(self, p: Pending) -> Action | None:
        if p.future.cancelled():
            return None
        try:
            return p.future.result()
        except Exception as error:  # a controller's bug is reported, and the game goes on
            log.error("seat %d failed to answer: %s", p.seat, error, exc_info=error)
            return None
