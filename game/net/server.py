"""The server: websocket connections, the lobby (create, list, join by code) and
the rooms. One asyncio loop; bots think on one shared worker thread.

    server = Server(ServerConfig(port=0))
    await server.start()          # server.port is the port it listens on
    ...
    await server.stop("server_stopping")

Every message is checked by `messages.parse` before it is acted on. A
connection may send `rate` messages a second (bursts of `burst`); beyond that
the server reads its messages only at that rate (it is told to slow down), so a
flood costs everyone else nothing. Each message read late counts one, each on
time takes one off; a connection whose count reaches `flood` is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.limits import DEFAULT_TARGET, Scoring
from game.net import messages
from game.net.messages import CODE_ALPHABET, CODE_LENGTH, PROTOCOL_VERSION, BadMessage
from game.net.room import Room, RoomOptions, Slot, new_room, room_from_data
from game.table import BotRunner

log = logging.getLogger(__name__)

BACKLOG = 256  # messages waiting for a client that does not read; then it is closed
HELLO_WITHIN = 10.0  # seconds to say hello after connecting
CLOSE_VERSION, CLOSE_FLOOD, CLOSE_HELLO, CLOSE_SLOW, CLOSE_GOING = 4001, 4002, 4003, 4004, 1001


def app_version() -> str:
    try:
        from importlib.metadata import version

        return f"uno-table {version('uno-table')}"
    except Exception:  # running from a tree that was never installed
        return "uno-table"


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8765
    max_tables: int = 100
    room: RoomOptions = field(default_factory=RoomOptions)
    seed: int | None = None  # seeds every table in turn (tests); None: unguessable
    save_dir: Path | None = None  # tables are saved here when the server stops, and resumed
    rate: float = 30.0  # messages a second per connection (a person sends one or two)
    burst: int = 60
    flood: int = 300  # messages over the rate (see `Client.over_rate`) that close a connection


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
    """One connection. Messages to it are queued and written by its own task,
    so a table never waits for a slow network."""

    def __init__(self, ws: ServerConnection, bucket: Bucket) -> None:
        self.ws = ws
        self.name = ""
        self.lang = "en"
        self.greeted = False
        self.room: Room | None = None
        self.slot: Slot | None = None
        self.bucket = bucket
        self.over_rate = 0  # messages read late because of the rate, less those on time
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, message: dict[str, Any] | str) -> None:
        if self.queue.qsize() > BACKLOG:
            self.close(CLOSE_SLOW, "too many messages waiting: the client does not read")
            return
        self.queue.put_nowait(message if isinstance(message, str) else messages.encode(message))

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued have been written."""
        self.queue.put_nowait(None)
        self._close = (code, reason)

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                await self.ws.send(text)
            code, reason = getattr(self, "_close", (1000, ""))
            await self.ws.close(code, reason)


class Server:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.clients: set[Client] = set()
        self.runner = BotRunner(threaded=True)
        self._close_runner = self.runner.close
        self.runner.close = lambda: None  # type: ignore[method-assign]  # shared by every table
        self.seeds = random.Random(config.seed) if config.seed is not None else None
        self.port = config.port
        self._server: Any = None

    # -- life ----------------------------------------------------------------------

    async def start(self) -> int:
        for room in self._saved_rooms():
            self._add(room)
            room.start()
        self._server = await serve(
            self._connection,
            self.config.host,
            self.config.port,
            max_size=messages.MAX_MESSAGE,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
        )
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("serving on %s:%d", self.config.host, self.port)
        return self.port

    async def stop(self, reason: str = "server_stopping") -> None:
        """Every client is told why, every table in play is saved (with a save
        folder), then the connections close."""
        text = _GOING[reason]
        self._save_rooms()
        for room in list(self.rooms.values()):
            room.close(reason, text)
        for client in list(self.clients):
            client.send({"type": "server_closing", "reason": reason, "message": text})
            client.close(CLOSE_GOING, reason)
        await asyncio.sleep(0)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(TimeoutError):  # a client that never answers the close
                await asyncio.wait_for(self._server.wait_closed(), 3)
        self._close_runner()

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.stop()

    # -- connections ---------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        client = Client(ws, Bucket(self.config.rate, self.config.burst))
        self.clients.add(client)
        writer = asyncio.create_task(client.write())
        try:
            await self._read(client)
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            room, slot = client.room, client.slot
            if room is not None and slot is not None and slot.link is client:
                room.dropped(slot)
            client.queue.put_nowait(None)
            await writer

    async def _read(self, client: Client) -> None:
        try:
            raw = await asyncio.wait_for(client.ws.recv(), HELLO_WITHIN)
        except TimeoutError:
            client.send(messages.error("hello_first", "say hello first"))
            client.close(CLOSE_HELLO, "no hello")
            return
        if not self._hello(client, raw):
            return
        async for raw in client.ws:
            wait = client.bucket.take()
            if wait > 0:
                if not client.over_rate:
                    client.send(messages.error("rate", "too many messages: slow down"))
                client.over_rate += 1
                if client.over_rate > self.config.flood:
                    client.close(CLOSE_FLOOD, "flooding")
                    async for _ in client.ws:  # unread, so the closing handshake is heard
                        pass
                    return
                await asyncio.sleep(wait)
            elif client.over_rate:
                client.over_rate -= 1  # on time again: the count wears off
            self._handle(client, raw)

    def _hello(self, client: Client, raw: str | bytes) -> bool:
        try:
            data = messages.parse(raw)
            if data["type"] != "hello":
                raise BadMessage("the first message must be hello", "hello_first")
        except BadMessage as bad:
            client.send(messages.error(bad.code, str(bad)))
            client.close(CLOSE_HELLO, "bad hello")
            return False
        if data["protocol"] != PROTOCOL_VERSION:
            text = (
                f"This server ({app_version()}) speaks protocol {PROTOCOL_VERSION}; your game "
                f"({str(data['app'])[:40]}) speaks protocol {data['protocol']}. "
                "Everyone at a table needs the same version of uno-table."
            )
            client.send(messages.error("version", text))
            client.close(CLOSE_VERSION, "version mismatch")
            return False
        client.name = messages.clean_name(data.get("name"), "Player")
        client.lang = str(data.get("lang", "en"))[:8]
        client.send({"type": "welcome", "protocol": PROTOCOL_VERSION, "server": app_version()})
        return True

    def _handle(self, client: Client, raw: str | bytes) -> None:
        try:
            data = messages.parse(raw)
            getattr(self, "_on_" + data["type"])(client, data)
        except BadMessage as bad:
            client.send(messages.error(bad.code, str(bad)))

    # -- the lobby -----------------------------------------------------------------

    def _on_hello(self, client: Client, data: dict[str, Any]) -> None:
        raise BadMessage("hello was said already")

    def _on_list(self, client: Client, data: dict[str, Any]) -> None:
        tables = [room.summary() for room in self.rooms.values() if not room.closed]
        client.send({"type": "tables", "tables": tables})

    def _on_create(self, client: Client, data: dict[str, Any]) -> None:
        self._not_seated(client)
        if len(self.rooms) >= self.config.max_tables:
            raise BadMessage("this server has as many tables as it may hold", "server_full")
        seed = self.seeds.randrange(2**31) if self.seeds else secrets.randbelow(2**31)
        room = new_room(
            self._new_code(),
            data["theme"],
            data["seats"],
            self.config.room,
            self.runner,
            seed,
            house=data.get("options"),
            target=data.get("target", DEFAULT_TARGET),
            scoring=data.get("scoring", Scoring.STANDARD),
            timer=data.get("timer", 30),
        )
        self._add(room)
        self._sit(client, room, room.seat_person(client, room.slots[room.host]))
        room.start()

    def _on_join(self, client: Client, data: dict[str, Any]) -> None:
        self._not_seated(client)
        room = self._room(data["code"])
        if room.started:
            raise BadMessage("this table has started; only its players may come back", "started")
        self._sit(client, room, room.seat_person(client))
        room.start()

    def _on_resume(self, client: Client, data: dict[str, Any]) -> None:
        self._not_seated(client)
        room = self._room(data["code"])
        self._sit(client, room, room.resume(client, data["token"]))

    def _on_start(self, client: Client, data: dict[str, Any]) -> None:
        room, slot = self._seated(client)
        if slot.seat != room.host:
            raise BadMessage("only the table's host may start it", "not_host")
        room.start(fill=True)

    def _on_act(self, client: Client, data: dict[str, Any]) -> None:
        room, slot = self._seated(client)
        room.act(slot, data["token"], data["action"])

    def _on_next(self, client: Client, data: dict[str, Any]) -> None:
        room, slot = self._seated(client)
        room.ready(slot)

    def _on_leave(self, client: Client, data: dict[str, Any]) -> None:
        room, slot = self._seated(client)
        client.room = client.slot = None
        room.dropped(slot, for_good=True)
        slot.token = ""  # a seat left for good cannot be taken back

    # -- helpers -------------------------------------------------------------------

    def _sit(self, client: Client, room: Room, slot: Slot) -> None:
        client.room, client.slot = room, slot

    def _not_seated(self, client: Client) -> None:
        if client.room is not None and not client.room.closed:
            raise BadMessage("you are at a table already: leave it first", "seated")

    def _seated(self, client: Client) -> tuple[Room, Slot]:
        if client.room is None or client.slot is None or client.room.closed:
            raise BadMessage("you are not at a table", "no_table")
        return client.room, client.slot

    def _room(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None or room.closed:
            raise BadMessage(f"no table has the code {code.upper()}", "not_found")
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _add(self, room: Room) -> None:
        room.on_closed = self._closed
        self.rooms[room.code] = room

    def _closed(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        for client in self.clients:
            if client.room is room:
                client.room = client.slot = None

    # -- saving --------------------------------------------------------------------

    def _save_rooms(self) -> None:
        folder = self.config.save_dir
        if folder is None:
            return
        folder.mkdir(parents=True, exist_ok=True)
        for room in self.rooms.values():
            if room.started and not room.closed and not (room.table and room.table.match_over):
                path = folder / f"{room.code}.json"
                path.write_text(json.dumps(room.to_data()), encoding="utf-8")

    def _saved_rooms(self) -> list[Room]:
        """Tables saved when the server last stopped: they wait for their players again."""
        folder = self.config.save_dir
        if folder is None or not folder.is_dir():
            return []
        rooms = []
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text("utf-8"))
                rooms.append(room_from_data(data, self.config.room, self.runner))
            except (OSError, ValueError, KeyError, TypeError) as err:
                log.warning("cannot resume the table saved in %s: %s", path.name, err)
                continue
            path.unlink()
        return rooms


_GOING = {
    "server_stopping": "The server is stopping. Your seat is kept: come back with the same code "
    "when it is running again.",
    "host_left": "The host has left. They can resume this match later; come back with the same "
    "code then.",
}
