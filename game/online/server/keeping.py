"""Where tables are kept: the save folder (every table snapshotted after every
change, off the loop: `Snapshots`), the tables kept for their people when
nobody is at them (in memory too, with no save folder), and their expiry. With
`--redis` the shards' store keeps them instead (`shard`)."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict
from typing import TYPE_CHECKING

from game.files.storage import Store
from game.online.server.config import Storage
from game.online.server.snapshots import Snapshots

if TYPE_CHECKING:
    from game.online.server.shard import ShardLink

log = logging.getLogger(__name__)

SAVE_KIND, SAVE_VERSION = "online-table", 1  # a table's snapshot in the save folder
DORMANT = 2000  # tables kept in memory for their people when there is no save folder
EXPIRED = "expired"  # the save folder's subfolder for kept tables nobody came back to
SWEEP_EVERY = 600.0  # seconds between looks for kept tables past their time


class Keeping:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.store = Store(storage.save_dir)
        self.snapshots = Snapshots(self.store, SAVE_KIND, SAVE_VERSION)
        self.dormant: OrderedDict[str, str] = OrderedDict()  # as JSON, with no save folder
        # Tables kept for their people (closed while nobody was there): who made each,
        # and since when it waits. They count against their maker's tables and expire.
        self.kept: dict[str, tuple[str, float]] = {}
        self.quiet_since: dict[str, float] = {}  # tables taken up from the folder at start
        self.shard: ShardLink | None = None  # with `redis`: this server is one shard of several
        self._sweeper: asyncio.TimerHandle | None = None

    def taken(self, code: str) -> bool:
        """A code a kept table has, or will have once its snapshot is written."""
        return code in self.dormant or self.saved(code) or self.snapshots.pending(file(code))

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    # -- kept tables expire ----------------------------------------------------------

    def sweep(self) -> None:
        """Now and every SWEEP_EVERY seconds: kept tables past their time go."""
        self.expire()
        loop = asyncio.get_running_loop()
        self._sweeper = loop.call_later(min(SWEEP_EVERY, self.storage.keep_for), self.sweep)

    def expire(self) -> None:
        """A kept table nobody came back to within `keep_for` is set aside (moved to
        the save folder's `expired/`, with a log line), so kept tables cannot pile
        up against the caps."""
        end = time.time() - self.storage.keep_for
        for code, (_, since) in list(self.kept.items()):
            if since <= end:
                del self.kept[code]
                self.dormant.pop(code, None)
                self.set_aside(code)

    def set_aside(self, code: str) -> None:
        hours = self.storage.keep_for / 3600
        log.info("table %s: nobody came back within %.3g hours; set aside", code, hours)
        if self.shard is not None:
            self.shard.ended(code)
        if self.storage.save_dir is None or not self.saved(code):
            return
        folder = self.storage.save_dir / EXPIRED
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
            os.replace(self.store.path(file(code)), folder / file(code))
        except OSError as err:
            log.warning("table %s: cannot set aside (%s); removed", code, err)
            self.store.delete(file(code))

    # -- saving --------------------------------------------------------------------

    def saved(self, code: str) -> bool:
        return self.storage.save_dir is not None and self.store.path(file(code)).is_file()

    def log_notices(self) -> None:
        for notice in self.store.notices:
            log.warning("save folder: %s", notice.render())
        self.store.notices.clear()


def file(code: str) -> str:
    return f"{code}.json"
