"""A server inside the game: the host's own table, on a thread of its own.

The host's game window stays a client like any other (a `RemoteTable` over
loopback), so hosting and joining play through the same code.

    hosted = HostedServer.start(reach=LAN, save_dir=...)   # or THIS_COMPUTER
    hosted.port, hosted.address                 # to show, with the table code
    hosted.advertise(name, code)                # on the LAN (mDNS), if it works
    hosted.stop()                               # friends are told the host left

It listens where the player chose: the LAN (every address) or this computer
only. Like every uno-table server it refuses a WebSocket that carries an
`Origin` (a web page in the player's browser cannot open it), and its save
folder and files are the player's alone (0700 / 0600). The host's table ends
with the host (`dedicated=False`): guests are told at once. A save there that
cannot be read is set aside and hosting goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path

from game.online.client.discovery import Advert, lan_address
from game.online.server.config import Bind, Limits, ServerConfig, Storage
from game.online.server.room import RoomOptions
from game.online.server.server import Server

log = logging.getLogger(__name__)
PORT = 8765  # the usual port, easy to read out; another is taken if it is busy
LAN = "0.0.0.0"  # friends on the same network can join
THIS_COMPUTER = "127.0.0.1"  # only games on this computer can join
TABLES = 16


class HostedServer:
    def __init__(self, server: Server, loop: asyncio.AbstractEventLoop, thread: threading.Thread):
        self.server, self.loop, self.thread = server, loop, thread
        self.advert: Advert | None = None
        self.address = lan_address()
        self.reach = LAN

    @property
    def port(self) -> int:
        return self.server.port

    @classmethod
    def start(
        cls,
        reach: str = LAN,
        port: int = PORT,
        save_dir: Path | None = None,
        room: RoomOptions | None = None,
    ) -> HostedServer:
        """Start listening on `reach` (LAN or THIS_COMPUTER); OSError if no port
        could be had."""
        ready: Future[Server] = Future()
        loop = asyncio.new_event_loop()
        options = replace(room or RoomOptions(), dedicated=False)
        if save_dir is not None:
            _private_folder(save_dir)

        def run() -> None:
            asyncio.set_event_loop(loop)
            for tried in (port, 0):
                config = ServerConfig(
                    Bind(reach, tried),
                    limits=Limits(max_tables=TABLES),
                    room=options,
                    storage=Storage(save_dir),
                )
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
        hosted = cls(ready.result(timeout=10), loop, thread)
        hosted.reach = reach
        if reach == THIS_COMPUTER:
            hosted.address = THIS_COMPUTER  # what friends elsewhere could not reach anyway
        return hosted

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def advertise(self, name: str, code: str) -> bool:
        """Advertise the table on the LAN; False if mDNS is not to be had here, or
        the server listens for this computer only."""
        if self.reach == THIS_COMPUTER:
            return False
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


def _private_folder(folder: Path) -> None:
    """The save folder readable by the player only: its files hold every hand and
    every seat token (the files themselves are written 0600)."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
    except OSError as err:  # a folder we cannot fix is still used; the files are 0600
        log.warning("cannot make %s private: %s", folder, err)
