"""What a server reports to its operator: a log line every minute, and, with
`--status-port`, the same figures as Prometheus text over HTTP.

    figures = Figures()
    figures.handled(seconds)        # a message read and answered (its latency)
    figures.changed()               # a table changed: an action applied
    status = await serve_status(server, host, port)   # GET /metrics

The latency is a message's handling on the server, from read to answered (for a
shard: its store calls included, and a move's wait for its snapshot: `held`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.online.server.server import Server

log = logging.getLogger(__name__)

EVERY = 60.0  # seconds between log lines
KEPT = 50_000  # latencies kept per window at most (a p99 needs no more)


@dataclass
class Window:
    """One minute's figures (the one under way, or the last one done)."""

    began: float = field(default_factory=time.monotonic)
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    held: list[float] = field(default_factory=list)

    def rate(self) -> float:
        return self.actions / max(time.monotonic() - self.began, 1e-9)


@dataclass
class Figures:
    actions: int = 0  # since the start
    now: Window = field(default_factory=Window)
    last: Window | None = None

    def handled(self, seconds: float) -> None:
        if len(self.now.latencies) < KEPT:
            self.now.latencies.append(seconds)

    def waited(self, seconds: float) -> None:
        """A change's players waited this long for its snapshot to be in the store."""
        if len(self.now.held) < KEPT:
            self.now.held.append(seconds)

    def changed(self) -> None:
        self.actions += 1
        self.now.actions += 1

    def turn(self) -> Window:
        """The minute under way is done: it becomes `last`."""
        self.last, self.now = self.now, Window()
        return self.last

    def shown(self) -> Window:
        """The last whole minute, or the one under way before the first is done."""
        return self.last or self.now


def p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def line(server: Server, window: Window) -> str:
    text = (
        f"tables {len(server.rooms)}, connections {len(server.clients)}, "
        f"actions/s {window.rate():.1f}, p99 {p99(window.latencies) * 1000:.1f} ms"
    )
    if server.shard is not None:
        text += f", store wait p99 {p99(window.held) * 1000:.1f} ms"
    return text


def metrics(server: Server) -> str:
    """The figures in Prometheus's text format."""
    window = server.figures.shown()
    rows = [
        ("uno_tables", "gauge", "tables held", len(server.rooms)),
        ("uno_connections", "gauge", "open connections", len(server.clients)),
        ("uno_actions_total", "counter", "actions applied", server.figures.actions),
        ("uno_actions_per_second", "gauge", "over the last minute", window.rate()),
        ("uno_latency_p99_seconds", "gauge", "message handling", p99(window.latencies)),
    ]
    shard = server.shard
    if shard is not None:
        operations = shard.store.operations
        rows += [
            ("uno_store_wait_p99_seconds", "gauge", "a change's wait for Redis", p99(window.held)),
            ("uno_store_commands_total", "counter", "Redis commands", operations.commands),
            ("uno_store_round_trips_total", "counter", "Redis round trips", operations.round_trips),
        ]
    text = []
    for name, kind, about, value in rows:
        text += [f"# HELP {name} {about}", f"# TYPE {name} {kind}", f"{name} {value:g}"]
    if shard is not None:
        text.append(f'uno_shard_info{{id="{shard.me.id}",address="{shard.me.address}"}} 1')
    return "\n".join(text) + "\n"


async def every_minute(server: Server) -> None:
    while True:
        await asyncio.sleep(EVERY)
        log.info("%s", line(server, server.figures.turn()))


async def serve_status(server: Server, host: str, port: int) -> asyncio.Server:
    """A tiny HTTP server: GET /metrics (or /) answers the figures; nothing else."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(reader.readline(), 5)
            method, path, *_ = request.decode("latin-1").split() + ["", ""]
            if method == "GET" and path in ("/", "/metrics"):
                body, status = metrics(server).encode(), "200 OK"
            else:
                body, status = b"not found\n", "404 Not Found"
            head = (
                f"HTTP/1.0 {status}\r\nContent-Type: text/plain; version=0.0.4\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            )
            writer.write(head.encode() + body)
            await writer.drain()
        except (TimeoutError, OSError):
            pass
        finally:
            writer.close()

    return await asyncio.start_server(answer, host, port)
