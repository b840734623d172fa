"""`uno-table serve`: a dedicated server, headless (no pygame), many tables.

    uno-table serve --host 0.0.0.0 --port 8765 --max-tables 200
    python -m game serve ...              # the same, from a checkout

Ctrl-C (or SIGTERM) stops it: every player is told. With `--save-dir` every
table is saved there after every change, so even a killed server takes every
table up again the next time it starts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the server (and websockets) load only when it runs
    from game.online.server.config import ServerConfig
    from game.online.server.server import Server

HELP = "run a dedicated server for online tables (headless)"
MAX_SECONDS = 3600.0  # any wait longer than an hour is a typo


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="uno-table serve", description=HELP)
    add_arguments(p)
    return p


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free)")
    p.add_argument("--max-tables", type=int, default=100, help="tables at once (default 100)")
    p.add_argument("--save-dir", type=Path, help="save tables here; resume them on start")
    p.add_argument(
        "--per-address", type=int, default=8, help="connections from one address (default 8)"
    )
    p.add_argument(
        "--tables-per-address", type=int, default=3, help="tables in play per address (default 3)"
    )
    p.add_argument(
        "--kept-per-address",
        type=int,
        default=12,
        help="tables kept for people who dropped, per address (default 12)",
    )
    p.add_argument(
        "--lobby-idle", type=float, default=120.0, help="seconds a lobby connection may be silent"
    )
    p.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        help="worker processes for computer players (default: one per core; 0: a thread)",
    )
    p.add_argument(
        "--trust-proxy",
        metavar="ADDRESS",
        help="a reverse proxy's address: only from it is X-Forwarded-For believed (default: never)",
    )
    p.add_argument(
        "--keep-hours",
        type=float,
        default=24.0,
        help="hours a table nobody is at is kept for its people (default 24)",
    )
    p.add_argument("--grace", type=float, default=60.0, help="seconds a dropped seat is kept")
    p.add_argument("--pace", type=float, default=1.0, help="computers' thinking pause (0: none)")
    p.add_argument("--round-break", type=float, default=8.0, help="seconds between rounds")
    p.add_argument(
        "--catch-window",
        type=float,
        default=0.5,
        help="seconds everyone has to catch a forgotten UNO before play goes on (default 0.5)",
    )
    p.add_argument(
        "--redis",
        metavar="URL",
        help="run as one shard of several sharing this Redis (redis://HOST:PORT/N); "
        "see docs/DEPLOYMENT.md",
    )
    p.add_argument(
        "--public-address",
        metavar="URL",
        help="with --redis: how players reach this shard (default ws://HOST:PORT)",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=1,
        help="run N shards on this machine behind --port (with --redis, or a redis-server "
        "started for them)",
    )
    p.add_argument("--shared-port", type=int, help=argparse.SUPPRESS)  # given by --processes
    p.add_argument(
        "--status-port",
        type=int,
        help="serve the shard's figures (Prometheus text) on http://HOST:PORT/metrics",
    )
    p.add_argument("--log", default="info", choices=("debug", "info", "warning", "error"))


def config(args: argparse.Namespace) -> ServerConfig:
    from game.online.server.config import Bind, Limits, Links, Running, ServerConfig, Storage
    from game.online.server.room import RoomOptions

    if not 0 <= args.port <= 65535:
        raise SystemExit(f"uno-table serve: --port {args.port} is not a port (0-65535)")
    for flag in ("max_tables", "per_address", "tables_per_address", "kept_per_address"):
        if getattr(args, flag) < 1:
            raise SystemExit(f"uno-table serve: --{flag.replace('_', '-')} must be at least 1")
    if args.status_port is not None and not 1 <= args.status_port <= 65535:
        raise SystemExit(f"uno-table serve: --status-port {args.status_port} is not a port")
    if not 1 <= args.processes <= 256:
        raise SystemExit("uno-table serve: --processes must be 1 to 256")
    if args.bot_processes is not None and not 0 <= args.bot_processes <= 64:
        raise SystemExit("uno-table serve: --bot-processes must be 0 to 64")
    for flag in ("grace", "pace", "round_break", "catch_window", "lobby_idle"):
        if not 0 <= getattr(args, flag) <= MAX_SECONDS:
            name = "--" + flag.replace("_", "-")
            raise SystemExit(f"uno-table serve: {name} must be 0 to {MAX_SECONDS:.0f} seconds")
    if not 0 < args.keep_hours <= 24 * 365:
        raise SystemExit("uno-table serve: --keep-hours must be more than 0, at most a year")
    if args.redis is not None and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        raise SystemExit(f"uno-table serve: --redis {args.redis} is not a redis:// address")
    if args.public_address is not None and not args.public_address.startswith(("ws://", "wss://")):
        raise SystemExit("uno-table serve: --public-address must be a ws:// or wss:// address")
    if args.redis is not None and args.save_dir is not None:
        raise SystemExit("uno-table serve: --redis keeps the tables in Redis: no --save-dir")
    if args.trust_proxy is not None:
        try:
            ipaddress.ip_address(args.trust_proxy)
        except ValueError:
            raise SystemExit(
                f"uno-table serve: --trust-proxy {args.trust_proxy} is not an IP address"
            ) from None
    room = RoomOptions(
        pace=args.pace,
        grace=args.grace,
        round_break=args.round_break,
        catch_window=args.catch_window,
    )
    return ServerConfig(
        Bind(args.host, args.port, args.shared_port, args.trust_proxy),
        Links(lobby_idle=args.lobby_idle),
        Limits(
            max_tables=args.max_tables,
            per_address=args.per_address,
            tables_per_address=args.tables_per_address,
            kept_per_address=args.kept_per_address,
        ),
        room,
        Storage(args.save_dir, args.keep_hours * 3600, args.redis, args.public_address),
        Running(args.bot_processes, heap=True, report=True, status_port=args.status_port),
    )


async def _serve(server: Server) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C raises instead
            loop.add_signal_handler(sig, stop.set)
    await server.start()
    print(f"uno-table server on ws://{server.config.bind.host}:{server.port}", flush=True)
    try:
        await stop.wait()
    finally:
        await server.stop("server_stopping")


def main(argv: list[str] | None = None) -> int:
    return run(parser().parse_args(argv))


def run(args: argparse.Namespace) -> int:
    from game.online.server.server import Server

    logging.basicConfig(level=args.log.upper(), format="%(asctime)s %(levelname)s %(message)s")
    settings = config(args)
    if args.processes > 1:
        from game.online.server import processes

        return processes.run(args)
    server = Server(settings)
    try:
        asyncio.run(_serve(server))
    except KeyboardInterrupt:
        pass
    except OSError as err:
        print(f"uno-table serve: cannot start on {args.host}:{args.port}: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
