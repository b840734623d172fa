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
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from websockets.exceptions import ConnectionClosed

from game.engine import IllegalAction, RuleSet
from game.engine.actions import Action, to_text
from game.limits import SeatKind, SlotKind
from game.net.client import Connection, ServerError
from game.table.seats import GameSetup, SeatSetup
from game.table.updates import SeatUpdate

Watcher = Callable[[SeatUpdate], None]


class RemoteTable:
    def __init__(self) -> None:
        self.setup = GameSetup("classic", RuleSet.preset("classic"), ())
        self.pace = 1.0
        self.code = ""
        self.seat = -1
        self.token = ""
        self.seats: list[dict[str, Any]] = []  # the latest `seats` message's list
        self.closed: dict[str, Any] | None = None  # table_closed / server_closing
        self.notices: list[dict[str, Any]] = []  # timeouts and refusals, for the scene
        self.failure = ""  # why the connection could not be made or was lost
        self.joined = threading.Event()
        self.hosted: Any = None  # the server this game runs, if it hosts: stopped on close
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._pending: list[SeatUpdate] = []
        self._first: SeatUpdate | None = None
        self._latest: SeatUpdate | None = None
        self._watchers: list[Watcher] = []
        self._want_next = False
        self._answered = -1  # the token of the update last answered
        self._loop: asyncio.AbstractEventLoop | None = None
        self._conn: Connection | None = None
        self._thread: threading.Thread | None = None

    # -- connecting ----------------------------------------------------------------

    @classmethod
    def connect(cls, url: str, name: str, request: dict[str, Any]) -> RemoteTable:
        """Connect in the background and send `request` (create, join or resume)."""
        remote = cls()
        remote._thread = threading.Thread(
            target=lambda: asyncio.run(remote._run(url, name, request)), daemon=True
        )
        remote._thread.start()
        return remote

    def wait_joined(self, seconds: float) -> bool:
        return self.joined.wait(seconds)

    async def _run(self, url: str, name: str, request: dict[str, Any]) -> None:
        self._loop = asyncio.get_running_loop()
        try:
            self._conn = conn = await Connection.open(url, name)
            await conn.send(request)
            while True:  # until the connection closes (the server closes it when it stops)
                self._take(await conn.receive(), conn)
        except ConnectionClosed:
            if self.closed is None:
                self.failure = self.failure or "the connection was closed"
        except (TimeoutError, OSError, ServerError) as err:
            self.failure = str(err) or type(err).__name__
        except Exception as err:  # the connection closed: said once, the scene shows it
            self.failure = self.failure or f"{type(err).__name__}: {err}"
        finally:
            self.joined.set()

    def _take(self, message: dict[str, Any], conn: Connection) -> None:
        kind = message["type"]
        if kind == "joined":
            self.code, self.seat, self.token = conn.code, conn.seat, conn.token
            assert conn.state is not None
            self.setup = replace(self.setup, theme=message["theme"], rules=conn.state.rules)
            self._names(message["names"])
            self.joined.set()
        elif kind == "seats":
            self.seats = message["seats"]
            self._names([s["name"] for s in self.seats])
        elif kind == "update" and conn.update is not None:
            self._inbox.put({"type": "update", "update": conn.update})
        elif kind in ("table_closed", "server_closing"):
            self.closed = message
        elif kind == "error" and not self.joined.is_set():
            self.failure = message["message"]
            self.joined.set()
        elif kind in ("timeout", "error"):
            self.notices.append(message)

    def _names(self, names: list[str]) -> None:
        seats = []
        for i, name in enumerate(names):
            kind = SeatKind.HUMAN if i == self.seat else SeatKind.REMOTE
            if i < len(self.seats) and self.seats[i]["kind"] == SlotKind.BOT:
                kind = SeatKind.BOT
            seats.append(SeatSetup(name or "…", kind))
        self.setup = replace(self.setup, seats=tuple(seats))

    def send(self, message: dict[str, Any]) -> None:
        """Send from the frame loop's thread; it never waits."""
        if self._loop is None or self._conn is None:
            return
        conn = self._conn
        with contextlib.suppress(RuntimeError):  # the loop is gone: the table has closed
            asyncio.run_coroutine_threadsafe(conn.send(message), self._loop)

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
                item = self._inbox.get_nowait()
            except queue.Empty:
                return
            update: SeatUpdate = item["update"]
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
            raise IllegalAction(self.closed.get("message", "the table has closed"))
        if action not in latest.legal:
            raise IllegalAction("that is not allowed now")
        if self._answered == latest.token:
            return []  # a second click before the table's answer: the move is on its way
        self._answered = latest.token
        self.send({"type": "act", "token": latest.token, "action": to_text(action)})
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
        self._latest = update
        for watcher in list(self._watchers):
            watcher(update)

    def next_round(self) -> None:
        self._want_next = True
        self.send({"type": "next"})

    def thinking(self) -> int | None:
        latest = self._latest
        if latest is None or latest.over or self._pending or latest.current == self.seat:
            return None
        return latest.current

    def flush(self, wait: bool = False) -> None:
        pass

    def close(self) -> None:
        """Leaving the table: the seat is kept for the grace period. A host's
        server stops: everyone is told, and the match is saved to resume later."""
        if self._loop is not None and self._conn is not None:
            conn = self._conn
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(conn.close(), self._loop)
        if self.hosted is not None:
            self.hosted.stop("host_left")
            self.hosted = None
