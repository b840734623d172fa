"""`uno-table serve` runs headless (pygame never imported), listens, and on SIGTERM
tells its clients it is stopping before it exits."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from game.online.client.connection import Connection
from tests.net.helpers import run

NO_PYGAME = """
import sys
from game.__main__ import main
try:
    main(["serve", "--help"])
except SystemExit:
    pass
assert "pygame" not in sys.modules, "serve imported pygame"
"""


def test_serve_never_imports_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", NO_PYGAME], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "--max-tables" in done.stdout


def test_serve_listens_and_says_goodbye_on_sigterm() -> None:
    async def go() -> dict:
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "game",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--log",
            "error",
            stdout=asyncio.subprocess.PIPE,
        )
        assert server.stdout is not None
        line = (await server.stdout.readline()).decode().split()
        conn = await Connection.open(line[-1], "Ann")
        await conn.send({"type": "list"})
        assert (await conn.expect("tables"))["tables"] == []
        server.terminate()
        goodbye = await conn.expect("server_closing")
        assert await server.wait() == 0
        return goodbye

    assert run(go())["reason"] == "server_stopping"


def test_serve_options_reach_every_table_and_nonsense_is_refused() -> None:
    from game.online.server.serve import config, parser

    room = config(parser().parse_args(["--catch-window", "0", "--pace", "0.2"])).room
    assert (room.catch_window, room.pace) == (0.0, 0.2)
    kept = config(parser().parse_args(["--keep-hours", "2", "--trust-proxy", "10.0.0.5"]))
    assert (kept.storage.keep_for, kept.bind.trust_proxy) == (7200.0, "10.0.0.5")
    assert config(parser().parse_args([])).bind.trust_proxy is None  # never by default
    assert config(parser().parse_args([])).running.heap  # the process is the server's own
    every = "--host 10.0.0.2 --port 9000 --max-tables 7 --save-dir /tmp/t --per-address 4 "
    every += "--tables-per-address 2 --kept-per-address 5 --lobby-idle 30 --bot-processes 3"
    settings = config(parser().parse_args(every.split()))
    assert (settings.bind.host, settings.bind.port, settings.storage.save_dir) == (
        "10.0.0.2",
        9000,
        Path("/tmp/t"),
    )
    limits = settings.limits
    assert (limits.max_tables, limits.per_address, limits.tables_per_address) == (7, 4, 2)
    assert (limits.kept_per_address, settings.links.lobby_idle) == (5, 30.0)
    assert settings.running.bot_processes == 3
    for bad in (
        ["--catch-window", "-1"],
        ["--grace", "1e9"],
        ["--round-break", "nan"],
        ["--keep-hours", "0"],
        ["--trust-proxy", "proxy.example"],
    ):
        try:
            config(parser().parse_args(bad))
        except SystemExit as refused:
            assert bad[0] in str(refused)
        else:
            raise AssertionError(f"{bad} was accepted")
