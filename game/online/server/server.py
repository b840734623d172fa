"""The server: websocket connections in, each message dispatched by its kind to
the part whose job it is. One asyncio loop; computers decide in worker
processes (`BotPool`).

    server = Server(ServerConfig(Bind(port=0)))   # game.online.server.config
    await server.start()          # server.port is the port it listens on
    ...
    await server.stop("server_stopping")

The parts, each in its own module: `Admission` (who may connect), `Client` (one
connection: connection.py), `LobbyDesk` (create, play now), `Seating` (join by
code, resume, leave), `Watching` (spectators), `TableRegistry` (the tables in play:
tables.py), `Keeping` (kept tables, the save folder), `Listening` (the sockets and
reports) and `Shutdown` (a stop, or a shard's hand-over).

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
import ipaddress
import logging
import socket
import time
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.online.protocol import checks
from game.online.protocol.checks import BadMessage
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
from game.online.protocol.server_messages import Refusal, Tables, Welcome
from game.online.protocol.transport import small_reads
from game.online.protocol.version import PROTOCOL_VERSION, app_version
from game.online.server import lobby, status
from game.online.server.admission import Admission, address_key, peer_address
from game.online.server.bot_pool import BotPool
from game.online.server.config import ServerConfig
from game.online.server.connection import (
    CLOSE_FLOOD,
    CLOSE_HELLO,
    CLOSE_IDLE,
    CLOSE_TURNED_AWAY,
    CLOSE_VERSION,
    Bucket,
    Client,
)
from game.online.server.guesses import Guesses
from game.online.server.keeping import Keeping
from game.online.server.listening import Listening
from game.online.server.lobby_desk import LobbyDesk
from game.online.server.room import Room
from game.online.server.seating import Seating
from game.online.server.shutdown import Shutdown
from game.online.server.tables import TableRegistry
from game.online.server.watching import Watching

if TYPE_CHECKING:
    from game.online.server.shard import ShardLink

log = logging.getLogger(__name__)

HELLO_WITHIN = 10.0  # seconds to say hello after connecting


class Server:
    """Connections in, messages dispatched by kind to the part whose job each is."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.port = config.bind.port
        self.unsent: set[Client] = set()  # clients with messages not yet written
        self.pool = BotPool(config.running.bot_processes)
        self.figures = status.Figures()
        self.keeping = Keeping(config.storage)
        self.admission = Admission(config.limits, config.links)
        self.tables = TableRegistry(
            config.room, self.pool, self.admission.clients, self.keeping, self.figures
        )
        self.seating = Seating(self.tables, Guesses(config.limits))
        self.watching = Watching(self.seating)
        self.desk = LobbyDesk(config.limits, self.tables, self.seating)
        self.listening = Listening(config)
        self.shutdown = Shutdown(self.tables, self.admission.clients, self.listening, self.pool)

    @property
    def rooms(self) -> dict[str, Room]:
        return self.tables.rooms

    @property
    def clients(self) -> set[Client]:
        return self.admission.clients

    @property
    def shard(self) -> ShardLink | None:
        """With `redis`: this server is one shard of several."""
        return self.keeping.shard

    # -- life ----------------------------------------------------------------------

    async def start(self) -> int:
        self.tables.start()
        self.keeping.sweep()
        self.port = await self.listening.start(self._connection)
        if self.config.storage.redis is not None:
            await self._join_shards(self.config.storage.redis)
        await self.listening.report(self)
        log.info("serving on %s:%d", self.config.bind.host, self.port)
        return self.port

    async def _join_shards(self, url: str) -> None:
        from game.online.server.shard import ShardLink  # redis loads only for a shard

        host = self.config.bind.host
        if _is_ip(host) and ipaddress.ip_address(host).is_unspecified:
            host = socket.getfqdn()
        address = self.config.storage.public_address or f"ws://{host}:{self.port}"
        shard = self.keeping.shard = ShardLink(self, url, address, self.config.storage.lease)
        try:
            await shard.start()
        except OSError:
            if self.listening.main is not None:
                self.listening.main.close()
            raise

    async def stop(self, reason: str = "server_stopping") -> None:
        """Every client is told why, every table in play is saved (with a save
        folder), then the connections close. A shard hands its tables over."""
        await self.shutdown.stop(reason)

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

    # -- connections ---------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        small_reads(ws.transport)
        address = address_key(peer_address(ws, self.config.bind.trust_proxy))
        bucket = Bucket(self.config.links.rate, self.config.links.burst)
        client = Client(ws, bucket, address, self.config.links.backlog_bytes, self.unsent)
        if not self.admission.let_in(client):
            await client.finish()
            return
        if self.shard is not None and not await self.shard.connect(address):
            client.send(Refusal("too_many", "too many connections from your address"))
            client.close(CLOSE_TURNED_AWAY, "full")
            await client.finish()
            return
        self.admission.came(client)
        try:
            await self._read(client)
        except ConnectionClosed as closed:
            self.admission.count_unanswered(client, closed)
        finally:
            self.admission.went(client)
            if self.shard is not None:
                self.shard.disconnect(address)
            room, slot = client.room, client.slot
            if room is not None and slot is not None:
                room.presence.dropped(slot)
            if client.watching is not None:
                client.watching.spectators.stop(client)
            await client.finish()

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
            at_table = client.slot is not None or client.watching is not None
            idle = None if at_table else self.config.links.lobby_idle
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
                if client.over_rate > self.config.links.flood:
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
        """One branch per message: the lobby's, a seat's and a spectator's handed to
        the part whose job each is, a table's to its room."""
        watched = client.watching
        match message:
            case Hello():
                raise BadMessage("hello was said already")
            case ListTables():
                client.send(Tables(lobby.listed(self.rooms.values())))
            case Create():
                self.desk.create(client, message)
            case Join(code=code):
                self.seating.join(client, code)
            case PlayNow(theme=theme):
                self.desk.play_now(client, theme)
            case Watch(code=code):
                self.watching.watch(client, code)
            case Resume(code=code, token=token):
                self.seating.resume(client, code, token)
            case Sit():
                self.watching.sit(client)
            case React(code=code) if watched is not None and not watched.closed:
                self.watching.react(client, code)
            case React(code=code):
                self.seating.react(client, code)
            case Leave() if watched is not None:
                self.watching.leave(client)
            case Leave():
                self.seating.leave(client)
            case _:
                self._at_table(client, message)

    def _at_table(self, client: Client, message: ClientMessage) -> None:
        """A message only a person seated at a table may send."""
        room, slot = self.seating.seated(client)
        match message:
            case Again():
                room.rematch.agree(slot)
            case Start():
                room.check_host(slot)
                room.start(fill=True)
            case ChangeSettings():
                room.check_host(slot)
                room.change(message)
            case Act(token=token, action=action):
                room.play.act(slot, token, action)
            case Next():
                room.play.ready(slot)
            case Vote(seat=seat):
                room.social.vote(slot, seat)
            case Back():
                room.presence.back(slot)
            case DealCommit() | DealReveal():
                room.play.draw_answer(slot, message)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
