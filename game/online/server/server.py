"""The server: websocket connections, the lobby (create, list, join by code) and
the rooms. One asyncio loop; computers decide in worker processes (`BotPool`).

    server = Server(ServerConfig(port=0))
    await server.start()          # server.port is the port it listens on
    ...
    await server.stop("server_stopping")

Every message is checked by `checks.parse` before it is acted on. A
connection may send `rate` messages a second (bursts of `burst`); beyond that
the server reads its messages only at that rate (it is told to slow down), so a
flood costs everyone else nothing. Each message read late counts one, each on
time takes one off; a connection whose count reaches `flood` is closed.

No one client can fill the server: connections and tables are capped per
address, lobby connections that say nothing are closed, wrong table codes are
limited per address, and a table nobody is at closes after the grace period
(kept for its people). With a save folder every table is snapshotted after
every change, so a killed server started again takes every table up.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import secrets
import socket
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.files.storage import DAMAGED_DATA, Store
from game.online.protocol import checks
from game.online.protocol.checks import CODE_ALPHABET, CODE_LENGTH, BadMessage, Json
from game.online.protocol.client_messages import (
    Act,
    Again,
    Back,
    ChangeSettings,
    ClientMessage,
    Create,
    DealCommit,
    DealReveal,
    Hello,
    Join,
    Leave,
    ListTables,
    Next,
    PlayNow,
    React,
    Resume,
    Sit,
    Start,
    Vote,
    Watch,
    decode,
)
from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import (
    Refusal,
    ServerClosing,
    ServerMessage,
    Tables,
    Welcome,
)
from game.online.protocol.transport import small_reads
from game.online.protocol.version import PROTOCOL_VERSION, app_version
from game.online.server import lobby, presence, reactions, rematch, spectators, status
from game.online.server.bot_pool import BotPool
from game.online.server.heap import Heap
from game.online.server.room import Room, RoomOptions
from game.online.server.room_data import new_room, room_from_data, room_to_data
from game.online.server.seats import Slot
from game.online.server.snapshots import UNSET, Snapshots

if TYPE_CHECKING:
    from game.online.server.shard import ShardLink

log = logging.getLogger(__name__)

BACKLOG_BYTES = 1 << 20  # bytes waiting for a client that does not read; then it is closed
SLOW_CLOSE = 2.0  # seconds a slow client's close may take before its socket is dropped
HELLO_WITHIN = 10.0  # seconds to say hello after connecting
CLOSE_VERSION, CLOSE_FLOOD, CLOSE_HELLO, CLOSE_SLOW, CLOSE_GOING = 4001, 4002, 4003, 4004, 1001
CLOSE_IDLE, CLOSE_TURNED_AWAY = 4005, 1013
SAVE_KIND, SAVE_VERSION = "online-table", 1  # a table's snapshot in the save folder
DORMANT = 2000  # tables kept in memory for their people when there is no save folder
EXPIRED = "expired"  # the save folder's subfolder for kept tables nobody came back to
SWEEP_EVERY = 600.0  # seconds between looks for kept tables past their time
RESERVED_FILES = 64  # descriptors kept for files, workers and the listening socket


@cache  # reading the installed package's metadata took ~40 ms, on every hello
@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8765
    max_tables: int = 100
    room: RoomOptions = field(default_factory=RoomOptions)
    save_dir: Path | None = None  # every table is snapshotted here, and resumed on start
    rate: float = 30.0  # messages a second per connection (a person sends one or two)
    burst: int = 60
    flood: int = 300  # messages over the rate (see `Client.over_rate`) that close a connection
    max_connections: int | None = None  # None: what the descriptor limit allows
    per_address: int = 8  # connections from one address
    tables_per_address: int = 3  # tables in play made from one address
    kept_per_address: int = 12  # tables kept for their people (dropped) made from one address
    lobby_idle: float = 120.0  # seconds a connection at no table may say nothing
    # When the server is full, a connection at no table quiet this long makes way for
    # a newcomer: idle lobby connections never keep a player from a table.
    lobby_evict: float = 10.0
    guesses: int = 10  # wrong table codes (or tokens) an address may send ...
    guess_window: float = 60.0  # ... in this many seconds
    bot_processes: int | None = (
        0  # worker processes for computers (None: one per core; 0: a thread)
    )
    # Keepalive: a ping every `ping` seconds; no pong within `ping_timeout` closes the
    # connection (a half-open one: the far end vanished without a word).
    ping: float = 20.0
    ping_timeout: float = 20.0
    backlog_bytes: int = BACKLOG_BYTES
    # The one address whose X-Forwarded-For is believed (a TLS reverse proxy in front);
    # None: the header is ignored, every address is the socket's own.
    trust_proxy: str | None = None
    keep_for: float = 24 * 3600.0  # seconds a kept table waits for someone to come back
    # Garbage collected on a schedule that keeps the loop's pauses short (game.online.server.heap):
    # for a dedicated server, which is the whole process (not an in-app host).
    heap: bool = False
    # One shard of several sharing this Redis (redis://HOST:PORT/N; game.online.server.shard);
    # None: a server alone, as it always was.
    redis: str | None = None
    public_address: str | None = None  # how players reach this shard (default: ws://host:port)
    lease: float = 5.0  # seconds without a beat before the other shards take the tables
    shared_port: int | None = None  # also listen here, the port shared by a machine's shards
    report: bool = False  # a log line of figures every minute (game.online.server.status)
    status_port: int | None = None  # the figures over HTTP, as Prometheus text


class Bucket:
    """A token bucket: `take` says how long to wait before the next message may
    be read (0: at once)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


class Client:
    """One connection. What the tables send it in one turn of the loop is written
    to its socket together, in one write, after the turn (or as soon as the message
    that made them is handled: `Server._send_now`): a move that sends a person an
    update and a clock costs one system call, not two, and no task wakes per
    message. A table never waits for a slow network: the socket's
    buffer takes what the client has not read yet, up to `backlog` bytes."""

    def __init__(
        self,
        ws: ServerConnection,
        bucket: Bucket,
        address: str = "",
        backlog: int = BACKLOG_BYTES,
        unsent: set[Client] | None = None,
    ) -> None:
        self.ws = ws
        # the server's clients with messages not yet written (Server._send_now)
        self.unsent = unsent if unsent is not None else set()
        self.address = address
        self.name = ""
        self.lang = "en"
        self.heard = time.monotonic()  # when it last sent a message
        self.room: Room | None = None
        self.slot: Slot | None = None
        self.watching: Room | None = None  # a table this connection watches
        self.bucket = bucket
        self.over_rate = 0  # messages read late because of the rate, less those on time
        self.pending: list[str] = []  # sent in this turn of the loop, not yet written
        self.backlog = backlog  # bytes that may wait for it
        self.closer: asyncio.Task[None] | None = None  # the close, once asked for
        self.shut: asyncio.Task[None] | None = None  # closing a client that does not read
        self.held = 0  # changes of its table not yet in the shared store: nothing is written

    @property
    def waiting(self) -> int:
        """Bytes sent to it and not yet taken by the network."""
        return sum(map(len, self.pending)) + self.ws.transport.get_write_buffer_size()

    def send(self, message: ServerMessage | str) -> None:
        """`message`, or its text (`encode`d once for a whole table)."""
        if self.shut is not None or self.closer is not None:
            return
        text = message if isinstance(message, str) else encode(message)
        self.pending.append(text)
        if len(self.pending) == 1:
            self.unsent.add(self)
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Every message still pending, as frames written to the socket at once
        (the websocket's own sans-I/O protocol makes the frames; `ws.send` would
        write each with its own system call)."""
        if self.held:  # sent when the store has the change (game.online.server.shard)
            self.unsent.discard(self)
            return
        texts, self.pending = self.pending, []
        self.unsent.discard(self)
        ws = self.ws
        if not texts or self.shut is not None or ws.protocol.state is not State.OPEN:
            return
        for text in texts:
            ws.protocol.send_text(text.encode())
        if not ws.transport.is_closing():
            ws.transport.write(b"".join(ws.protocol.data_to_send()))
        if ws.transport.get_write_buffer_size() > self.backlog:
            self._too_slow()

    def _too_slow(self) -> None:
        """It does not read: what waits for it is past the backlog. Close now; drop
        the socket if the close cannot go (the buffer ahead of it never empties)."""
        log.warning(
            "closing %s: %d bytes wait for a client that does not read",
            self.address or "a client",
            self.waiting,
        )
        self.shut = asyncio.get_running_loop().create_task(self._shut_slow())

    async def _shut_slow(self) -> None:
        try:
            await asyncio.wait_for(
                self.ws.close(CLOSE_SLOW, "the client does not read"), SLOW_CLOSE
            )
        except TimeoutError:
            self.ws.transport.abort()

    def seated(self, room: Room, slot: Slot) -> None:
        """A spectator took a seat (game.online.server.spectators)."""
        self.room, self.slot, self.watching = room, slot, None

    def watches(self, room: Room) -> None:
        """A person who did not play again watches the table (game.online.server.rematch)."""
        self.room, self.slot, self.watching = None, None, room

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already sent have been written; nothing sent
        after this goes."""
        if self.closer is not None:
            return
        self.flush()
        self.closer = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close(code, reason)

    async def finish(self) -> None:
        """The connection ends: closed normally unless it was closed already."""
        if self.shut is None:
            self.close(1000, "")
        ending = self.shut or self.closer
        assert ending is not None
        await ending


class Server:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.clients: set[Client] = set()
        self.unsent: set[Client] = set()  # clients with messages not yet written
        self.addresses: Counter[str] = Counter()  # connections per address
        self.wrong: dict[str, deque[float]] = {}  # times of wrong codes, per address
        self.dormant: OrderedDict[str, str] = OrderedDict()  # as JSON, with no save folder
        # Tables kept for their people (closed while nobody was there): who made each,
        # and since when it waits. They count against their maker's tables and expire.
        self.kept: dict[str, tuple[str, float]] = {}
        self.quiet_since: dict[str, float] = {}  # tables taken up from the folder at start
        self.pool = BotPool(config.bot_processes)
        self.store = Store(config.save_dir)
        self.snapshots = Snapshots(self.store, SAVE_KIND, SAVE_VERSION)
        self.port = config.port
        self.max_connections = config.max_connections or descriptor_room()
        self.unanswered = 0  # connections closed because their far end stopped answering
        self._server: WebSocketServer | None = None
        self._shared: WebSocketServer | None = (
            None  # the port shared with other shards (SO_REUSEPORT)
        )
        self._sweeper: asyncio.TimerHandle | None = None
        self.heap = Heap() if config.heap else None
        self.shard: ShardLink | None = None  # with `redis`: this server is one shard of several
        self.figures = status.Figures()
        # the minute's log line, the status page
        self._reporting: list[asyncio.Task[None] | asyncio.Server] = []

    # -- life ----------------------------------------------------------------------

    async def start(self) -> int:
        for room in self._saved_rooms():
            self._add(room)
            room.start()
        self._sweep()
        self._server = await self._listen(self.config.port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.config.shared_port is not None:  # one of several shards behind one port
            self._shared = await self._listen(self.config.shared_port, reuse_port=True)
        if self.config.redis is not None:
            await self._join_shards(self.config.redis)
        if self.heap is not None:
            self.heap.start()
        await self._report()
        log.info("serving on %s:%d", self.config.host, self.port)
        return self.port

    async def _report(self) -> None:
        if self.config.report:
            task = asyncio.get_running_loop().create_task(status.every_minute(self))
            self._reporting.append(task)
        if self.config.status_port is not None:
            page = await status.serve_status(self, self.config.host, self.config.status_port)
            self._reporting.append(page)

    def _stop_reporting(self) -> None:
        for part in self._reporting:
            (part.cancel if isinstance(part, asyncio.Task) else part.close)()

    async def _listen(self, port: int, reuse_port: bool = False) -> WebSocketServer:
        return await serve(
            self._connection,
            self.config.host,
            port,
            reuse_port=reuse_port,
            origins=[None],  # a browser always sends Origin: no web page may connect
            max_size=checks.MAX_MESSAGE,
            max_queue=16,
            ping_interval=self.config.ping,
            ping_timeout=self.config.ping_timeout,
            close_timeout=2,
            # No per-message deflate: it took a tenth of the loop's time under load and
            # a zlib state per connection, for messages of a kilobyte or two.
            compression=None,
        )

    async def _join_shards(self, url: str) -> None:
        from game.online.server.shard import ShardLink  # redis loads only for a shard

        host = self.config.host
        if _is_ip(host) and ipaddress.ip_address(host).is_unspecified:
            host = socket.getfqdn()
        address = self.config.public_address or f"ws://{host}:{self.port}"
        self.shard = ShardLink(self, url, address, self.config.lease)
        try:
            await self.shard.start()
        except OSError:
            if self._server is not None:
                self._server.close()
            raise

    async def stop(self, reason: str = "server_stopping") -> None:
        """Every client is told why, every table in play is saved (with a save
        folder), then the connections close. A shard hands its tables over."""
        if self.shard is not None:
            await self._hand_over()
            return
        text = _GOING[reason]
        for room in list(self.rooms.values()):
            room.close(reason, text)
        for client in list(self.clients):
            client.send(ServerClosing(reason, text))
            client.close(CLOSE_GOING, reason)
        await asyncio.sleep(0)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(TimeoutError):  # a client that never answers the close
                await asyncio.wait_for(self._server.wait_closed(), 3)
        self.pool.close()
        await self.snapshots.close()
        self._log_notices()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.heap is not None:
            self.heap.stop()
        self._stop_reporting()

    async def _hand_over(self) -> None:
        """A shard's clean stop: its connections close without a word (their clients
        come back through another shard), its tables stop here, every snapshot is
        written, and the lease goes: another shard takes the tables at its next beat."""
        assert self.shard is not None and self._server is not None
        self._server.close()
        if self._shared is not None:
            self._shared.close()
        for client in list(self.clients):
            client.close(CLOSE_GOING, "handed over")
        for room in list(self.rooms.values()):
            room.on_changed = room.on_closed = _nothing
            room.close("server_stopping", "")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._server.wait_closed(), 3)
        self.pool.close()
        await self.shard.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.heap is not None:
            self.heap.stop()
        self._stop_reporting()

    def drop(self, code: str) -> None:
        """A table another shard holds now (this one's lease ran out): it stops here
        and its people's connections close, so their clients find the new owner."""
        room = self.rooms.get(code)
        self.kept.pop(code, None)
        self.dormant.pop(code, None)
        if room is None:
            return
        for client in _clients(room.slots, room.audience.rounds):
            client.close(CLOSE_GOING, "moved")
        room.on_changed = room.on_closed = _nothing
        room.close("moved", "")
        self.rooms.pop(code, None)

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

    # -- connections ---------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        small_reads(ws.transport)
        address = address_key(peer_address(ws, self.config.trust_proxy))
        bucket = Bucket(self.config.rate, self.config.burst)
        client = Client(ws, bucket, address, self.config.backlog_bytes, self.unsent)
        if not self._let_in(client):
            await client.finish()
            return
        if self.shard is not None and not await self.shard.connect(address):
            client.send(Refusal("too_many", "too many connections from your address"))
            client.close(CLOSE_TURNED_AWAY, "full")
            await client.finish()
            return
        self.clients.add(client)
        self.addresses[address] += 1
        try:
            await self._read(client)
        except ConnectionClosed as closed:
            self._count_unanswered(client, closed)
        finally:
            self.clients.discard(client)
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]
            if self.shard is not None:
                self.shard.disconnect(address)
            room, slot = client.room, client.slot
            if room is not None and slot is not None and slot.link is client:
                presence.dropped(room, slot)
            if client.watching is not None:
                spectators.stop(client.watching, client)
            await client.finish()

    def _count_unanswered(self, client: Client, closed: ConnectionClosed) -> None:
        """A half-open connection (the far end gone without a word: a cable pulled, a
        laptop shut) is found by the keepalive ping going unanswered; counted and logged."""
        if closed.rcvd is None and closed.sent is not None and closed.sent.code == 1011:
            self.unanswered += 1
            log.info(
                "closed %s: no answer to the keepalive ping (%d such so far)",
                client.address or "a client",
                self.unanswered,
            )

    def _let_in(self, client: Client) -> bool:
        """Turned away, with a word why, when the server or the address is full (a
        full server first closes its longest-quiet connection at no table)."""
        if len(self.clients) >= self.max_connections and not self._make_room():
            why = Refusal("server_full", "this server has as many players as it may hold")
        elif self.addresses[client.address] >= self.config.per_address:
            why = Refusal("too_many", "too many connections from your address")
        else:
            return True
        client.send(why)
        client.close(CLOSE_TURNED_AWAY, "full")
        return False

    def _make_room(self) -> bool:
        """Close the connection at no table that has been quiet longest, if quiet for
        `lobby_evict` seconds: True if one made way."""
        quiet_since = time.monotonic() - self.config.lobby_evict
        idle = [
            c
            for c in self.clients
            if c.room is None and c.watching is None and c.heard <= quiet_since and not c.closer
        ]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.heard)
        oldest.send(Refusal("idle", "closed to make room: quiet at no table"))
        oldest.close(CLOSE_IDLE, "idle: room for a newcomer")
        self.clients.discard(oldest)
        return True

    async def _read(self, client: Client) -> None:
        try:
            raw = await asyncio.wait_for(client.ws.recv(), HELLO_WITHIN)
        except TimeoutError:
            client.send(Refusal("hello_first", "say hello first"))
            client.close(CLOSE_HELLO, "no hello")
            return
        if not self._hello(client, raw):
            return
        while True:
            at_table = client.room is not None or client.watching is not None
            idle = None if at_table else self.config.lobby_idle
            try:
                raw = await asyncio.wait_for(client.ws.recv(), idle)
            except TimeoutError:
                client.send(Refusal("idle", "closed after a long time without a message"))
                client.close(CLOSE_IDLE, "idle")
                return
            client.heard = time.monotonic()
            wait = client.bucket.take()
            if wait > 0:
                if not client.over_rate:
                    client.send(Refusal("rate", "too many messages: slow down"))
                client.over_rate += 1
                if client.over_rate > self.config.flood:
                    client.close(CLOSE_FLOOD, "flooding")
                    async for _ in client.ws:  # unread, so the closing handshake is heard
                        pass
                    return
                await asyncio.sleep(wait)
            elif client.over_rate:
                client.over_rate -= 1  # on time again: the count wears off
            began = time.perf_counter()
            if self.shard is None:
                self._handle(client, raw)
            else:
                await self._handle_shard(client, raw, self.shard)
            self._send_now()
            self.figures.handled(time.perf_counter() - began)

    def _send_now(self) -> None:
        """What a message just read made the tables send goes out now, not after the
        rest of this turn of the loop: with a few thousand tables a turn runs hundreds
        of callbacks, and a person's move waited for them all before it was seen."""
        for client in list(self.unsent):
            client.flush()

    def _hello(self, client: Client, raw: str | bytes) -> bool:
        try:
            hello = decode(raw)
            if not isinstance(hello, Hello):
                raise BadMessage("the first message must be hello", "hello_first")
        except BadMessage as bad:
            client.send(Refusal(bad.code, str(bad)))
            client.close(CLOSE_HELLO, "bad hello")
            return False
        if hello.protocol != PROTOCOL_VERSION:
            text = (
                f"This server ({app_version()}) speaks protocol {PROTOCOL_VERSION}; your game "
                f"({hello.app[:40]}) speaks protocol {hello.protocol}. "
                "Everyone at a table needs the same version of uno-table."
            )
            client.send(Refusal("version", text))
            client.close(CLOSE_VERSION, "version mismatch")
            return False
        client.name = checks.clean_name(hello.name, "Player")
        client.lang = hello.lang[:8]
        shards = self.shard.addresses if self.shard is not None else None
        client.send(Welcome(PROTOCOL_VERSION, app_version(), shards))
        return True

    def _handle(self, client: Client, raw: str | bytes) -> None:
        try:
            self._dispatch(client, decode(raw))
        except BadMessage as bad:
            client.send(Refusal(bad.code, str(bad), bad.wait))

    async def _handle_shard(self, client: Client, raw: str | bytes, shard: ShardLink) -> None:
        """As `_handle`, with the store's part first (a code claimed, a redirect)."""
        try:
            message = decode(raw)
            if await shard.before(client, message):
                self._dispatch(client, message)
        except BadMessage as bad:
            client.send(Refusal(bad.code, str(bad), bad.wait))

    def _dispatch(self, client: Client, message: ClientMessage) -> None:  # noqa: C901
        """One branch per message: the lobby's here, a table's handed to its room."""
        match message:
            case Hello():
                raise BadMessage("hello was said already")
            case ListTables():
                client.send(Tables(lobby.listed(self.rooms.values())))
            case Create():
                self._create(client, message)
            case Join(code=code):
                self._join(client, code)
            case PlayNow(theme=theme):
                self._play_now(client, theme)
            case Watch(code=code):
                room = self._by_code(client, code)
                spectators.watch(room, client)
                client.watching = room
            case Resume(code=code, token=token):
                self._resume(client, code, token)
            case Sit():
                if client.watching is None or client.watching.closed:
                    raise BadMessage("you are not watching a table", "no_table")
                spectators.sit(client.watching, client)
            case React(code=code):
                self._react(client, code)
            case Leave():
                self._leave(client)
            case _:
                self._at_table(client, message)

    def _at_table(self, client: Client, message: ClientMessage) -> None:
        """A message only a person seated at a table may send."""
        room, slot = self._seated(client)
        match message:
            case Again():
                rematch.agree(room, slot)
            case Start():
                room.check_host(slot)
                room.start(fill=True)
            case ChangeSettings():
                room.check_host(slot)
                room.change(message)
            case Act(token=token, action=action):
                room.act(slot, token, action)
            case Next():
                room.ready(slot)
            case Vote(seat=seat):
                room.vote(slot, seat)
            case Back():
                presence.back(room, slot)
            case DealCommit() | DealReveal():
                room.draw_answer(slot, message)

    # -- the lobby -----------------------------------------------------------------

    def _create(self, client: Client, create: Create, code: str = "") -> None:
        """A new table; `code` is given when a shard has claimed it in the store."""
        self._not_seated(client)
        if len(self.rooms) >= self.config.max_tables:
            raise BadMessage("this server has as many tables as it may hold", "server_full")
        self._expire()
        playing = sum(room.owner == client.address for room in self.rooms.values())
        kept = sum(owner == client.address for owner, _ in self.kept.values())
        # Tables kept for people who dropped count apart, with room for a household's
        # dropped matches: a family behind one address is not refused for a day.
        if playing >= self.config.tables_per_address or kept >= self.config.kept_per_address:
            raise BadMessage("your address has as many tables open as it may", "too_many")
        room = new_room(code or self._new_code(), create, self.config.room, self.pool)
        room.owner = client.address
        self._add(room)
        try:
            self._sit(client, room, room.seat_person(client, room.slots[room.host]))
        except BadMessage:  # a name the table refuses: the table is not left behind
            room.close("abandoned", "Everyone left before the game started.")
            raise
        room.start()

    def _by_code(self, client: Client, code: str) -> Room:
        """The table `code` names, for a connection at none (wrong codes are counted)."""
        self._not_seated(client)
        self._may_guess(client)
        room = self.rooms.get(code.upper())
        if room is None or room.closed:
            self._guessed_wrong(client)
            raise BadMessage(f"no table has the code {code.upper()}", "not_found")
        return room

    def _join(self, client: Client, code: str) -> None:
        room = self._by_code(client, code)
        if room.started:
            raise BadMessage("this table has started; only its players may come back", "started")
        self._sit(client, room, room.seat_person(client))
        room.start()

    def _play_now(self, client: Client, theme: str | None) -> None:
        """The first public table with a seat open, or a new public one."""
        self._not_seated(client)
        room = lobby.first_with_room(self.rooms.values(), theme)
        if room is not None:
            self._sit(client, room, room.seat_person(client))
            room.start()
            return
        seats = tuple(str(s) for s in lobby.PLAY_NOW_SEATS)
        self._create(client, Create(theme or lobby.PLAY_NOW_THEME, seats, public=True))

    def _react(self, client: Client, code: str) -> None:
        if client.watching is not None and not client.watching.closed:
            reactions.react(client.watching, client, reactions.SPECTATOR, code)
            return
        room, slot = self._seated(client)
        reactions.react(room, client, slot.seat, code)

    def _resume(self, client: Client, code: str, token: str) -> None:
        self._not_seated(client)
        code = code.upper()
        room = self.rooms.get(code)
        if room is None:  # waking a kept table reads its file: only within the limit
            self._may_guess(client)
            room = self._wake(code, token)
        if room is None or room.closed or room.find(token) is None:
            # Only a wrong try waits out the address's wrong guesses at a table in
            # play: a seat token (192 random bits) is never guessed, so someone else's
            # mistyped codes behind the same address never keep a person from their seat.
            self._may_guess(client)
            self._guessed_wrong(client)
            raise BadMessage("no seat has that code and token", "bad_token")
        slot = room.resume(client, token)
        self.quiet_since.pop(room.code, None)  # someone came back
        for other in self.clients:  # the seat's old connection loses every right at once
            if other is not client and other.slot is slot:
                other.room = other.slot = None
        self._sit(client, room, slot)

    def _leave(self, client: Client) -> None:
        if client.watching is not None:
            spectators.stop(client.watching, client)
            client.watching = None
            return
        room, slot = self._seated(client)
        client.room = client.slot = None
        presence.dropped(room, slot, for_good=True)

    # -- helpers -------------------------------------------------------------------

    def _sit(self, client: Client, room: Room, slot: Slot) -> None:
        client.room, client.slot = room, slot

    def _not_seated(self, client: Client) -> None:
        watched = client.watching
        if (client.room is not None and not client.room.closed) or (
            watched is not None and not watched.closed
        ):
            raise BadMessage("you are at a table already: leave it first", "seated")

    def _seated(self, client: Client) -> tuple[Room, Slot]:
        room, slot = client.room, client.slot
        if room is None or slot is None or room.closed or slot.link is not client:
            raise BadMessage("you are not at a table", "no_table")
        return room, slot

    def _may_guess(self, client: Client) -> None:
        """Wrong codes are limited per address: a code is not a secret, a seat token is,
        but nobody may comb through the codes for tables to walk into."""
        times = self.wrong.get(client.address)
        if not times:
            return
        now = time.monotonic()
        while times and times[0] <= now - self.config.guess_window:
            times.popleft()
        if len(times) >= self.config.guesses:
            wait = round(times[0] + self.config.guess_window - now, 1)
            raise BadMessage("too many wrong codes from your address", "guesses", wait=wait)

    def _guessed_wrong(self, client: Client) -> None:
        self.wrong.setdefault(client.address, deque()).append(time.monotonic())
        if len(self.wrong) > 10_000:  # addresses that stopped guessing long ago
            self.wrong.pop(next(iter(self.wrong)))

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            taken = code in self.rooms or code in self.dormant or self._saved(code)
            if not taken and not self.snapshots.pending(_file(code)):
                return code

    def _add(self, room: Room) -> None:
        room.on_closed = self._closed
        room.on_changed = self._snapshot
        self.rooms[room.code] = room

    def _closed(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        for client in self.clients:
            if client.room is room:
                client.room = client.slot = None
            if client.watching is room:
                client.watching = None
        since = self.quiet_since.pop(room.code, time.time())
        if room.keep:  # saved for its people to resume
            self._snapshot(room)
            self.kept[room.code] = (room.owner, since)
            if self.config.save_dir is None:
                self.dormant[room.code] = json.dumps(room_to_data(room))
                while len(self.dormant) > DORMANT:
                    self.kept.pop(self.dormant.popitem(last=False)[0], None)
        elif self.shard is not None:
            self.shard.ended(room.code)
        else:
            self.snapshots.mark(_file(room.code), lambda: None)

    # -- kept tables expire ----------------------------------------------------------

    def _sweep(self) -> None:
        """Now and every SWEEP_EVERY seconds: kept tables past their time go."""
        self._expire()
        loop = asyncio.get_running_loop()
        self._sweeper = loop.call_later(min(SWEEP_EVERY, self.config.keep_for), self._sweep)

    def _expire(self) -> None:
        """A kept table nobody came back to within `keep_for` is set aside (moved to
        the save folder's `expired/`, with a log line), so kept tables cannot pile
        up against the caps."""
        end = time.time() - self.config.keep_for
        for code, (_, since) in list(self.kept.items()):
            if since <= end:
                del self.kept[code]
                self.dormant.pop(code, None)
                self._set_aside(code)

    def _set_aside(self, code: str) -> None:
        hours = self.config.keep_for / 3600
        log.info("table %s: nobody came back within %.3g hours; set aside", code, hours)
        if self.shard is not None:
            self.shard.ended(code)
        if self.config.save_dir is None or not self._saved(code):
            return
        folder = self.config.save_dir / EXPIRED
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
            os.replace(self.store.path(_file(code)), folder / _file(code))
        except OSError as err:
            log.warning("table %s: cannot set aside (%s); removed", code, err)
            self.store.delete(_file(code))

    # -- saving --------------------------------------------------------------------

    def _snapshot(self, room: Room) -> None:
        """The table as it is now, written atomically (owner-only) to the save folder,
        off the loop and soon (`Snapshots`)."""
        self.figures.changed()
        if self.shard is not None and room.started:
            clients = _clients(room.slots, room.audience.rounds)
            self.shard.changed(room, partial(_kept_data, room), clients)
            return
        if self.config.save_dir is None or not room.started:
            return
        self.snapshots.mark(_file(room.code), partial(_kept_data, room))
        self._log_notices()

    def _saved(self, code: str) -> bool:
        return self.config.save_dir is not None and self.store.path(_file(code)).is_file()

    def _wake(self, code: str, token: str) -> Room | None:
        """A table kept for its people (closed while nobody was at it), taken up
        again by one of them."""
        kept = self.dormant.get(code)
        data = json.loads(kept) if kept is not None else None
        latest = self.snapshots.latest(_file(code))  # not on the disk yet
        if latest is not UNSET:
            data = latest
        elif data is None and self._saved(code):
            data = self.store.load(_file(code), SAVE_KIND, SAVE_VERSION)
            self._log_notices()
        if data is None:
            return None
        try:
            room = room_from_data(data, self.config.room, self.pool)
        except DAMAGED_DATA as err:
            log.warning("cannot take up table %s again: %s", code, err)
            return None
        if room.find(token) is None:
            return None
        self.dormant.pop(code, None)
        self.kept.pop(code, None)
        self._add(room)
        room.start()
        return room

    def _saved_rooms(self) -> list[Room]:
        """Every table in the save folder: they wait for their players again. A
        file that is not a table is set aside, with a log line."""
        folder = self.config.save_dir
        if folder is None or not folder.is_dir():
            return []
        rooms = []
        end = time.time() - self.config.keep_for
        for path in sorted(folder.glob("*.json")):
            if path.is_file() and path.stat().st_mtime <= end:
                self._set_aside(path.stem)  # nobody came back while the server was down
                continue

            def build(data: Json) -> Room:
                return room_from_data(data, self.config.room, self.pool)

            room = self.store.load_checked(path.name, SAVE_KIND, SAVE_VERSION, build)
            if room is not None:
                # Snapshots are written on every change: a table nobody is at has
                # waited since its file's time.
                self.quiet_since[room.code] = path.stat().st_mtime
                rooms.append(room)
        self._log_notices()
        return rooms

    def _log_notices(self) -> None:
        for notice in self.store.notices:
            log.warning("save folder: %s", notice.render())
        self.store.notices.clear()


def _nothing(_: object) -> None:
    """A stopped table's hooks: nothing more is saved or released for it here."""


def _kept_data(room: Room) -> Json | None:
    """A table's snapshot, or None when nothing of it is worth keeping (it goes)."""
    return room_to_data(room) if room.keep else None


def _clients(slots: Iterable[Slot], watchers: Iterable[object]) -> list[Client]:
    """The connections at a table: its people and its spectators."""
    people = [s.link for s in slots if isinstance(s.link, Client)]
    return people + [w for w in watchers if isinstance(w, Client)]


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _file(code: str) -> str:
    return f"{code}.json"


def address_key(host: str) -> str:
    """What the per-address caps count by. An IPv6 host holds a whole /64 (2**64
    addresses), so it counts as its /64; an IPv4-mapped address as the IPv4 one."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])  # without an interface scope
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def peer_address(ws: ServerConnection, trust_proxy: str | None) -> str:
    """Who is at the other end. Behind a reverse proxy every socket is the proxy's,
    so its X-Forwarded-For says who: believed only from `trust_proxy`, and only its
    last entry (the one the proxy added; those before it the client may have written)."""
    peer = str(ws.remote_address[0]) if ws.remote_address else ""
    if trust_proxy is None or address_key(peer) != address_key(trust_proxy):
        return peer
    forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request else []
    last = ",".join(forwarded).rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:  # no header, or not an address: the proxy itself
        return peer


def descriptor_room() -> int:
    """Connections the descriptor limit leaves room for, after raising the soft
    limit to the hard one where the OS allows (not on Windows: no `resource`)."""
    try:
        import resource
    except ImportError:
        return 1000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, soft - RESERVED_FILES)


_GOING = {
    "server_stopping": "The server is stopping. Your seat is kept: come back with the same code "
    "when it is running again.",
    "host_left": "The host has left. They can resume this match later; come back with the same "
    "code then.",
}
