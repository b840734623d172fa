"""A server's settings, in small groups by concern: where it listens, what each
connection may do, what the server and one address may hold, where tables are
kept, and how the process runs. `uno-table serve` fills them from its options
(game.online.server.serve); the in-app host from its choices.

    ServerConfig(Bind(port=0), limits=Limits(max_tables=16), room=RoomOptions(pace=0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.online.server.room import RoomOptions

BACKLOG_BYTES = 1 << 20  # bytes waiting for a client that does not read; then it is closed


@dataclass(frozen=True)
class Bind:
    """Where the server listens, and who it believes the far end is."""

    host: str = "127.0.0.1"
    port: int = 8765
    shared_port: int | None = None  # also listen here, the port shared by a machine's shards
    # The one address whose X-Forwarded-For is believed (a TLS reverse proxy in front);
    # None: the header is ignored, every address is the socket's own.
    trust_proxy: str | None = None


@dataclass(frozen=True)
class Links:
    """What one connection may do: its message rate, its keepalive, its backlog
    and how long it may be quiet at no table."""

    rate: float = 30.0  # messages a second per connection (a person sends one or two)
    burst: int = 60
    flood: int = 300  # messages over the rate (see `Client.over_rate`) that close a connection
    # Keepalive: a ping every `ping` seconds; no pong within `ping_timeout` closes the
    # connection (a half-open one: the far end vanished without a word).
    ping: float = 20.0
    ping_timeout: float = 20.0
    backlog_bytes: int = BACKLOG_BYTES
    lobby_idle: float = 120.0  # seconds a connection at no table may say nothing
    # When the server is full, a connection at no table quiet this long makes way for
    # a newcomer: idle lobby connections never keep a player from a table.
    lobby_evict: float = 10.0


@dataclass(frozen=True)
class Limits:
    """What the whole server, and one address, may hold."""

    max_tables: int = 100
    max_connections: int | None = None  # None: what the descriptor limit allows
    per_address: int = 8  # connections from one address
    tables_per_address: int = 3  # tables in play made from one address
    kept_per_address: int = 12  # tables kept for their people (dropped) made from one address
    guesses: int = 10  # wrong table codes (or tokens) an address may send ...
    guess_window: float = 60.0  # ... in this many seconds


@dataclass(frozen=True)
class Storage:
    """Where tables are kept: a save folder, or the Redis that several shards share."""

    save_dir: Path | None = None  # every table is snapshotted here, and resumed on start
    keep_for: float = 24 * 3600.0  # seconds a kept table waits for someone to come back
    # One shard of several sharing this Redis (redis://HOST:PORT/N; game.online.server.shard);
    # None: a server alone, as it always was.
    redis: str | None = None
    public_address: str | None = None  # how players reach this shard (default: ws://host:port)
    lease: float = 5.0  # seconds without a beat before the other shards take the tables


@dataclass(frozen=True)
class Running:
    """How the process runs: the computers' workers, the collector, the reports."""

    bot_processes: int | None = (
        0  # worker processes for computers (None: one per core; 0: a thread)
    )
    # Garbage collected on a schedule that keeps the loop's pauses short (game.online.server.heap):
    # for a dedicated server, which is the whole process (not an in-app host).
    heap: bool = False
    report: bool = False  # a log line of figures every minute (game.online.server.status)
    status_port: int | None = None  # the figures over HTTP, as Prometheus text


@dataclass(frozen=True)
class ServerConfig:
    bind: Bind = field(default_factory=Bind)
    links: Links = field(default_factory=Links)
    limits: Limits = field(default_factory=Limits)
    room: RoomOptions = field(default_factory=RoomOptions)
    storage: Storage = field(default_factory=Storage)
    running: Running = field(default_factory=Running)
