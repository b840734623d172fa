"""Who decides for a seat. The table asks; a controller answers, now or later.

    class Controller(Protocol):
        think: tuple[float, float]  # seconds at 1x before a turn's answer is applied
        react: tuple[float, float]  # the same for an answer out of turn
        from_move: bool  # the pause counts from the last move, not from the question
        def decide(self, update: SeatUpdate) -> Future[Action | None] | None: ...
        def close(self) -> None: ...

`decide` is called once per seat and per change at the table (`update.token`)
whenever the seat has legal actions: on its turn (`update.turn`: a play, a
draw, a challenge or taking a penalty) and out of turn (a catch, a jump-in).
It returns a `concurrent.futures.Future` that resolves to the action, or to
None for "nothing". A question the table has moved on from is cancelled.

- `LocalSeat`: a person here. The table never asks it: the UI calls
  `Table.submit(seat, action)`, which only a LocalSeat's seat accepts.
- `BotSeat`: a bot of game.ai on a `BotRunner` (a worker thread, or at once in
  virtual time). A bot that raises or answers illegally is logged, and on its
  turn a safe legal action is played instead, so the table never stalls.
- `ReplaySeat`: a recorded player; every seat of a replay shares one `Script`.
- `AsyncSeat`: the shape of a seat answered from elsewhere. `decide` keeps the
  future and calls `send(update)`; whoever hears the answer (a network
  connection, on any thread) calls `answer(update.token, action)`, even before
  the table asked. A network seat subclasses it with a `send` that writes to
  the player's connection (or watches the seat and answers what it sees).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError
from typing import Any, Protocol

from game.ai import THINK_SECONDS
from game.ai.reads import Read, read_of
from game.engine.actions import Action, ActionKind
from game.limits import SeatKind
from game.table.bots import Bot, BotRunner, make_bot
from game.table.seats import GameSetup
from game.table.updates import SeatUpdate

log = logging.getLogger(__name__)

THINK = (0.6, 0.9)  # a computer's visible thinking pause, seconds at 1x
REACT = (0.5, 1.2)
NOW = (0.0, 0.0)
REPLAY_STEP = (0.7, 0.7)  # a recorded move every 0.7 s at 1x, or once the last one landed


class Controller(Protocol):
    think: tuple[float, float]
    react: tuple[float, float]
    from_move: bool

    def decide(self, update: SeatUpdate) -> Future[Action | None] | None: ...

    def close(self) -> None: ...


def answered(action: Action | None) -> Future[Action | None]:
    """A future that is already done."""
    future: Future[Action | None] = Future()
    future.set_result(action)
    return future


class LocalSeat:
    """A person at this computer: the UI submits the actions."""

    think = react = NOW
    from_move = False

    def decide(self, update: SeatUpdate) -> None:
        return None

    def close(self) -> None:
        pass


class BotSeat:
    think, react = THINK, REACT
    from_move = False  # a visible pause once the table is still

    def __init__(self, bot: Bot, runner: BotRunner, rng: random.Random | None = None) -> None:
        self.bot, self.runner = bot, runner
        self.rng = rng or random.Random(0)  # for the fallback only
        self.errors: list[str] = []
        self._reads: dict[int, Read] = {}  # token -> the read behind that answer

    def decide(self, update: SeatUpdate) -> Future[Action | None]:
        view, legal, token = update.view, list(update.legal), update.token
        if update.turn:
            return self.runner.ask(lambda: self._noted(token, self._turn(view, legal)))
        return self.runner.ask(lambda: self._noted(token, self._react(view, legal)))

    def _noted(self, token: int, action: Action | None) -> Action | None:
        """Keep the bot's read with its answer (set before the future resolves)."""
        read = read_of(self.bot)
        if read is not None and action is not None:
            self._reads = {token: read}  # only the newest question's answer is applied
        return action

    def read_for(self, token: int) -> Read | None:
        """The read behind the answer to the update of `token`, once (the table asks)."""
        return self._reads.pop(token, None)

    def _turn(self, view: Any, legal: list[Action]) -> Action:
        try:
            action = self.bot.choose(view, list(legal))
        except Exception as error:  # a bot bug is reported, and the game goes on
            self._failed(view.seat, f"{type(error).__name__}: {error}", error)
        else:
            if action in legal:
                return action
            self._failed(view.seat, f"illegal choice {action!r}")
        return fallback(legal, self.rng)

    def _react(self, view: Any, legal: list[Action]) -> Action | None:
        try:
            action = self.bot.react(view, list(legal))
        except Exception as error:
            self._failed(view.seat, f"{type(error).__name__}: {error}", error)
            return None
        if action is not None and action not in legal:
            self._failed(view.seat, f"illegal reaction {action!r}")
            return None
        return action

    def _failed(self, seat: int, what: str, error: BaseException | None = None) -> None:
        self.errors.append(f"seat {seat}: {what}")
        log.error("bot at seat %d: %s", seat, what, exc_info=error)

    def close(self) -> None:
        self.runner.close()


# Actions that put cards at stake on a judgement: no one's default.
AT_STAKE = (ActionKind.CHALLENGE, ActionKind.CATCH)


def fallback(legal: Sequence[Action], rng: random.Random) -> Action:
    """A safe legal action for a seat whose own choice failed: never a challenge
    or a catch, which put cards at stake on nobody's decision."""
    safe = [a for a in legal if a[0] not in AT_STAKE]
    return rng.choice(safe or list(legal))


class Script:
    """A finished match's actions, round by round, as `Match.round_logs` keeps them."""

    def __init__(self, rounds: Sequence[Sequence[tuple[int, Action]]]) -> None:
        self.rounds = rounds

    def next(self, update: SeatUpdate) -> tuple[int, Action] | None:
        index = update.round_number - 1
        if index >= len(self.rounds) or update.actions >= len(self.rounds[index]):
            return None
        seat, action = self.rounds[index][update.actions]
        return seat, action


class ReplaySeat:
    """Plays this seat's recorded actions, in the recorded order."""

    think = react = REPLAY_STEP
    from_move = True  # a steady beat, whatever the moves' animations take

    def __init__(self, script: Script) -> None:
        self.script = script

    def decide(self, update: SeatUpdate) -> Future[Action | None]:
        step = self.script.next(update)
        return answered(step[1] if step is not None and step[0] == update.seat else None)

    def close(self) -> None:
        pass


class AsyncSeat:
    """A seat whose answers arrive later, from anywhere (see the module's text).

    `send` is called on the table's thread with each update that asks for an
    answer; `answer` may be called on any thread. A player who also watches the
    seat (`Table.watch`) may answer an update before the table has asked: the
    answer waits for the question. An answer for an update the table has moved
    on from is dropped."""

    think = react = NOW
    from_move = False

    def __init__(self, send: Callable[[SeatUpdate], None] | None = None) -> None:
        self._send = send
        self._lock = threading.Lock()
        self._asked = -1  # the newest token asked about
        self._waiting: dict[int, Future[Action | None]] = {}
        self._early: dict[int, Action | None] = {}  # answered before being asked

    def send(self, update: SeatUpdate) -> None:
        if self._send is not None:
            self._send(update)

    def decide(self, update: SeatUpdate) -> Future[Action | None]:
        with self._lock:
            self._asked = update.token
            for old in self._waiting.values():  # only the newest question stands
                old.cancel()
            self._waiting = {}
            if update.token in self._early:
                return answered(self._early.pop(update.token))
            self._early = {}
            future: Future[Action | None] = Future()
            self._waiting[update.token] = future
        self.send(update)
        return future

    def answer(self, token: int, action: Action | None) -> bool:
        """The player's answer to the update of `token`; False if it came too late."""
        with self._lock:
            future = self._waiting.pop(token, None)
            if future is None:
                if token <= self._asked:
                    return False
                self._early = {token: action}
                return True
        try:
            future.set_result(action)
        except InvalidStateError:  # cancelled meanwhile: the table moved on
            return False
        return True

    def close(self) -> None:
        with self._lock:
            for future in self._waiting.values():
                future.cancel()
            self._waiting, self._early = {}, {}


def seat_controllers(
    setup: GameSetup,
    runner: BotRunner,
    script: Script | None = None,
    remote: Callable[[int], Controller] | None = None,
) -> list[Controller]:
    """A controller per seat of a settled `setup`, by the seat's kind: replay seats
    play `script`, remote seats get `remote(seat)` (game.online's). The bots draw on
    generators from the seed, so a seed replays a game exactly."""
    seed = setup.seed or 0
    out: list[Controller] = []
    for seat, s in enumerate(setup.seats):
        if s.kind is SeatKind.HUMAN:
            out.append(LocalSeat())
        elif s.kind is SeatKind.BOT:
            rng = random.Random(seed * 31 + seat)
            # On the worker thread the expert also stops at a time cap; in virtual
            # time (unthreaded) it thinks a fixed amount, so a seed still replays.
            seconds = THINK_SECONDS if runner.threaded else None
            bot = make_bot(s.level, rng, seconds=seconds)
            out.append(BotSeat(bot, runner, random.Random(f"fallback {seed} {seat}")))
        elif s.kind is SeatKind.REPLAY and script is not None:
            out.append(ReplaySeat(script))
        elif s.kind is SeatKind.REMOTE and remote is not None:
            out.append(remote(seat))
        else:
            raise ValueError(f"seat {seat}: no controller here for a {s.kind} seat")
    return out
