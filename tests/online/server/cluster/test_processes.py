"""`uno-table serve --processes 2`: two shards behind one port (SO_REUSEPORT), with
a redis-server the command starts for them; every table is reached through the
one port, and SIGTERM stops it all."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.online.client.connection import Connection
from game.online.protocol.client_messages import Create, Join
from game.online.server.cluster import membership
from tests.online.server.cluster.helpers import need_redis, run

ROOT = Path(__file__).resolve().parents[4]


@pytest.mark.skipif(not hasattr(socket, "SO_REUSEPORT"), reason="needs SO_REUSEPORT")
def test_two_shards_behind_one_port_serve_every_table() -> None:
    need_redis()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port)]
    argv += ["--processes", "2", "--bot-processes", "0", "--log", "warning"]
    argv += ["--tables-per-address", "20"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(argv, stdout=subprocess.PIPE, cwd=ROOT, env=env)
    try:
        assert server.stdout is not None
        assert "(2 shards)" in server.stdout.readline().decode()
        time.sleep(membership.BEAT * 1.5)  # each shard knows the other's address
        url = f"ws://127.0.0.1:{port}"

        async def go() -> set[str]:
            places = set()
            for i in range(6):
                host = await Connection.at_table(url, f"H{i}", Create("classic", ("me", "open")))
                guest = await Connection.at_table(url, f"G{i}", Join(host.code))
                assert guest.code == host.code and guest.seat == 1
                assert len(guest.shards) == 2 and url not in guest.shards
                places.add(guest.url)
                await host.close()
                await guest.close()
            return places

        places = run(go())
        print(f"guests were served at {sorted(places)}")
        server.send_signal(signal.SIGTERM)
        assert server.wait(20) == 0
    finally:
        if server.poll() is None:
            server.terminate()  # its shards and redis-server stop with it
            server.wait(20)
