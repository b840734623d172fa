"""A table played elsewhere, as the table scene sees one (game.table's `TableLink`).

Three parts: `Line` (client.connection) is the connection on its own thread and
loop, tried again after a drop, so the frame loop never waits for the network;
`TableNews` (client.table_news) is what the server has said of the table; this
is the link the scene holds. Updates wait in a queue; the scene takes one at a
time with `step()`, when its picture has caught up, so every move the server
sends is animated in order, as at a local table.

    remote = RemoteTable.connect(url, "Bea", Join("K7QX2M"))
    remote.wait_joined(10)        # the seat, the code, the rules: remote.news
    ... remote.started ...        # the deal has come: hand it to TableScene(link=remote)
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Protocol

from game.engine import IllegalAction, RuleSet
from game.engine.actions import Action
from game.online.client.connection import Line
from game.online.client.table_news import TableNews
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
)
from game.table.seats import GameSetup
from game.table.updates import SeatUpdate

Watcher = Callable[[SeatUpdate], None]


class Hosted(Protocol):
    """The server this game runs, when it hosts the table (client.hosting)."""

    def stop(self, reason: str) -> None: ...


class RemoteTable:
    def __init__(self, url: str = "", code: str = "", token: str = "") -> None:
        self.pace = 1.0
        self._inbox: queue.Queue[SeatUpdate | None] = queue.Queue()  # None: a new match
        self.news = TableNews(self._inbox.put, code, token)
        self.line = Line(url, self.news)
        self.match_number = 1  # grows when the table plays again
        self.hosted: Hosted | None = None  # stopped when this table closes
        self._pending: list[SeatUpdate] = []
        self._first: SeatUpdate | None = None  # the deal of the match shown
        self._latest: SeatUpdate | None = None  # the update shown now
        self._watchers: list[Watcher] = []
        self._want_next = False
        self._answered = (0, -1)  # the update last answered: (joins then, its token)

    @classmethod
    def connect(cls, url: str, name: str, request: Request, lang: str = "en") -> RemoteTable:
        """Connect in the background and send `request` (create, join or resume)."""
        resume = request if isinstance(request, Resume) else Resume("", "")
        remote = cls(url, resume.code, resume.token)
        remote.line.start(name, request, lang)
        return remote

    def wait_joined(self, seconds: float) -> bool:
        return self.line.joined.wait(seconds)

    @property
    def setup(self) -> GameSetup:
        return self.news.setup

    @setup.setter
    def setup(self, setup: GameSetup) -> None:
        self.news.setup = setup

    @property
    def seat(self) -> int:
        return self.news.seat

    def send(self, message: ClientMessage) -> None:
        """Send from the frame loop's thread; it never waits."""
        self.line.send(message)

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
        return [self.line.failure] if self.line.failure else []

    @property
    def newest(self) -> SeatUpdate | None:
        """The newest update off the wire, shown or not yet (tests and tools)."""
        return self.news.received

    def _drain(self) -> None:
        while True:
            try:
                update = self._inbox.get_nowait()
            except queue.Empty:
                return
            if update is None:  # a new match: its deal is the first update again
                self._first = self._latest = None
                self._pending.clear()
                self._want_next, self.news.resumed = False, False
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
        closed = self.news.closed
        if closed is not None:
            raise IllegalAction(closed.message or "the table has closed")
        if action not in latest.legal:
            raise IllegalAction("that is not allowed now")
        # A table taken up again (another shard) counts its updates afresh.
        answering = (self.line.joins, latest.token)
        if self._answered == answering:
            return []  # a second click before the table's answer: the move is on its way
        self._answered = answering
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
            self.news.people.votes = {}  # votes are for one turn
        self._latest = update
        for watcher in list(self._watchers):
            watcher(update)

    def next_round(self) -> None:
        self._want_next = True
        if not self.news.watching:  # a spectator waits for the table, it has no say
            self.send(Next())

    def thinking(self) -> int | None:
        latest = self._latest
        if latest is None or latest.over or self._pending or latest.current == self.seat:
            return None
        away = self.news.people.away.get(latest.current)
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
    def catching_up(self) -> bool:
        """The update shown now brings the moves missed while this player was away."""
        latest = self._latest
        catch_up = self.news.catch_up
        return catch_up is not None and latest is not None and latest.token == catch_up

    @property
    def guests_here(self) -> bool:
        """This game hosts the table and another person is connected to it."""
        return self.hosted is not None and any(
            s.kind == "person" and s.here for i, s in enumerate(self.news.seats) if i != self.seat
        )

    @property
    def is_host(self) -> bool:
        return self.news.is_mine(self.news.host_seat)

    def turn_left(self) -> tuple[int, float] | None:
        """The timed turn under way: its seat and the seconds it has left."""
        latest = self._latest
        clock = self.news.people.clock
        if clock is None or latest is None or latest.over:
            return None
        seat, ends = clock
        if latest.current != seat or self._pending:
            return None
        return seat, max(0.0, ends - time.monotonic())

    def close(self) -> None:
        """Leaving the table: the seat is kept for the grace period. A host's
        server stops: everyone is told, and the match is saved to resume later."""
        self.line.close()
        if self.hosted is not None:
            self.hosted.stop("host_left")
            self.hosted = None
