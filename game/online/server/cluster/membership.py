"""Shards alive and dead: each shard's lease, renewed every `BEAT` seconds, and the
takeover of the tables of a shard whose lease ran out.

    members = Membership(store, directory, lease=5.0)
    await members.join()                  # this shard's lease, and its address listed
    await members.beat()                  # False: the lease had run out (tables may be gone)
    await members.take_over(load)         # every table of every dead shard, with its snapshot
    await members.run(load, lost, held)   # beat and take over until cancelled
    await members.leave()                 # a clean stop: the others take the tables at once

A shard that stops renewing (killed, crashed, its machine gone) loses its lease
after `lease` seconds; within one `BEAT` after that another shard takes each of
its tables (`Directory.take_over`, atomic) and hands `load` the table's code and
snapshot, to be made a live table. A shard that comes back after its lease ran
out (a pause longer than the lease) learns from `beat` and asks `mine` which of
its tables are still its: the others are another shard's now and must be dropped.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from game.online.server.cluster.directory import Directory
from game.online.server.cluster.store import Script, Store, StoreUnavailable

log = logging.getLogger(__name__)

LEASE = 5.0  # seconds a shard's tables stay its without a beat
BEAT = 1.0  # seconds between beats (and looks for dead shards)

# KEYS: lease:<me>.  ARGV: my id, lease ms.  1: renewed; 0: it had run out (or is not mine).
RENEW = Script("""
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
""")

# KEYS: shards, lease:<old>, tables:<old>.  ARGV: old id.  A dead shard with nothing
# left to take is forgotten; one that came back, or still holds tables, is not.
FORGET = Script("""
if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('SCARD', KEYS[3]) == 0 then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
""")

Load = Callable[[str, str | None], Awaitable[None]]  # code, snapshot as stored (None: none)
Lost = Callable[[set[str]], Awaitable[None]]  # codes this shard held that are not its now


class Membership:
    def __init__(
        self,
        store: Store,
        directory: Directory,
        lease: float = LEASE,
        beat: float = BEAT,
    ) -> None:
        self.store, self.directory = store, directory
        self.lease, self.every = lease, beat
        self.me = directory.me
        self.stopped = False  # `run` ends at its next turn (see `stop`)
        store.know(RENEW, FORGET)

    async def join(self) -> None:
        ms = int(self.lease * 1000)
        await self.store.run(
            ("SET", self._lease(self.me.id), self.me.id, "PX", ms),
            ("HSET", self.store.key("shards"), self.me.id, self.me.address),
        )

    async def beat(self) -> bool:
        """The lease renewed; False (and a new one taken) if it had run out."""
        ms = int(self.lease * 1000)
        if await self.store.one(*RENEW.call((self._lease(self.me.id),), (self.me.id, ms))) == 1:
            return True
        await self.join()
        return False

    async def mine(self, codes: set[str]) -> set[str]:
        """Which of `codes` the directory still gives to this shard."""
        return codes & await self.directory.tables_of(self.me.id)

    async def shards(self) -> dict[str, str]:
        """Every shard listed (id -> public address), alive or not yet forgotten."""
        listed = await self.store.one("HGETALL", self.store.key("shards"))
        return dict(listed) if isinstance(listed, dict) else {}

    async def dead(self) -> list[str]:
        """The shards listed whose lease has run out."""
        ids = [id for id in await self.shards() if id != self.me.id]
        if not ids:
            return []
        alive = await self.store.run(*(("EXISTS", self._lease(id)) for id in ids))
        return [id for id, live in zip(ids, alive, strict=True) if live == 0]

    async def take_over(self, load: Load) -> list[str]:
        """Every table of every dead shard that this shard took, each handed to `load`."""
        taken = []
        for old in await self.dead():
            codes = list(await self.directory.tables_of(old))
            random.shuffle(codes)  # shards taking over at once take different ones first
            for code in codes:
                got, snapshot = await self.directory.take_over(code, old)
                if got:
                    taken.append(code)
                    await load(code, snapshot)
            keys = (self.store.key("shards"), self._lease(old), self.store.key("tables", old))
            await self.store.one(*FORGET.call(keys, (old,)))
        return taken

    async def run(self, load: Load, lost: Lost, held: Callable[[], set[str]]) -> None:
        """Beat and take over every `BEAT` seconds until cancelled. While Redis is away
        the shard keeps its tables; when it is back, a lease that ran out meanwhile
        means `lost` is told which of `held()` went to other shards.

        After an outage longer than a lease every lease has run out at once: no
        shard takes over for one lease after it sees Redis again, so the others,
        alive all along, renew theirs first instead of losing every table."""
        loop, task = asyncio.get_running_loop(), asyncio.current_task()
        quiet_until = 0.0
        while not self.stopped:
            try:
                if not await self.beat():
                    holding = held()
                    gone = holding - await self.mine(holding)
                    if gone:
                        await lost(gone)
                if loop.time() >= quiet_until:
                    await self.take_over(load)
            except StoreUnavailable as error:
                _still_wanted(task, error)
                log.warning("shard %s: %s; keeping its tables", self.me.id, error)
                quiet_until = loop.time() + self.every + self.lease
            except Exception as error:  # a fault in `load` or `lost` must not stop the beat
                _still_wanted(task, error)
                log.exception("shard %s: taking over or dropping tables failed", self.me.id)
            await asyncio.sleep(self.every)

    def stop(self) -> None:
        """`run` beats no more. Set before the beat task is cancelled: a cancellation
        that a library turns into a timeout on the way out (Python 3.11's
        asyncio.timeout can) would otherwise leave a stopped shard renewing its
        lease, and its tables would never be taken over."""
        self.stopped = True

    async def leave(self) -> None:
        """A clean stop (after the snapshots are written): the lease goes, so the
        other shards take the tables at their next beat instead of after `lease`."""
        await self.store.run(("DEL", self._lease(self.me.id)))

    def _lease(self, id: str) -> str:
        return self.store.key("lease", id)


def _still_wanted(task: asyncio.Task[object] | None, error: BaseException) -> None:
    """A fault met while the beat task is being cancelled ends it, as the
    cancellation would have."""
    if task is not None and task.cancelling():
        raise asyncio.CancelledError from error
