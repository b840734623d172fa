"""A server inside the game: the host's own table, on a thread of its own.

The host's game window stays a client like any other (a `RemoteTable` over
loopback), so hosting and joining play through the same code.

    hosted = HostedServer.start(save_dir=...)   # listening on every address
    hosted.port, hosted.address                 # to show, with the table code
    hosted.advertise(name, code)                # on the LAN (mDNS), if it works
    hosted.stop()                               # friends are told the host left
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from concurrent.futures import Future
from pathlib import Path

from game.net.discovery import Advert, lan_address
from game.net.room import RoomOptions
from game.net.server import Server, ServerConfig

log = logging.getLogger(__name__)
PORT = 8765  # the usual port, easy to read out; another is taken if it is busy


class HostedServer:
    def __init__(self, server: Server, loop: asyncio.AbstractEventLoop, thread: threading.Thread):
        self.server, self.loop, self.thread = server, loop, thread
        self.advert: Advert | None = None
        self.address = lan_address()

    @property
    def port(self) -> int:
        return self.server.port

    @classmethod
    def start(
        cls,
        host: str = "0.0.0.0",
        port: int = PORT,
        save_dir: Path | None = None,
        room: RoomOptions | None = None,
    ) -> HostedServer:
        """Start listening; OSError if no port could be had."""
        ready: Future[Server] = Future()
        loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)
            for tried in (port, 0):
                config = ServerConfig(host, tried, 16, room or RoomOptions(), save_dir=save_dir)
                server = Server(config)
                try:
                    loop.run_until_complete(server.start())
                except OSError as err:
                    if tried == 0:
                        ready.set_exception(err)
                        return
                    continue
                ready.set_result(server)
                break
            loop.run_forever()

        thread = threading.Thread(target=run, name="uno-table server", daemon=True)
        thread.start()
        return cls(ready.result(timeout=10), loop, thread)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def advertise(self, name: str, code: str) -> bool:
        """Advertise the table on the LAN; False if mDNS is not to be had here."""
        try:
            self.advert = Advert(name, self.port, code, self.address)
        except Exception as err:  # zeroconf raises many kinds; the manual way still works
            log.warning("cannot advertise on the LAN: %s", err)
            return False
        return True

    def stop(self, reason: str = "host_left") -> None:
        if self.advert is not None:
            with contextlib.suppress(Exception):
                self.advert.close()
            self.advert = None
        if not self.loop.is_running():
            return
        done = asyncio.run_coroutine_threadsafe(self.server.stop(reason), self.loop)
        with contextlib.suppress(Exception):
            done.result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
