"""The public lobby of every shard: each shard lists its public tables, and any
shard answers a `list` with all of them.

    lobby = Lobby(store, members)
    await lobby.put(code, summary)     # a public table opened or changed (seats, watchers)
    await lobby.remove(code)           # it started, closed, or went private
    await lobby.refresh()              # each beat: this shard's list lives on
    await lobby.publish({code: summary})  # or: the whole list replaced, each beat
    await lobby.listed()               # every shard's public tables (cached `FRESH` s)

Keys: lobby:<shard> is a hash, code -> the table's summary as JSON, expiring
`listed_for` seconds after the shard last refreshed it: a dead shard's tables
leave the lobby by themselves (the shard that takes one over lists it again).
The summary's shape is the server's: this module only stores and gathers it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping

from game.online.server.cluster.membership import Membership
from game.online.server.cluster.store import Store

LISTED_FOR = 10.0  # seconds a shard's list outlives its last refresh
FRESH = 1.0  # seconds one gathered list answers every `list` (many players ask at once)

Summary = dict[str, object]


class Lobby:
    def __init__(
        self,
        store: Store,
        members: Membership,
        listed_for: float = LISTED_FOR,
        fresh: float = FRESH,
    ) -> None:
        self.store, self.members, self.fresh = store, members, fresh
        self.ms = int(listed_for * 1000)
        self.mine = store.key("lobby", members.me.id)
        self._gathered: tuple[float, list[Summary]] | None = None
        self._published: set[str] = set()  # the codes `publish` listed last

    async def put(self, code: str, summary: Mapping[str, object]) -> None:
        text = json.dumps(summary, separators=(",", ":"))
        await self.store.run(("HSET", self.mine, code, text), ("PEXPIRE", self.mine, self.ms))
        self._gathered = None  # this shard's own change is seen at once

    async def remove(self, code: str) -> None:
        await self.store.run(("HDEL", self.mine, code))
        self._gathered = None

    async def publish(self, summaries: Mapping[str, Mapping[str, object]]) -> None:
        """This shard's whole list replaced by `summaries` (code -> summary), in one
        round trip: a shard that lists what it has each beat needs no put or remove."""
        texts = {code: json.dumps(s, separators=(",", ":")) for code, s in summaries.items()}
        gone = self._published - set(texts)  # removed by name: the list is never empty between
        commands: list[tuple[str | int, ...]] = [("HDEL", self.mine, *gone)] if gone else []
        if texts:
            pairs = [part for pair in texts.items() for part in pair]
            commands += [("HSET", self.mine, *pairs), ("PEXPIRE", self.mine, self.ms)]
        await self.store.run(*commands)
        self._published = set(texts)
        self._gathered = None

    async def refresh(self) -> None:
        await self.store.run(("PEXPIRE", self.mine, self.ms))

    async def listed(self) -> list[Summary]:
        """Every shard's public tables, each once (a table just taken over may be
        listed by its old shard until that list expires: the first is kept).
        Gathered once every `fresh` seconds at most."""
        now = time.monotonic()
        if self._gathered is not None and now - self._gathered[0] < self.fresh:
            return self._gathered[1]
        shards = list(await self.members.shards())
        if not shards:
            return []
        lists = await self.store.run(*(("HGETALL", self.store.key("lobby", s)) for s in shards))
        tables: dict[str, Summary] = {}
        for listed in lists:
            for code, text in listed.items() if isinstance(listed, dict) else ():
                summary = _summary(text)
                if summary is not None:
                    tables.setdefault(code, summary)
        self._gathered = (now, list(tables.values()))
        return self._gathered[1]


def _summary(text: str) -> Summary | None:
    try:
        summary = json.loads(text)
    except ValueError:
        return None
    return summary if isinstance(summary, dict) else None
