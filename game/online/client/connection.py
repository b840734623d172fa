"""A client of an uno-table server, and a headless bot that plays through it.

    python -m game.online.client.connection --connect ws://127.0.0.1:8765 --level hard
    python -m game.online.client.connection --connect ws://HOST:PORT --code ABC234 --name Bea
    python -m game.online.client.connection --connect ws://HOST:PORT --code ABC234 --token TOKEN

Without `--code` the bot creates a table (`--seats`, default four people) and
prints its code; with one it joins that table.

`Connection` is what any client uses (the bot here, the tests, the game's
online scenes): it says hello, keeps the rules and the round's history, turns
each `update` message back into the `SeatUpdate` the server's table made, and
adds this seat's secret to each deal as it is read (`DealSecrets`).
`Line` runs one for a window, on a thread of its own, and tries again after a drop.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import partial

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI

from game.engine import RuleSet
from game.engine.actions import Action
from game.limits import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNTS
from game.online.client import redirect
from game.online.client.deal_secrets import DealSecrets
from game.online.client.table_news import TableNews
from game.online.protocol import checks
from game.online.protocol.checks import Json
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
    Deal,
    DealAsk,
    DealCommitments,
    Joined,
    Redirect,
    Refusal,
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
# + CLOSE_WAIT (the close frame cannot pass a stall either: not waited for long),
# so the window says so within 5 s. A ping is a few bytes; a server answers one
# per person every 2 s (benchmarks/server_load.py's clients ping the same way).
PING_EVERY, PING_TIMEOUT, CLOSE_WAIT = 2.0, 2.5, 0.5
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
    last: Json = field(default_factory=dict)  # the last message, as JSON
    draw: DealSecrets = field(default_factory=DealSecrets)  # this seat's part in each deal
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

    async def send(self, message: Json | ClientMessage) -> None:
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
                self.draw = DealSecrets()  # a new table's (or match's) deals
                self.table = TableMemory.of(message)
            case Watching(table=joined):  # seat 0's public view, never a hand
                self.code, self.seat, self.token = joined.code, 0, ""
                self.table = TableMemory.of(joined, watching=True)
            case DealAsk():
                await self.send(self.draw.asked(message))
            case DealCommitments():
                reveal = self.draw.published(message, self.seat)
                if reveal is not None:
                    await self.send(reveal)
            case Deal():
                self.draw.dealt(message, self.seat)
            case Update(update=update):
                if self.sent_at and (self.update is None or update.token != self.update.token):
                    self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = 0.0
                self.update = update
        return message

    async def receive(self) -> Json:
        await self.read()
        return self.last

    async def expect(self, kind: str) -> Json:
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
    async def at_table(cls, url: str, name: str, request: Request, lang: str = "en") -> Connection:
        """Connected, `request` (create, join, watch, resume) sent and answered, at the
        shard that holds the table: a redirect is followed once, if `redirect.follow`
        allows it (RedirectRefused says why not)."""
        conn = await cls.open(url, name, lang=lang)
        await conn.send(request)
        try:
            await conn.expect("watching" if isinstance(request, Watch) else "joined")
        except Redirected as moved:
            await conn.close()
            target = redirect.follow(url, moved.address, conn.shards)
            conn = await cls.open(target, name, lang=lang)
            await conn.send(request)
            try:
                await conn.expect("watching" if isinstance(request, Watch) else "joined")
            except Redirected:
                await conn.close()
                raise redirect.RedirectRefused("sent on a second time: never followed") from None
        return conn

    async def expect_error(self) -> Json:
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


RETRIES = 8  # a dropped connection is tried again this many times, then given up
CLUSTER_RETRIES = 16  # ... at a server of several shards (tries every 2 s at most)
FIRST_WAIT, LONGEST_WAIT = 0.5, 15.0  # seconds between tries: doubling, with jitter


def retry_wait(attempt: int, rng: random.Random, longest: float = LONGEST_WAIT) -> float:
    """Seconds before try `attempt` (from 1): 0.5, 1, 2, 4... up to `longest`, each
    between 75% and 100% of that, so clients dropped together do not return together."""
    return min(longest, FIRST_WAIT * 2 ** (attempt - 1)) * rng.uniform(0.75, 1.0)


class Line:
    """A table's connection for a window: its own thread and asyncio loop, so the
    frame loop never waits for the network; a drop after a seat was had is tried
    again (`retry_wait`) with the seat's token. Each message goes to `news`
    (`TableNews.take`) on that thread."""

    def __init__(self, url: str, news: TableNews) -> None:
        self.url, self.news = url, news  # url: the server (shard) connected to last
        self.shards: tuple[str, ...] = ()  # its shards: where to look when it has gone
        self.joins = 0  # `joined` (or `watching`) messages so far: a new one counts afresh
        self.failure = ""  # why the connection could not be made or was lost (English, logs)
        self.failure_code = ""  # the same as a word the scenes put in the player's words
        self.retrying = 0  # the try under way after a drop (0: connected, or given up)
        self.ended = False  # the connection is over for good: nothing more will come
        self.joined = threading.Event()  # seated (or watching), or failed
        self.leaving = False
        self.seated = False  # a `joined` came: a drop from now on is tried again
        self.loop: asyncio.AbstractEventLoop | None = None
        self.conn: Connection | None = None
        self.thread: threading.Thread | None = None

    def start(self, name: str, request: Request, lang: str) -> None:
        run = partial(self._run, name, request, lang)
        self.thread = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
        self.thread.start()

    async def _run(self, name: str, request: Request, lang: str) -> None:
        self.loop = asyncio.get_running_loop()
        rng = random.Random()
        try:
            if await self._session(self.url, name, request, lang):
                return
            while True:
                # Several shards: a dead one's tables are another's within seconds, so
                # the tries come often and go to every shard (the last one first).
                tries, longest = (CLUSTER_RETRIES, 2.0) if self.shards else (RETRIES, LONGEST_WAIT)
                if self.retrying >= tries:
                    self.fail("lost", "the connection was lost and could not be made again")
                    return
                self.retrying += 1
                await asyncio.sleep(retry_wait(self.retrying, rng, longest))
                news = self.news
                request = Watch(news.code) if news.watching else Resume(news.code, news.token)
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
            self.conn = conn = await Connection.open(url, name, lang=lang)
            self.url, self.shards = url, conn.shards or self.shards
            self.news.deals.faults = conn.draw.faults  # what the deal's check must know
            await conn.send(request)
            while True:  # until the connection closes (the server closes it when it stops)
                self._take(await conn.read(), conn)
        except Redirected as moved:
            await conn.close()
            try:
                target = redirect.follow(url, moved.address, self.shards, hops)
            except redirect.RedirectRefused as refused:
                self.fail("bad_redirect", f"not sent on to {moved.address[:80]}: {refused}")
                return True
            return await self._session(target, name, request, lang, hops + 1)
        except BadServerMessage as bad:
            self.fail("bad_server", str(bad))
        except ServerError as err:
            self.fail(err.code, str(err))
        except (ConnectionClosed, TimeoutError, OSError, InvalidURI) as err:
            if self.leaving or self.news.closed is not None:
                return True
            if (
                self.retrying
                and not self.news.dedicated
                and isinstance(err, ConnectionRefusedError)
            ):
                # The host's computer answered that nothing listens: its game has closed
                # (a guest's own network failing gives no such answer, and is tried again).
                self.fail("host_gone", "the host's game closed")
                return True
            if not self.seated:  # never sat down this time: nothing to come back to
                self.fail("unreachable", str(err) or type(err).__name__)
                return True
            return False
        except Exception as err:  # a bug: said once, the scene shows it, never a crash
            self.fail("bad_server", f"{type(err).__name__}: {err}")
        return True

    def _take(self, message: ServerMessage, conn: Connection) -> None:
        if isinstance(message, Refusal) and (not self.joined.is_set() or self.retrying):
            self.fail(message.code, message.message)  # no seat: nothing more to wait for
            self.leaving = True
            asyncio.get_running_loop().create_task(conn.close())
            return
        if isinstance(message, Redirect):
            raise Redirected(message.code, message.address)
        self.news.take(message)
        if isinstance(message, Joined | Watching):
            self.retrying, self.seated = 0, True  # (back) in the seat
            self.joins += 1
            self.joined.set()

    def fail(self, code: str, why: str) -> None:
        if not self.failure:
            self.failure, self.failure_code = why, code
        self.joined.set()

    def send(self, message: ClientMessage) -> None:
        """Send from the frame loop's thread; it never waits."""
        if self.loop is None or self.conn is None:
            return
        sending = self.conn.send(message)
        try:
            asyncio.run_coroutine_threadsafe(sending, self.loop)
        except RuntimeError:  # the loop is gone: the table has closed
            sending.close()  # never to run (unclosed, it is reported as never awaited)

    def close(self) -> None:
        """Leaving: the connection closes; nothing is tried again."""
        self.leaving = True
        if self.loop is not None and self.conn is not None:
            closing = self.conn.close()
            try:
                asyncio.run_coroutine_threadsafe(closing, self.loop)
            except RuntimeError:  # the connection's loop has already ended
                closing.close()


async def play(
    conn: Connection, level: str, rng: random.Random, think: float = 0.0
) -> TableClosed | ServerClosing:
    """Play the seat with a bot until the table closes; the closing message.
    `think`: seconds to wait before each turn's move (a person's pace)."""
    bot = make_bot(level, rng)
    while True:
        match await conn.read():
            case TableClosed() | ServerClosing() as closing:
                return closing
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
    print(closing.message, flush=True)
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
