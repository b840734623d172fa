"""A real redis-server for the cluster tests (the fixture is in conftest.py): its own
temporary folder, a free port on 127.0.0.1, no persistence (`--save ""
--appendonly no`), stopped after the test; and `Node`, one shard's cluster parts.

Where redis-server is not installed the tests are skipped with the reason; in CI on
Linux (the workflow and .ci/run install it from the OS packages) they fail instead.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import TypeVar

import pytest

from game.online.server.cluster.directory import Directory, Shard
from game.online.server.cluster.membership import Membership
from game.online.server.cluster.snapshots import Snapshots
from game.online.server.cluster.store import Store
from game.online.server.processes import free_port, redis_answers

SERVER = shutil.which("redis-server")
REQUIRED = sys.platform.startswith("linux") and bool(os.environ.get("CI"))
T = TypeVar("T")


def run(coro: Coroutine[object, object, T], timeout: float = 30.0) -> T:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def need_redis() -> None:
    """Skip (with the reason) where redis-server is not installed; fail in CI on Linux."""
    if SERVER is None:
        if REQUIRED:
            pytest.fail("CI must have redis-server for the cluster tests")
        pytest.skip("needs redis-server (apt-get install redis-server, brew install redis)")


class RedisProcess:
    """One redis-server; `stop` and `start` again keep its port (a restart)."""

    def __init__(self, folder: Path, append_only: bool = False) -> None:
        self.folder, self.append_only = folder, append_only
        self.port = free_port("127.0.0.1")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def store(self, prefix: str = "test") -> Store:
        return Store.connect(self.url, prefix, timeout=0.5)

    def start(self) -> None:
        assert SERVER is not None
        args = [SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        # No persistence unless asked: a restart test keeps its data as production
        # does, in an append-only file (written at the clean stop).
        args += ["--appendonly", "yes" if self.append_only else "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not redis_answers(self.port):
            assert self.process.poll() is None, "redis-server stopped at start"
            assert time.monotonic() < deadline, "redis-server did not answer within 10 s"
            time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class Node:
    """One shard's cluster parts, on its own connection to the shared Redis."""

    def __init__(self, url: str, name: str, lease: float = 5.0, beat: float = 0.05) -> None:
        self.store = Store.connect(url, "test", timeout=0.5)
        self.directory = Directory(self.store, Shard(f"{name}-{uuid.uuid4().hex[:8]}", name))
        self.snapshots = Snapshots(self.store, self.directory, "table", 1)
        self.members = Membership(self.store, self.directory, lease=lease, beat=beat)


class ShardProcess:
    """One `uno-table serve --redis` process on 127.0.0.1 (a free port), headless,
    computers on a thread; `kill` is SIGKILL (a crash), `stop` SIGTERM (a clean stop)."""

    def __init__(self, redis_url: str, *options: str) -> None:
        self.port = free_port("127.0.0.1")
        self.url = f"ws://127.0.0.1:{self.port}"
        args = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1"]
        args += ["--port", str(self.port), "--redis", redis_url, "--bot-processes", "0"]
        args += ["--log", "warning", *options]
        root = Path(__file__).resolve().parents[4]
        env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy"}
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, cwd=root, env=env)
        assert self.process.stdout is not None
        line = self.process.stdout.readline().decode()
        assert "uno-table server on" in line, f"the shard did not start: {line!r}"

    def kill(self) -> None:
        self.process.send_signal(9)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
