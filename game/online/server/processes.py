"""`uno-table serve --processes N`: N shards on this machine behind one port.

Each shard is a `uno-table serve --redis` process of its own (one core each); all
of them listen on the shared port with SO_REUSEPORT, so the system deals the new
connections out among them, and each also on a port of its own, which is the
address its redirects name (a table lives on one shard: a player who reached
another through the shared port is sent there).

Without `--redis` a redis-server is started for the machine (the OS package's,
on 127.0.0.1, a free port, no persistence unless `--save-dir` names its folder).
A shard that dies is started again (its tables were taken up by the others
meanwhile); Ctrl-C or SIGTERM stops every shard cleanly, then the redis-server.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)

# Options a shard is not given as they are: it gets its own port, the shared port
# and the store instead, and never starts shards itself.
NOT_PASSED = {
    "help",
    "processes",
    "port",
    "redis",
    "public_address",
    "save_dir",
    "status_port",
    "shared_port",
}
STARTED_WITHIN = 30.0  # seconds a shard (or the redis-server) has to start


def run(args: argparse.Namespace) -> int:
    if not hasattr(socket, "SO_REUSEPORT"):
        print(
            "uno-table serve: --processes needs SO_REUSEPORT (Linux, BSD, macOS)", file=sys.stderr
        )
        return 1
    stop = _stopper()
    redis = None if args.redis else MachineRedis(args.save_dir)
    url = args.redis or (redis.url if redis else "")
    shared = args.port or free_port(args.host)
    ports = [free_port(args.host) for _ in range(args.processes)]
    shards: list[subprocess.Popen[bytes] | None] = [None] * args.processes
    try:
        for i, port in enumerate(ports):
            shards[i] = _shard(args, i, port, shared, url)
        print(
            f"uno-table server on ws://{args.host}:{shared} ({args.processes} shards)", flush=True
        )
        while not stop:
            time.sleep(0.5)
            for i, shard in enumerate(shards):
                if shard is not None and shard.poll() is not None and not stop:
                    log.warning("shard %d stopped (%s); starting it again", i, shard.returncode)
                    shards[i] = _shard(args, i, ports[i], shared, url)
    except (OSError, RuntimeError) as error:
        print(f"uno-table serve: {error}", file=sys.stderr)
        return 1
    finally:
        for shard in shards:  # each hands its tables to the others and stops
            if shard is not None and shard.poll() is None:
                shard.terminate()
        for shard in shards:
            if shard is not None:
                _wait(shard)
        if redis is not None:
            redis.stop()
    return 0


def _stopper() -> list[int]:
    """A list that gets a signal's number when Ctrl-C or SIGTERM comes (falsy until then)."""
    stop: list[int] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda number, _: stop.append(number))
    return stop


def _shard(
    args: argparse.Namespace, index: int, port: int, shared: int, url: str
) -> subprocess.Popen[bytes]:
    from game.online.server.serve import parser

    argv = [*_command(), "--port", str(port), "--shared-port", str(shared), "--redis", url]
    for action in parser()._actions:  # the serve command's own options, as given
        value = getattr(args, action.dest, None)
        if action.option_strings and action.dest not in NOT_PASSED and value is not None:
            argv += [action.option_strings[-1], str(value)]
    if args.status_port:
        argv += ["--status-port", str(args.status_port + index)]
    shard = subprocess.Popen(argv, stdout=subprocess.PIPE)
    assert shard.stdout is not None
    line = shard.stdout.readline().decode()  # printed once it listens and has joined
    if "uno-table server on" not in line:
        shard.wait(STARTED_WITHIN)
        raise RuntimeError(f"shard {index} did not start (exit {shard.returncode})")
    return shard


def _command() -> list[str]:
    if getattr(sys, "frozen", False):  # the standalone app is its own interpreter
        return [sys.executable, "serve"]
    return [sys.executable, "-m", "game", "serve"]


def _wait(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(STARTED_WITHIN)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class MachineRedis:
    """The machine's own redis-server, for shards given no `--redis`."""

    def __init__(self, folder: Path | None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit(
                "uno-table serve: --processes needs --redis URL, or redis-server installed "
                "(apt-get install redis-server) to start one for this machine"
            )
        self.port = free_port("127.0.0.1")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._scratch = None if folder else tempfile.TemporaryDirectory(prefix="uno-redis-")
        where = str(folder) if folder else self._scratch.name  # type: ignore[union-attr]
        persist = "yes" if folder else "no"  # a folder given: the tables outlive a restart
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", persist, "--dir", where],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + STARTED_WITHIN
        while not redis_answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("uno-table serve: the redis-server for this machine did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        _wait(self.process)
        if self._scratch is not None:
            self._scratch.cleanup()


def redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False
