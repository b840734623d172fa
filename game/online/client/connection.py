"""A client of an uno-table server, and a headless bot that plays through it.

    python -m game.online.client.connection --connect ws://127.0.0.1:8765 --level hard
    python -m game.online.client.connection --connect ws://HOST:PORT --code ABC234 --name Bea
    python -m game.online.client.connection --connect ws://HOST:PORT --code ABC234 --token TOKEN

Without `--code` the bot creates a table (`--seats`, default four people) and
prints its code; with one it joins that table.

`Connection` is what any client uses (the bot here, the tests, the game's
online scenes): it says hello, keeps the rules and the round's history, and
turns each `update` message back into the `SeatUpdate` the server's table made.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.engine import RuleSet
from game.engine.actions import Action
from game.limits import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNTS
from game.online.client import redirect
from game.online.protocol import checks
from game.online.protocol.client_messages import (
    Act,
    ClientMessage,
    Create,
    Hello,
    Join,
    Next,
    Request,
    Resume,
    Watch,
    encode,
)
from game.online.protocol.reader import BadServerMessage
from game.online.protocol.server_codec import TableMemory, parse, read_message
from game.online.protocol.server_messages import (
    Joined,
    ServerClosing,
    ServerMessage,
    TableClosed,
    Update,
    Watching,
    Welcome,
)
from game.online.protocol.transport import small_reads
from game.online.protocol.version import PROTOCOL_VERSION, app_version
from game.table import LEVELS, SeatUpdate, make_bot

MAX_SERVER_MESSAGE = 1 << 20
# Seconds: a stalled socket is a closed connection within PING_EVERY + PING_TIMEOUT
# + CLOSE_WAIT (the close frame cannot pass a stall either: not waited for long).
PING_EVERY, PING_TIMEOUT, CLOSE_WAIT = 4.0, 4.0, 2.0
CLOSE_BAD_SERVER = 1002  # WebSocket's "protocol error": the server said something unreadable


class Redirected(Exception):
    """The server asked holds no table `code`: it lives at `address` (not yet checked)."""

    def __init__(self, code: str, address: str) -> None:
        super().__init__(f"table {code} lives at {address}")
        self.code, self.address = code, address


class ServerError(RuntimeError):
    """The server refused something; `code` names the kind (see docs/PROTOCOL.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Connection:
    """One connection to a server. `read` gives each message typed and checked
    (`server_codec.decode`); a message that fails closes the connection and raises
    BadServerMessage. `receive` and `expect` give tests and tools the same message,
    once checked, as the JSON object it came as (`last`)."""

    ws: ClientConnection
    table: TableMemory | None = None
    code: str = ""
    seat: int = -1
    token: str = ""
    update: SeatUpdate | None = None
    received: list[str] = field(default_factory=list)  # every message, when `record`
    record: bool = False
    latencies: list[float] = field(default_factory=list)
    sent_at: float = 0.0
    last: dict[str, Any] = field(default_factory=dict)  # the last message, as JSON
    url: str = ""
    shards: tuple[str, ...] = ()  # the server's shards, as its welcome said

    @classmethod
    async def open(
        cls,
        url: str,
        name: str,
        protocol: int = PROTOCOL_VERSION,
        record: bool = False,
        lang: str = "en",
    ) -> Connection:
        ws = await connect(
            url,
            max_size=MAX_SERVER_MESSAGE,
            open_timeout=10,
            # A stalled socket (the far end gone without a word) is found by the
            # client's own pings, well before the server's keepalive would close it.
            ping_interval=PING_EVERY,
            ping_timeout=PING_TIMEOUT,
            close_timeout=CLOSE_WAIT,
        )
        small_reads(ws.transport)
        conn = cls(ws, record=record, url=url)
        await conn.send(Hello(name, app_version(), lang, protocol))
        await conn.expect("welcome")
        return conn

    async def send(self, message: dict[str, Any] | ClientMessage) -> None:
        """A typed message, or (tests and tools) any JSON object."""
        text = checks.encode(message) if isinstance(message, dict) else encode(message)
        await self.ws.send(text)

    async def read(self) -> ServerMessage:
        raw = await self.ws.recv()
        if self.record:
            self.received.append(raw if isinstance(raw, str) else repr(raw))
        try:
            self.last = parse(raw)
            message = read_message(self.last, self.table)
        except BadServerMessage:
            await self.ws.close(CLOSE_BAD_SERVER, "unreadable message")
            raise
        match message:
            case Welcome(shards=shards):
                self.shards = shards or ()
            case Joined():
                self.code, self.seat, self.token = message.code, message.seat, message.token
                self.table = TableMemory.of(message)
            case Watching(table=joined):  # seat 0's public view, never a hand
                self.code, self.seat, self.token = joined.code, 0, ""
                self.table = TableMemory.of(joined, watching=True)
            case Update(update=update):
                if self.sent_at and (self.update is None or update.token != self.update.token):
                    self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = 0.0
                self.update = update
        return message

    async def receive(self) -> dict[str, Any]:
        await self.read()
        return self.last

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read until a message of `kind`; a refusal raises ServerError."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise ServerError(message["code"], message["message"])
            if message["type"] == "redirect":
                raise Redirected(message["code"], message["address"])

    @classmethod
    async def at_table(cls, url: str, name: str, request: Request, **options: Any) -> Connection:
        """Connected, `request` (create, join, watch, resume) sent and answered, at the
        shard that holds the table: a redirect is followed once, if `redirect.follow`
        allows it (RedirectRefused says why not)."""
        conn = await cls.open(url, name, **options)
        await conn.send(request)
        try:
            await conn.expect("watching" if isinstance(request, Watch) else "joined")
        except Redirected as moved:
            await conn.close()
            target = redirect.follow(url, moved.address, conn.shards)
            conn = await cls.open(target, name, **options)
            await conn.send(request)
            try:
                await conn.expect("watching" if isinstance(request, Watch) else "joined")
            except Redirected:
                await conn.close()
                raise redirect.RedirectRefused("sent on a second time: never followed") from None
        return conn

    async def expect_error(self) -> dict[str, Any]:
        """Read until the server's next refusal (tests and tools)."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                return message

    async def act(self, update: SeatUpdate, action: Action) -> None:
        self.sent_at = time.perf_counter()
        await self.send(Act(update.token, action))

    async def close(self) -> None:
        await self.ws.close()


async def play(
    conn: Connection, level: str, rng: random.Random, think: float = 0.0
) -> dict[str, Any]:
    """Play the seat with a bot until the table closes; the closing message.
    `think`: seconds to wait before each turn's move (a person's pace)."""
    bot = make_bot(level, rng)
    while True:
        match await conn.read():
            case TableClosed() | ServerClosing():
                return conn.last
            case Update(update=update) if update.result is not None:
                await conn.send(Next())
            case Update(update=update) if update.legal:
                legal = list(update.legal)
                if update.turn:
                    await asyncio.sleep(think)
                    choice: Action | None = bot.choose(update.view, legal)
                else:
                    choice = bot.react(update.view, legal)
                if choice is not None:
                    await conn.act(update, choice)


async def run(args: argparse.Namespace) -> int:
    request: Request
    if args.code and args.token:
        request = Resume(args.code, args.token)
    elif args.code:
        request = Join(args.code)
    else:
        request = Create(args.theme, ("me", *["open"] * (args.seats - 1)))
    try:
        conn = await Connection.at_table(args.connect, args.name, request)
    except (ServerError, redirect.RedirectRefused) as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    # The token lets this seat be taken back (--code ... --token ...) after a drop.
    print(f"table {conn.code} seat {conn.seat} token {conn.token}", flush=True)
    closing = await play(conn, args.level, random.Random(args.seed), args.think)
    print(closing.get("message", ""), flush=True)
    await conn.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.online.client.connection", description=__doc__
    )
    parser.add_argument("--connect", required=True, help="ws://host:port of the server")
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--code", help="join this table (else create one)")
    parser.add_argument("--token", help="with --code: take back your seat after a drop")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--theme", default="classic", choices=RuleSet.preset_names())
    parser.add_argument(
        "--seats",
        type=int,
        default=4,
        choices=PLAYER_COUNTS,
        metavar=f"{MIN_PLAYERS}-{MAX_PLAYERS}",
    )
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        return asyncio.run(run(args))
    except (OSError, ServerError, BadServerMessage) as err:
        print(f"cannot play at {args.connect}: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
