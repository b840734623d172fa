"""A client of an uno-table server, and a headless bot that plays through it.

    python -m game.net.client --connect ws://127.0.0.1:8765 --level hard
    python -m game.net.client --connect ws://HOST:PORT --code ABC234 --name Bea
    python -m game.net.client --connect ws://HOST:PORT --code ABC234 --token SEAT-TOKEN

Without `--code` the bot creates a table (`--seats`, default four people) and
prints its code; with one it joins that table.

`Connection` is what any client uses (the bot here, the tests, the game's
online scenes): it says hello, keeps the rules and the round's history, and
turns each `update` message back into the `SeatUpdate` the server's table made.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.engine import RuleSet
from game.engine.actions import Action, to_text
from game.limits import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNTS, SeatRequest
from game.net import messages, wire
from game.net.server import app_version
from game.table import LEVELS, SeatUpdate, make_bot

MAX_SERVER_MESSAGE = 1 << 20


class ServerError(RuntimeError):
    """The server refused something; `code` names the kind (see docs/PROTOCOL.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Connection:
    ws: ClientConnection
    state: wire.ClientState | None = None
    code: str = ""
    seat: int = -1
    token: str = ""
    update: SeatUpdate | None = None
    received: list[str] = field(default_factory=list)  # every message, when `record`
    record: bool = False
    latencies: list[float] = field(default_factory=list)
    sent_at: float = 0.0

    @classmethod
    async def open(
        cls, url: str, name: str, protocol: int = messages.PROTOCOL_VERSION, record: bool = False
    ) -> Connection:
        ws = await connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=10)
        conn = cls(ws, record=record)
        await conn.send({"type": "hello", "protocol": protocol, "app": app_version(), "name": name})
        await conn.expect("welcome")
        return conn

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(messages.encode(message))

    async def receive(self) -> dict[str, Any]:
        raw = await self.ws.recv()
        text = raw if isinstance(raw, str) else raw.decode()
        if self.record:
            self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        kind = message["type"]
        if kind == "joined":
            self.code, self.seat, self.token = message["code"], message["seat"], message["token"]
            self.state = wire.ClientState(RuleSet.from_options(message["rules"]))
        elif kind == "update":
            assert self.state is not None
            if self.sent_at and (self.update is None or message["token"] != self.update.token):
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = 0.0
            self.update = self.state.read(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read until a message of `kind`; a refusal raises ServerError."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise ServerError(message["code"], message["message"])

    async def expect_error(self) -> dict[str, Any]:
        """Read until the server's next refusal (tests and tools)."""
        while True:
            message = await self.receive()
            if message["type"] == "error":
                return message

    async def act(self, update: SeatUpdate, action: Action) -> None:
        self.sent_at = time.perf_counter()
        await self.send({"type": "act", "token": update.token, "action": to_text(action)})

    async def close(self) -> None:
        await self.ws.close()


async def play(
    conn: Connection, level: str, rng: random.Random, think: float = 0.0
) -> dict[str, Any]:
    """Play the seat with a bot until the table closes; the closing message.
    `think`: seconds to wait before each turn's move (a person's pace)."""
    bot = make_bot(level, rng)
    while True:
        message = await conn.receive()
        kind = message["type"]
        if kind in ("table_closed", "server_closing"):
            return message
        if kind == "update" and conn.update is not None:
            update = conn.update
            if update.result is not None:
                await conn.send({"type": "next"})
            elif update.legal:
                legal = list(update.legal)
                if update.turn:
                    await asyncio.sleep(think)
                    choice: Action | None = bot.choose(update.view, legal)
                else:
                    choice = bot.react(update.view, legal)
                if choice is not None:
                    await conn.act(update, choice)


async def run(args: argparse.Namespace) -> int:
    conn = await Connection.open(args.connect, args.name)
    if args.code and args.token:
        await conn.send({"type": "resume", "code": args.code, "token": args.token})
    elif args.code:
        await conn.send({"type": "join", "code": args.code})
    else:
        seats = [SeatRequest.ME] + [SeatRequest.OPEN] * (args.seats - 1)
        await conn.send({"type": "create", "theme": args.theme, "seats": seats})
    try:
        await conn.expect("joined")
    except ServerError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    # The token lets this seat be taken back (--code ... --token ...) after a drop.
    print(f"table {conn.code} seat {conn.seat} token {conn.token}", flush=True)
    closing = await play(conn, args.level, random.Random(args.seed), args.think)
    print(closing.get("message", ""), flush=True)
    await conn.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.client", description=__doc__)
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
    except (OSError, ServerError) as err:
        print(f"cannot play at {args.connect}: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
