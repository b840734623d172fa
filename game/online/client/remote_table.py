"""A table played elsewhere, as the table scene sees one (game.table's `TableLink`).

The connection runs on its own thread with its own asyncio loop, so the frame
loop never waits for the network. Messages wait in a queue; the scene takes
one update at a time with `step()`, when its picture has caught up, so every
move the server sends is animated in order, as at a local table.

    remote = RemoteTable.connect(url, "Bea", {"type": "join", "code": "K7QX2M"})
    remote.wait_joined(10)        # the seat, the code, the rules
    ... remote.started ...        # the deal has come: hand it to TableScene(link=remote)
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidURI

from game.engine import IllegalAction, RuleSet
from game.engine.actions import Action
from game.online.client import redirect
from game.online.client.connection import Connection, Redirected, ServerError
from game.online.client.social_state import SocialState
from game.online.protocol import fairness
from game.online.protocol.client_messages import (
    Act,
    Again,
    Back,
    ChangeSettings,
    ClientMessage,
    Next,
    React,
    Request,
    Resume,
    Sit,
    Start,
    Vote,
    Watch,
)
from game.online.protocol.reader import BadServerMessage
from game.online.protocol.server_messages import (
    Clock,
    Deal,
    HostSeat,
    Joined,
    Presence,
    Reaction,
    Redirect,
    Refusal,
    Rematch,
    Reveal,
    Seats,
    SeatState,
    ServerClosing,
    ServerMessage,
    Settings,
    TableClosed,
    Timeout,
    Update,
    Votes,
    Watching,
)
from game.table.seats import GameSetup, SeatKind, SeatSetup
from game.table.updates import SeatUpdate

Watcher = Callable[[SeatUpdate], None]
RETRIES = 8  # a dropped connection is tried again this many times, then given up
CLUSTER_RETRIES = 16  # ... at a server of several shards (tries every 2 s at most)
FIRST_WAIT, LONGEST_WAIT = 0.5, 15.0  # seconds between tries: doubling, with jitter


def retry_wait(attempt: int, rng: random.Random, longest: float = LONGEST_WAIT) -> float:
    """Seconds before try `attempt` (from 1): 0.5, 1, 2, 4... up to `longest`, each
    between 75% and 100% of that, so clients dropped together do not return together."""
    return min(longest, FIRST_WAIT * 2 ** (attempt - 1)) * rng.uniform(0.75, 1.0)


@dataclass(frozen=True)
class Away:
    """A person's seat while they are not here: `computer` once one plays for them."""

    since: float  # time.monotonic() when they dropped
    until: float | None  # when a computer takes over (None: not said)
    computer: bool = False


class RemoteTable:
    def __init__(self) -> None:
        self.setup = GameSetup("classic", RuleSet.preset("classic"), ())
        self.pace = 1.0
        self.code = ""
        self.seat = -1
        self.token = ""
        self.url = ""  # the server (shard) connected to last
        self.shards: tuple[str, ...] = ()  # its shards: where to look when it has gone
        self.host_seat = 0
        self.dedicated = False
        self.timer = 0
        self.seats: list[SeatState] = []  # the latest `seats` message's list
        self.closed: TableClosed | ServerClosing | None = None
        self.notices: list[ServerMessage] = []  # timeouts, refusals, presence: for the scene
        self.failure = ""  # why the connection could not be made or was lost (English, logs)
        self.failure_code = ""  # the same as a word the scenes put in the player's words
        self.retrying = 0  # the try under way after a drop (0: connected, or given up)
        self.ended = False  # the connection is over for good: nothing more will come
        self.away: dict[int, Away] = {}
        self.back_at: dict[int, float] = {}  # seat -> time.monotonic() when they came back
        self.clock: tuple[int, float] | None = None  # a timed turn: seat, when it ends
        self.votes: dict[int, Votes] = {}
        self.deals: dict[int, Deal] = {}  # round -> its dealer and commitment
        self.dealt: dict[int, SeatUpdate] = {}  # round -> this seat's update as dealt
        self.fair: dict[int, bool] = {}  # round -> its deal checked against its commitment
        self.resumed = False  # came back into a round under way: no deal to show
        self.catch_up: int | None = None  # the token of the update that brings missed moves
        self.stood_in = False  # a computer plays this player's own seat for now
        self.joined = threading.Event()
        self.social = SocialState()  # reactions, the rematch vote, spectators
        self.watching = False  # a spectator: seat 0's public view, no moves
        self.public = self.watch_allowed = False
        self.match_number = 1  # grows when the table plays again
        self.hosted: Any = None  # the server this game runs, if it hosts: stopped on close
        self._inbox: queue.Queue[SeatUpdate | None] = queue.Queue()  # None: a new match
        self._pending: list[SeatUpdate] = []
        self._first: SeatUpdate | None = None
        self._latest: SeatUpdate | None = None
        self._received: SeatUpdate | None = None  # the newest off the wire (network thread)
        self._watchers: list[Watcher] = []
        self._want_next = False
        self._answered = -1  # the token of the update last answered
        self._leaving = False
        self._seated = False  # a `joined` came: a drop from now on is tried again
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conn: Connection | None = None
        self._thread: threading.Thread | None = None

    # -- connecting ----------------------------------------------------------------

    @classmethod
    def connect(cls, url: str, name: str, request: Request, lang: str = "en") -> RemoteTable:
        """Connect in the background and send `request` (create, join or resume)."""
        remote = cls()
        remote.url = url
        if isinstance(request, Resume):
            remote.code, remote.token = request.code, request.token
        remote._thread = threading.Thread(
            target=lambda: asyncio.run(remote._run(url, name, request, lang)), daemon=True
        )
        remote._thread.start()
        return remote

    def wait_joined(self, seconds: float) -> bool:
        return self.joined.wait(seconds)

    async def _run(self, url: str, name: str, request: Request, lang: str) -> None:
        self._loop = asyncio.get_running_loop()
        rng = random.Random()
        try:
            if await self._session(url, name, request, lang):
                return
            while True:
                # Several shards: a dead one's tables are another's within seconds, so
                # the tries come often and go to every shard (the last one first).
                tries, longest = (CLUSTER_RETRIES, 2.0) if self.shards else (RETRIES, LONGEST_WAIT)
                if self.retrying >= tries:
                    self._fail("lost", "the connection was lost and could not be made again")
                    return
                self.retrying += 1
                await asyncio.sleep(retry_wait(self.retrying, rng, longest))
                request = Watch(self.code) if self.watching else Resume(self.code, self.token)
                for place in self._places():
                    if await self._session(place, name, request, lang):
                        return
                    if not self.retrying:  # it was back in its seat, and dropped again
                        break
        finally:
            self.retrying, self.ended = 0, True
            self.joined.set()

    def _places(self) -> list[str]:
        """Where a try goes: the shard last connected to, then each other shard its
        server named (one of them holds the table once its shard has gone)."""
        return [self.url, *(s for s in self.shards if s != self.url)]

    async def _session(
        self, url: str, name: str, request: Request, lang: str, hops: int = 0
    ) -> bool:
        """One connection, until it ends. True: the end is final; False: try again
        (it dropped after a seat was had, and nobody chose to leave)."""
        try:
            self._conn = conn = await Connection.open(url, name, lang=lang)
            self.url, self.shards = url, conn.shards or self.shards
            await conn.send(request)
            while True:  # until the connection closes (the server closes it when it stops)
                self._take(await conn.read(), conn)
        except Redirected as moved:
            await conn.close()
            try:
                target = redirect.follow(url, moved.address, self.shards, hops)
            except redirect.RedirectRefused as refused:
                self._fail("bad_redirect", f"not sent on to {moved.address[:80]}: {refused}")
                return True
            return await self._session(target, name, request, lang, hops + 1)
        except BadServerMessage as bad:
            self._fail("bad_server", str(bad))
        except ServerError as err:
            self._fail(err.code, str(err))
        except (ConnectionClosed, TimeoutError, OSError, InvalidURI) as err:
            if self._leaving or self.closed is not None:
                return True
            if self.retrying and not self.dedicated and isinstance(err, ConnectionRefusedError):
                # The host's computer answered that nothing listens: its game has closed
                # (a guest's own network failing gives no such answer, and is tried again).
                self._fail("host_gone", "the host's game closed")
                return True
            if not self._seated:  # never sat down this time: nothing to come back to
                self._fail("unreachable", str(err) or type(err).__name__)
                return True
            return False
        except Exception as err:  # a bug: said once, the scene shows it, never a crash
            self._fail("bad_server", f"{type(err).__name__}: {err}")
        return True

    def _fail(self, code: str, why: str) -> None:
        if not self.failure:
            self.failure, self.failure_code = why, code
        self.joined.set()

    def _take(self, message: ServerMessage, conn: Connection) -> None:
        """A checked message from the server (network thread)."""
        match message:
            case Joined():
                self._joined(message)
            case Watching(table=table):
                self._joined(table)
                self.watching, self.token = True, ""  # no seat, so no seat token
                self._names(list(table.names))
            case Reaction() | Rematch():
                self.social.take(message)
            case Redirect(code=code, address=address):
                raise Redirected(code, address)
            case Seats(seats=seats, host=host):
                self.seats, self.host_seat = list(seats), host
                self.social.watchers = message.watchers
                self._names([s.name for s in seats])
            case Update(update=update, full=full):
                self._received_update(update, full)
            case TableClosed() | ServerClosing():
                self.closed = message
            case Refusal() if not self.joined.is_set() or self.retrying:
                self._fail(message.code, message.message)  # no seat: nothing more to wait for
                self._leaving = True
                asyncio.get_running_loop().create_task(conn.close())
            case Presence():
                self._presence(message)
            case Clock(seat=seat, seconds=seconds):
                self.clock = (seat, time.monotonic() + seconds)
            case Votes():
                self.votes[message.seat] = message
            case HostSeat(seat=seat):
                self.host_seat = seat
            case Settings():
                self.timer = message.timer
                self.public, self.watch_allowed = message.public, message.watch
                self.setup = replace(
                    self.setup, rules=message.rules, target=message.target, scoring=message.scoring
                )
            case Deal(round_number=number):
                self.deals[number] = message
            case Reveal():
                self._check_deal(message)
            case Timeout() | Refusal():
                self.notices.append(message)

    def _joined(self, message: Joined) -> None:
        if self.social.rematch is not None:  # the table plays again: a new match
            self.social.rematch = None
            self.deals, self.dealt, self.fair, self._received = {}, {}, {}, None
            self._inbox.put(None)
        self.watching = False
        self.public, self.watch_allowed = message.public, message.watch
        self.retrying, self._seated = 0, True  # (back) in the seat
        self._answered = -1  # a table taken up again counts its updates afresh
        self.code, self.seat, self.token = message.code, message.seat, message.token
        self.host_seat, self.dedicated, self.timer = message.host, message.dedicated, message.timer
        self.setup = replace(
            self.setup,
            theme=message.theme,
            rules=message.rules,
            target=message.target,
            scoring=message.scoring,
        )
        self._names(list(message.names))
        self.joined.set()

    def _presence(self, message: Presence) -> None:
        now, seat = time.monotonic(), message.seat
        if self.is_mine(seat):
            self.stood_in = message.state == "computer"
        if message.state == "away":
            until = now + message.seconds if message.seconds is not None else None
            self.away[seat] = Away(now, until)
        elif message.state in ("computer", "left"):
            before = self.away.get(seat)
            self.away[seat] = Away(before.since if before else now, None, True)
        else:
            self.away.pop(seat, None)
            self.back_at[seat] = now
        self.notices.append(message)

    def _check_deal(self, reveal: Reveal) -> None:
        """With the round's key: was the deal the one committed to before it (the
        commitment, this seat's hand as dealt, the card turned up)? Told either way."""
        deal, first = self.deals.get(reveal.round_number), self.dealt.get(reveal.round_number)
        if deal is None or first is None:
            return  # came back mid-round: this seat did not see the deal to check it
        if deal.commitment != reveal.commitment:
            fair = False
        else:
            try:
                record = fairness.Record(
                    self.setup.rules,
                    first.view.players,
                    deal.dealer,
                    deal.commitment,
                    bytes.fromhex(reveal.key),
                    self.seat,
                    tuple(first.view.hand),
                    first.view.top,
                )
                fair = not fairness.problems(record)
            except (ValueError, KeyError, TypeError, IndexError):
                fair = False
        self.fair[reveal.round_number] = fair
        self.notices.append(reveal)

    def _received_update(self, update: SeatUpdate, full: bool) -> None:
        """An update off the wire. One that brings the round's whole history after
        a drop carries, as its events, everything missed meanwhile, so the table
        animates and logs it as if it had been there."""
        last = self._received
        if full and last is not None and last.round_number == update.round_number:
            seen = last.view.history
            if update.view.history[: len(seen)] == seen:
                update = replace(update, events=update.view.history[len(seen) :])
                if update.events:  # shown at once: the turn clock runs meanwhile
                    self.catch_up = update.token
        elif full and last is None and update.actions > 0:
            self.resumed = True  # joined mid-round: the table is shown as it stands
        if update.actions == 0 and update.round_number not in self.dealt:
            self.dealt[update.round_number] = update  # the hand as dealt, for the check
        self._received = update
        self._inbox.put(update)

    def _names(self, names: list[str]) -> None:
        seats = []
        for i, name in enumerate(names):
            kind = SeatKind.HUMAN if i == self.seat and not self.watching else SeatKind.REMOTE
            if i < len(self.seats) and self.seats[i].kind == "bot":
                kind = SeatKind.BOT
            seats.append(SeatSetup(name or "…", kind))
        self.setup = replace(self.setup, seats=tuple(seats))

    def send(self, message: ClientMessage) -> None:
        """Send from the frame loop's thread; it never waits."""
        if self._loop is None or self._conn is None:
            return
        sending = self._conn.send(message)
        try:
            asyncio.run_coroutine_threadsafe(sending, self._loop)
        except RuntimeError:  # the loop is gone: the table has closed
            sending.close()  # never to run (unclosed, it is reported as never awaited)

    # -- what the scene uses (TableLink) ------------------------------------------

    @property
    def started(self) -> bool:
        """The deal has arrived."""
        self._drain()
        return self._first is not None

    @property
    def rules(self) -> RuleSet:
        return self.setup.rules

    @property
    def errors(self) -> list[str]:
        return [self.failure] if self.failure else []

    def _drain(self) -> None:
        while True:
            try:
                update = self._inbox.get_nowait()
            except queue.Empty:
                return
            if update is None:  # a new match: its deal is the first update again
                self._first = self._latest = None
                self._pending.clear()
                self._want_next, self.resumed = False, False
                self.match_number += 1
                continue
            if self._first is None:
                self._first = self._latest = update
            else:
                self._pending.append(update)

    def update(self, seat: int) -> SeatUpdate:
        self._drain()
        assert self._latest is not None, "no update yet: wait for `started`"
        return self._latest

    def round_start(self, seat: int) -> SeatUpdate:
        self._drain()
        assert self._first is not None, "no deal yet: wait for `started`"
        return self._first

    def watch(self, seat: int, watcher: Watcher) -> None:
        self._watchers.append(watcher)

    def unwatch(self, seat: int, watcher: Watcher) -> None:
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    def submit(self, seat: int, action: Action) -> list:
        latest = self.update(seat)
        if self.closed is not None:
            raise IllegalAction(self.closed.message or "the table has closed")
        if action not in latest.legal:
            raise IllegalAction("that is not allowed now")
        if self._answered == latest.token:
            return []  # a second click before the table's answer: the move is on its way
        self._answered = latest.token
        self.send(Act(latest.token, action))
        return []  # what happened comes back as an update

    def tick(self, dt: float) -> None:
        """After a round's end, the next deal is shown as soon as it comes."""
        self._drain()
        if self._want_next and self._pending and self._pending[0].round_number > self._round:
            self._want_next = False
            self._deliver()

    @property
    def _round(self) -> int:
        return self._latest.round_number if self._latest else 0

    def step(self) -> bool:
        self._drain()
        if not self._pending or (self._latest is not None and self._latest.over):
            return False
        self._deliver()
        return True

    def _deliver(self) -> None:
        update = self._pending.pop(0)
        if self._latest is not None and update.current != self._latest.current:
            self.votes.clear()  # votes are for one turn
        self._latest = update
        for watcher in list(self._watchers):
            watcher(update)

    def next_round(self) -> None:
        self._want_next = True
        if not self.watching:  # a spectator waits for the table, it has no say
            self.send(Next())

    def thinking(self) -> int | None:
        latest = self._latest
        if latest is None or latest.over or self._pending or latest.current == self.seat:
            return None
        away = self.away.get(latest.current)
        return None if away is not None and not away.computer else latest.current

    def flush(self, wait: bool = False) -> None:
        pass

    # -- what only a table online has ----------------------------------------------

    def start(self) -> None:
        self.send(Start())

    def vote(self, seat: int) -> None:
        """Ask for a computer to play `seat`, idle or away, for now."""
        self.send(Vote(seat))

    def react(self, code: str) -> None:
        self.send(React(code))

    def show(self, public: bool, watch: bool) -> None:
        """The host: list the table in the lobby or not; let people watch or not."""
        self.send(ChangeSettings(public=public, watch=watch))

    def again(self) -> None:
        """Yes to another match at this table."""
        self.send(Again())

    def sit(self) -> None:
        """A spectator asks for a free seat."""
        self.send(Sit())

    def take_back(self) -> None:
        """Take this seat back from the computer the others voted in."""
        self.send(Back())

    @property
    def newest(self) -> SeatUpdate | None:
        """The newest update off the wire, shown or not yet (tests and tools)."""
        return self._received

    @property
    def catching_up(self) -> bool:
        """The update shown now brings the moves missed while this player was away."""
        latest = self._latest
        return self.catch_up is not None and latest is not None and latest.token == self.catch_up

    @property
    def guests_here(self) -> bool:
        """This game hosts the table and another person is connected to it."""
        return self.hosted is not None and any(
            s.kind == "person" and s.here for i, s in enumerate(self.seats) if i != self.seat
        )

    @property
    def is_host(self) -> bool:
        return self.is_mine(self.host_seat)

    def is_mine(self, seat: int) -> bool:
        """`seat` is this player's own. A spectator has none: they are shown seat
        0's public view, and what happens to seat 0's person is news to them."""
        return seat == self.seat and not self.watching

    def turn_left(self) -> tuple[int, float] | None:
        """The timed turn under way: its seat and the seconds it has left."""
        latest = self._latest
        if self.clock is None or latest is None or latest.over:
            return None
        seat, ends = self.clock
        if latest.current != seat or self._pending:
            return None
        return seat, max(0.0, ends - time.monotonic())

    def close(self) -> None:
        """Leaving the table: the seat is kept for the grace period. A host's
        server stops: everyone is told, and the match is saved to resume later."""
        self._leaving = True
        if self._loop is not None and self._conn is not None:
            closing = self._conn.close()
            try:
                asyncio.run_coroutine_threadsafe(closing, self._loop)
            except RuntimeError:  # the connection's loop has already ended
                closing.close()
        if self.hosted is not None:
            self.hosted.stop("host_left")
            self.hosted = None
