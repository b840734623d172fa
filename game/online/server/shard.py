"""A server that is one shard of several, sharing Redis (`uno-table serve --redis`).

The server keeps its tables and plays them as it does alone; this module is what
it asks of the others through the store (game.online.server.cluster):

- a new table's code is claimed in the directory (unique across shards), and
  counted against its maker's address on every shard;
- a join, watch or resume for a code this shard does not hold is answered with a
  `redirect` to the shard that does;
- every change of a table is written to the store (its new actions, appended
  to its snapshot, or now and then the whole snapshot: table_log), and its players are sent the
  change only once it is there (or after `HOLD_MAX` seconds, while Redis is
  away), so a shard killed after telling a move cannot lose it;
- every `BEAT` the shard renews its lease, publishes its public tables, and takes
  up the tables of shards whose lease ran out; a shard stopped cleanly writes
  every table and gives up its lease, so the others take its tables at once.

While Redis is away the shard keeps and plays its tables and refuses new ones
(`store_away`); nothing is lost (the snapshots wait and are written when it is back).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import json
import logging
import uuid
from collections.abc import Container, Coroutine, Iterable
from functools import partial
from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.client_messages import (
    ClientMessage,
    Create,
    Join,
    ListTables,
    PlayNow,
    Resume,
    Watch,
)
from game.online.protocol.server_messages import Redirect, TableInfo, Tables
from game.online.server import lobby
from game.online.server.cluster import membership
from game.online.server.cluster.directory import Directory, Shard
from game.online.server.cluster.limits import Limits
from game.online.server.cluster.lobby import Lobby
from game.online.server.cluster.membership import Membership
from game.online.server.cluster.snapshots import Data, Snapshots, read
from game.online.server.cluster.store import Store, StoreUnavailable
from game.online.server.cluster.table_log import Played, TableLogs, replayed

if TYPE_CHECKING:
    from game.online.server.server import Client, Server
    from game.online.server.status import Figures

log = logging.getLogger(__name__)

BATCH = 512  # tables' snapshots written in one round trip at most
KIND = ("online-table", 1)  # the snapshots' kind and version
# A batch of snapshots as large as BATCH: one round trip per 32 tables in a row kept
# moves waiting ~0.1 s at 500 tables on a loaded machine. Batches SPACING apart at
# least: a round trip to Redis (a send, a wakeup, a read) cost about as much as the
# rest of a move's work beyond a server alone, and one for every move was most of it.
SPACING = 0.025  # seconds between the starts of two batches, at least
HOLD_MAX = 2.0  # seconds a change waits for the store before its players are told anyway
STORE_AWAY = "The server cannot open new tables for a moment (its store is away); try again soon."


class ShardLink:
    def __init__(self, server: Server, url: str, address: str, lease: float) -> None:
        self.server = server
        self.store = Store.connect(url)
        self.me = Shard(uuid.uuid4().hex[:12], address)
        self.directory = Directory(self.store, self.me)
        self.members = Membership(self.store, self.directory, lease=lease)
        # Delay 0: a group commit (a change waits for the batch in flight; what is
        # marked meanwhile goes in the next), batches `SPACING` apart at least.
        self.snapshots = Snapshots(
            self.store, self.directory, *KIND, delay=0, batch=BATCH, spacing=SPACING
        )
        self.lobby = Lobby(self.store, self.members)
        self.limits = Limits(self.store, self.directory)
        self.addresses: tuple[str, ...] = (address,)  # every shard's, for the welcome
        self.logs = TableLogs()  # what the store holds of each table played here
        self.holds = Holds()
        self._tasks: set[asyncio.Task[object]] = set()
        self._beat: asyncio.Task[None] | None = None

    # -- life ----------------------------------------------------------------------

    async def start(self) -> None:
        """Join the shards (Redis must answer now: a shard does not start blind)."""
        try:
            await self.members.join()
            await self._refresh()
        except StoreUnavailable as error:
            raise OSError(f"the store is not reachable: {error}") from error
        self._beat = asyncio.get_running_loop().create_task(self._run())
        log.info("shard %s at %s joined", self.me.id, self.me.address)

    async def stop(self) -> None:
        """A clean stop: every table written, then the lease given up, so another
        shard takes the tables at its next beat (the players' clients find it)."""
        self.members.stop()
        if self._beat is not None:
            self._beat.cancel()
        try:
            await self.snapshots.close()
            await self.members.leave()
        except StoreUnavailable as error:
            log.warning("shard %s: stopped without its store (%s)", self.me.id, error)
        for task in list(self._tasks):
            task.cancel()
        await self.store.close()

    async def _run(self) -> None:
        beats = asyncio.get_running_loop().create_task(
            self.members.run(self._load, self._lost, self._held)
        )
        try:
            while True:
                await asyncio.sleep(membership.BEAT)
                with contextlib.suppress(StoreUnavailable):
                    await self._refresh()
        finally:
            beats.cancel()

    async def _refresh(self) -> None:
        """This shard's public tables listed; every shard's address learnt."""
        listed = lobby.listed(self.server.rooms.values())
        await self.lobby.publish({info.code: dataclasses.asdict(info) for info in listed})
        self.addresses = tuple(sorted(set((await self.members.shards()).values())))

    def _held(self) -> set[str]:
        return set(self.server.rooms) | set(self.server.keeping.kept)

    # -- connections -----------------------------------------------------------------

    async def connect(self, address: str) -> bool:
        """The address may hold one more connection on all the shards together (while
        Redis is away, only this shard's own count is kept)."""
        try:
            return await self.limits.connect(address, self.server.config.limits.per_address)
        except StoreUnavailable:
            return True

    def disconnect(self, address: str) -> None:
        self._spawn(self._disconnect(address))

    async def _disconnect(self, address: str) -> None:
        with contextlib.suppress(StoreUnavailable):
            await self.limits.disconnect(address)

    # -- the lobby's messages -----------------------------------------------------------

    async def before(self, client: Client, message: ClientMessage) -> bool:
        """The store's part of a lobby message; False when it was answered here
        (a redirect) and the server has nothing more to do."""
        match message:
            case ListTables():
                client.send(Tables(await self.listed()))
                return False
            case Create():
                return await self._create(client, message)
            case PlayNow(theme=theme):
                if lobby.first_with_room(self.server.rooms.values(), theme) is not None:
                    return True
                if await self._play_elsewhere(client, theme):
                    return False
                seats = tuple(str(s) for s in lobby.PLAY_NOW_SEATS)
                return await self._create(
                    client, Create(theme or lobby.PLAY_NOW_THEME, seats, public=True)
                )
            case Join(code=code) | Watch(code=code) | Resume(code=code):
                return await self._elsewhere(client, code.upper())
        return True

    async def listed(self) -> tuple[TableInfo, ...]:
        """Every shard's public tables: this shard's as they are now, the others'
        as they last published them."""
        mine = lobby.listed(self.server.rooms.values())
        try:
            others = [info for s in await self.lobby.listed() if (info := _info(s)) is not None]
        except StoreUnavailable:
            others = []
        seen = {t.code for t in mine}
        return (*mine, *(t for t in others if t.code not in seen))[: lobby.MAX_LISTED]

    async def _play_elsewhere(self, client: Client, theme: str | None) -> bool:
        """ "Play now" with no table waiting here: the player is sent to another shard's
        public table that waits for players (in the shared lobby; its shard seats them
        when they ask it again). False: none, or Redis is away (a new table here)."""
        try:
            for code in _waiting(await self.lobby.listed(), theme, self.server.rooms):
                owner = await self.directory.owner(code)
                if owner is not None and owner.id != self.me.id:
                    self.server.seating.not_seated(client)
                    client.send(Redirect(code, owner.address))
                    return True
        except StoreUnavailable:
            pass
        return False

    async def _create(self, client: Client, create: Create) -> bool:
        server = self.server
        server.seating.not_seated(client)
        code = ""
        try:
            while not code:
                code = server.tables.new_code()
                if not await self.directory.claim(code):
                    code = ""
            limit = server.config.limits.tables_per_address
            if not await self.limits.make_table(client.address, code, limit):
                await self.directory.release(code)
                raise BadMessage("your address has as many tables open as it may", "too_many")
        except StoreUnavailable:
            raise BadMessage(STORE_AWAY, "store_away") from None
        try:
            server.desk.create(client, create, code)
        except BadMessage:
            if code not in server.rooms:
                self._spawn(self.directory.release(code))
            raise
        return False

    async def _elsewhere(self, client: Client, code: str) -> bool:
        """A code this shard does not hold: the player is sent to the shard that
        does; wrong codes count on every shard."""
        server = self.server
        if code in server.rooms or code in server.keeping.dormant:
            return True
        server.seating.not_seated(client)
        caps = server.config.limits
        try:
            wait = await self.limits.guess_wait(client.address, caps.guesses, caps.guess_window)
            if wait > 0:
                raise BadMessage("too many wrong codes from your address", "guesses", wait=wait)
            owner = await self.directory.owner(code)
        except StoreUnavailable:
            return True  # this shard's own tables and limits only
        if owner is None or owner.id == self.me.id:
            self._spawn(self.limits.guessed_wrong(client.address, caps.guess_window))
            return True  # the server answers: not found (counted here too)
        client.send(Redirect(code, owner.address))
        return False

    # -- tables ------------------------------------------------------------------------

    def changed(self, room: Played, data: Data, clients: Iterable[Client]) -> None:
        """The table changed (`data` gives its whole snapshot): its new actions, or
        it whole, are written (table_log), and what its players were sent meanwhile
        waits until that is in the store (a callback, not a task: this runs on every
        move of every table)."""
        self.snapshots.mark(room.code, self.logs.next(room, data))
        held = [c for c in clients if c.closer is None]
        for client in held:
            client.held += 1
        release = Release(held, self.server.figures)
        self.snapshots.waiter(room.code).add_done_callback(release)
        self.holds.add(release)

    def ended(self, code: str) -> None:
        """The table is over: its entry and snapshot leave the store."""
        self.logs.forget(code)
        self._spawn(self._ended(code))

    async def _ended(self, code: str) -> None:
        with contextlib.suppress(StoreUnavailable):
            await self.directory.release(code)

    async def _load(self, code: str, snapshot: str | None) -> None:
        """A dead shard's table, taken over: played here from its last snapshot."""
        data = read(snapshot, *KIND)
        if data is not None and snapshot is not None:
            data = replayed(data, snapshot)  # the actions written after it, played
        if data is None:  # not dealt yet when its shard died: nothing to take up
            await self.directory.release(code)
            return
        room = self.server.tables.take_up(data)  # type: ignore[arg-type]
        room.start()
        log.info("shard %s: took over table %s", self.me.id, code)

    async def _lost(self, codes: set[str]) -> None:
        """This shard's lease had run out (a long pause, or Redis restarted without
        its data). A table no shard holds is claimed again; one another shard took is
        dropped here, its players sent on (their clients come back to the new owner)."""
        for code in codes:
            owner = await self.directory.owner(code)
            if owner is None and await self.directory.claim(code):
                self.snapshots.lost.discard(code)
                room, kept = self.server.rooms.get(code), self.server.keeping.dormant.get(code)
                if room is not None:
                    self.logs.forget(code)  # Redis may hold none of it: whole
                    room.on_changed(room)  # its snapshot again
                elif kept is not None:  # a table kept for its people: its snapshot again
                    self.snapshots.mark(code, partial(json.loads, kept))
                continue
            log.warning("shard %s: table %s is another shard's now; dropped", self.me.id, code)
            self.logs.forget(code)
            self.server.tables.drop(code)

    def _spawn(self, work: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


class Release:
    """Called when a change is in the store, or `HOLD_MAX` seconds after it was made
    (Redis away: the players are told; the snapshot is written later), whichever
    comes first: its players' held messages go."""

    def __init__(self, clients: list[Client], figures: Figures) -> None:
        self.clients, self.figures = clients, figures
        self.began = asyncio.get_running_loop().time()
        self.done = False

    def __call__(self, stored: asyncio.Future[bool] | None = None) -> None:
        if stored is not None and not stored.cancelled() and stored.exception() is not None:
            log.error("a snapshot failed", exc_info=stored.exception())
        if self.done:
            return  # released already
        self.done = True
        self.figures.waited(asyncio.get_running_loop().time() - self.began)
        for client in self.clients:
            client.held -= 1
            if not client.held:
                client.flush()


class Holds:
    """The changes whose players wait for the store, released by `HOLD_MAX` at the
    latest: one timer for them all, at the oldest's time (a timer per change was
    two more operations on the loop's heap for every move)."""

    def __init__(self) -> None:
        self.waiting: collections.deque[Release] = collections.deque()  # oldest first
        self.timer: asyncio.TimerHandle | None = None

    def add(self, release: Release) -> None:
        self.waiting.append(release)
        if self.timer is None:
            self._later(release)

    def _later(self, oldest: Release) -> None:
        loop = asyncio.get_running_loop()
        self.timer = loop.call_at(oldest.began + HOLD_MAX, self._over)

    def _over(self) -> None:
        self.timer = None
        now = asyncio.get_running_loop().time()
        while self.waiting and (self.waiting[0].done or self.waiting[0].began + HOLD_MAX <= now):
            self.waiting.popleft()()
        if self.waiting:
            self._later(self.waiting[0])


def _waiting(listed: list[dict[str, object]], theme: str | None, here: Container[str]) -> list[str]:
    """The tables listed by other shards that "Play now" may sit at (what
    lobby.first_with_room asks of one here): not dealt, a seat open, the theme."""
    infos = [info for summary in listed if (info := _info(summary)) is not None]
    return [
        i.code
        for i in infos
        if not i.started and i.open > 0 and theme in (None, i.theme) and i.code not in here
    ]


def _info(summary: dict[str, object]) -> TableInfo | None:
    """A table another shard listed, as it published it (None: not one)."""
    try:
        return TableInfo(**{**summary, "house": tuple(summary["house"])})  # type: ignore[arg-type]
    except (TypeError, KeyError):
        return None
