"""One address creating tables and leaving them for 60 s against `uno-table serve`
(its defaults, but --grace 5), as fast as its message rate lets it; then a table
from another loopback address (127.0.0.2), and how many tables are open.

    python benchmarks/server_churn.py
"""

import asyncio
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from websockets.asyncio.client import connect  # noqa: E402

from game.online.client.connection import Connection, ServerError  # noqa: E402
from game.online.protocol.version import PROTOCOL_VERSION, app_version  # noqa: E402

SECONDS = 60


async def main() -> None:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--grace",
            "5",
            "--log",
            "warning",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    url = server.stdout.readline().split()[-1]
    try:
        conn = await Connection.open(url, "Mallory")
        made = refused = 0
        end = time.monotonic() + SECONDS
        while time.monotonic() < end:
            await conn.send(
                {"type": "create", "theme": "classic", "seats": ["me", "bot:hard", "bot:expert"]}
            )
            try:
                await conn.expect("joined")
                made += 1
            except ServerError:
                refused += 1
                await asyncio.sleep(0.05)
            await conn.send({"type": "leave"})
            await asyncio.sleep(0.07)  # under the 30 messages a second a connection may send
        print(f"one address, 60 s: {made} tables made and left, {refused} refused (rate or cap)")
        ws = await connect(url, local_addr=("127.0.0.2", 0))
        other = Connection(ws)
        await other.send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "app": app_version(),
                "name": "Ann",
            }
        )
        await other.expect("welcome")
        await other.send({"type": "create", "theme": "classic", "seats": ["me", "open"]})
        m = await other.expect("joined")
        print("another address then: table", m["code"], "created")
        await other.send({"type": "list"})
        tables = (await other.expect("tables"))["tables"]
        print(f"tables open on the server now: {len(tables)}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    asyncio.run(main())
