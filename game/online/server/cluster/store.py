"""The shards' one connection to Redis: commands sent in round trips, counted, and
one error for "Redis is not there".

    store = Store.connect("redis://127.0.0.1:6379/0", prefix="uno")
    [value] = await store.run(("GET", store.key("table", code)))
    [taken, snap] = await store.run(claim.call(keys, args), ("GET", key))  # one round trip
    store.operations.commands, store.operations.round_trips
    line = store.line()                 # a connection kept for one caller (the snapshots)
    replies = await line.one(*write.call(keys, args))

Every call fails fast when Redis is away (refused, timed out, still loading its
data after a restart) or takes no writes (full, or a replica) with
`StoreUnavailable`, and nothing else: a shard catches
that one error, keeps serving the tables it holds, refuses new ones, and tries
again later. The client's pool opens a new connection on the next call, so a
Redis that is back is used again without anything being restarted.

Scripts are sent by their SHA1 (`EVALSHA`); a Redis that restarted has forgotten
them, so on `NOSCRIPT` every script is loaded again and the round trip repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from redis import exceptions
from redis.asyncio import BlockingConnectionPool, Redis
from redis.backoff import NoBackoff
from redis.retry import Retry

TIMEOUT = 1.0  # seconds a connect or a reply may take before Redis counts as away
CONNECTIONS = 16  # to Redis per shard at most
Command = tuple[str | int | float, ...]

# What "Redis is not there" looks like from the client (BusyLoadingError, a Redis
# reading its file after a restart, is a ConnectionError) ...
AWAY = (exceptions.ConnectionError, exceptions.TimeoutError, OSError, TimeoutError)
# ... and "Redis is there but takes no writes": full (maxmemory with noeviction), or a
# replica that is not the primary (yet). The same for a shard: keep, refuse, retry.
REFUSING = (exceptions.OutOfMemoryError, exceptions.ReadOnlyError)


class StoreUnavailable(Exception):
    """Redis cannot be reached now; the call did nothing that can be relied on."""


@dataclass
class Operations:
    """Commands sent to Redis and the round trips they took (the load figures)."""

    commands: int = 0
    round_trips: int = 0

    def per(self, actions: int) -> float:
        return self.commands / actions if actions else 0.0


@dataclass(frozen=True)
class Script:
    """A Lua script run atomically inside Redis, called by its SHA1."""

    lua: str
    sha: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sha", hashlib.sha1(self.lua.encode()).hexdigest())

    def call(self, keys: Sequence[str], args: Sequence[str | int | float] = ()) -> Command:
        return ("EVALSHA", self.sha, len(keys), *keys, *args)


class Store:
    def __init__(self, redis: Redis, prefix: str = "uno", timeout: float = TIMEOUT) -> None:
        self.redis, self.prefix, self.timeout = redis, prefix, timeout
        self.operations = Operations()
        self.scripts: dict[str, Script] = {}
        self.lines: list[Line] = []

    @classmethod
    def connect(cls, url: str, prefix: str = "uno", timeout: float = TIMEOUT) -> Store:
        """A store on `url` (redis://HOST:PORT/DB); nothing is sent until the first call."""
        # A bounded pool: many tables writing at once wait their turn for a connection
        # (up to `timeout`) instead of opening hundreds.
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=CONNECTIONS,
            timeout=timeout,
            decode_responses=True,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),  # fail fast: the shard decides when to try again
        )
        return cls(Redis(connection_pool=pool), prefix, timeout)

    def line(self) -> Line:
        """A connection of this store's own, for one caller (see `Line`)."""
        line = Line(self)
        self.lines.append(line)
        return line

    def key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    def know(self, *scripts: Script) -> None:
        """Scripts this store may be asked to run (loaded again after a restart)."""
        for script in scripts:
            self.scripts[script.sha] = script

    async def run(self, *commands: Command) -> list[object]:
        """The replies to `commands`, sent in one round trip (a pipeline when several)."""
        if not commands:
            return []
        try:
            return await self._send(commands)
        except exceptions.NoScriptError:
            await self._load_scripts()
            return await self._send(commands)

    async def one(self, *command: str | int | float) -> object:
        [reply] = await self.run(command)
        return reply

    async def close(self) -> None:
        for line in self.lines:
            await line.conn.disconnect()
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()  # a pool given is not closed with it

    async def _send(self, commands: Sequence[Command]) -> list[object]:
        self.operations.commands += len(commands)
        self.operations.round_trips += 1
        try:
            if len(commands) == 1:
                return [await self.redis.execute_command(*commands[0])]
            pipe = self.redis.pipeline(transaction=False)
            for command in commands:
                pipe.execute_command(*command)
            return list(await pipe.execute())
        except AWAY as error:
            raise StoreUnavailable(f"Redis is not reachable: {error}") from error
        except REFUSING as error:
            raise StoreUnavailable(f"Redis takes no writes: {error}") from error

    async def _load_scripts(self) -> None:
        await self._send([("SCRIPT", "LOAD", s.lua) for s in self.scripts.values()])


class Line:
    """A connection of its own to Redis, for one caller that sends a command and
    waits for its reply before the next (the snapshots' writes, on every move).

    The client's usual path took a connection from the pool and gave it back (a
    lock, a check that nothing is left to read, a timer), and wrote through a task
    of its own with a timer: as much of the loop's time as the rest of a move's
    work on a shard beyond a server alone. Here the round trip is a write and a
    read on a connection kept open, under one timer; the failures are the store's
    (StoreUnavailable), and a connection that failed mid-way is closed and opened
    again at the next command."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn = store.redis.connection_pool.make_connection()
        self.conn.socket_timeout = None  # the round trip's own timer covers it

    async def one(self, *command: str | int | float) -> object:
        try:
            return await self._send(command)
        except exceptions.NoScriptError:
            await self.store._load_scripts()
            return await self._send(command)

    async def _send(self, command: Command) -> object:
        self.store.operations.commands += 1
        self.store.operations.round_trips += 1
        conn = self.conn
        try:
            async with asyncio.timeout(self.store.timeout):
                if not conn.is_connected:
                    await conn.connect()
                await conn.send_packed_command(conn.pack_command(*command), check_health=False)
                return await conn.read_response()
        except exceptions.ResponseError as error:  # its reply was read whole: still in step
            if isinstance(error, REFUSING):
                raise StoreUnavailable(f"Redis takes no writes: {error}") from error
            raise
        except BaseException as error:  # cut mid-way: the next command starts afresh
            with contextlib.suppress(Exception):
                await conn.disconnect(nowait=True)
            if isinstance(error, AWAY):
                raise StoreUnavailable(f"Redis is not reachable: {error}") from error
            raise
