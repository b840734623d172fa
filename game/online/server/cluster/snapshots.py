"""Every table's snapshot in Redis, where another shard can take the table over.

The same contract as the file snapshots (`mark`, `pending`, `latest`, `close`):
every change marks a table due; within `DELAY` seconds the data of the tables due
is taken (`BATCH` at most) and written in one command (one script for the whole
batch), while the next batch gathers, so a table that changed ten times meanwhile
is written once.

Each write is fenced: it lands only while the directory still names this shard
as the table's owner, so a shard that was paused past its lease cannot overwrite
what the shard that took the table over has written since (`lost` names those).

Redis away: the batch stays due (a newer change of a table replaces it) and is
tried again after `RETRY` seconds, then every `RETRY_MAX`; `latest` keeps
answering from memory meanwhile (the whole data). Nothing is dropped: whatever
was marked is written once Redis answers again.

A table played by a shard is marked with a `table_log.Next`: most of its writes
are then its round's new actions, appended to its snapshot, not the whole
snapshot again (see table_log; a write that may not have landed makes the next
one whole).

A move told to the players before its snapshot is in Redis is lost if the shard
is killed within those `delay` seconds. Where that matters, `stored(code)` waits
until the table's latest change is written, so the players can be told after
it: with `delay=0` a change waits only for the batch in flight, and everything
marked meanwhile goes in the next round trip (a group commit). With `spacing`,
batches start that many seconds apart at least: fewer round trips, each move
waiting up to that much longer.

    snapshots = Snapshots(store, directory, kind, version, delay=DELAY)
    snapshots.mark(code, lambda: data or None)   # None: the table's snapshot goes
    snapshots.mark(code, Next(log, room, data))  # a table: its actions, or it whole
    await snapshots.stored(code)                 # True once written; False: not this shard's
    await snapshots.close()                      # everything due written (or StoreUnavailable)
    read(text, kind, version)                    # a stored snapshot's data, or None
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Callable

from game.online.server.cluster.directory import Directory
from game.online.server.cluster.store import Script, Store, StoreUnavailable
from game.online.server.cluster.table_log import Actions, Next

log = logging.getLogger(__name__)

DELAY = 0.05  # seconds a change waits, so changes close together are written once
BATCH = 32  # tables written in one round trip at most
RETRY = 0.5  # seconds before a batch Redis did not take is tried again ...
RETRY_MAX = 5.0  # ... doubling up to this
UNSET = object()  # `latest`: nothing waits to be written for that table

# KEYS: each table's entry and snapshot.  ARGV: my id, then each table's text and how:
# 'set' (its whole snapshot; '': delete it) or 'append' (actions after it). A reply per
# table: 1 written; 0 not mine; 2 nothing to append to (the snapshot is not there:
# Redis came back without it), to be written whole. A whole batch is one command.
WRITE = Script("""
local me = ARGV[1] .. ' '
local replies = {}
for i = 1, #KEYS / 2 do
  local snapshot, text, how = KEYS[2 * i], ARGV[2 * i], ARGV[2 * i + 1]
  local entry = redis.call('GET', KEYS[2 * i - 1])
  if not entry or string.sub(entry, 1, #me) ~= me then
    replies[i] = 0
  elseif how == 'append' then
    if redis.call('EXISTS', snapshot) == 0 then
      replies[i] = 2
    else
      redis.call('APPEND', snapshot, text)
      replies[i] = 1
    end
  elseif text == '' then
    redis.call('DEL', snapshot)
    replies[i] = 1
  else
    redis.call('SET', snapshot, text)
    replies[i] = 1
  end
end
return replies
""")

Data = Callable[[], object]  # the table's JSON data now (None: the table is gone)


class Snapshots:
    def __init__(
        self,
        store: Store,
        directory: Directory,
        kind: str,
        version: int,
        delay: float = DELAY,
        batch: int = BATCH,
        spacing: float = 0.0,
    ) -> None:
        self.directory, self.kind = directory, (kind, version)
        self.delay, self.batch = delay, batch
        self.spacing = spacing  # seconds from one batch's start to the next's, at least
        self._began = -spacing  # the last batch's start (loop time)
        store.know(WRITE)
        self.line = store.line()  # one batch in flight at a time: a connection of its own
        self.due: dict[str, Data] = {}
        self.writing: dict[str, Data] = {}  # the batch in flight (what each was taken from)
        self.lost: set[str] = set()  # tables whose owner is another shard now
        self._timer: asyncio.TimerHandle | None = None
        self._batch: asyncio.Task[None] | None = None
        self._retry = RETRY
        # Who waits for a table's change to be stored: the change still due, or in flight.
        self._waiting: dict[str, list[asyncio.Future[bool]]] = {}
        self._in_flight: dict[str, list[asyncio.Future[bool]]] = {}

    def mark(self, code: str, data: Data) -> None:
        """The table `code` changed; `data` gives its snapshot when taken."""
        self.due[code] = data
        self._later(self.delay)

    async def stored(self, code: str) -> bool:
        """Once `code`'s latest change is in Redis: True; False if the table is another
        shard's now. Waits through an outage (the change stays due)."""
        return await self.waiter(code)

    def waiter(self, code: str) -> asyncio.Future[bool]:
        """`stored` as a future, for a caller that takes it by callback (no task)."""
        waiter = asyncio.get_running_loop().create_future()
        if not self.pending(code):
            waiter.set_result(code not in self.lost)
            return waiter
        (self._waiting if code in self.due else self._in_flight).setdefault(code, []).append(waiter)
        return waiter

    def pending(self, code: str) -> bool:
        return code in self.due or code in self.writing

    def latest(self, code: str) -> object:
        """The newest whole data for `code` not yet in Redis, or UNSET."""
        source = self.due.get(code) or self.writing.get(code)
        if source is None:
            return UNSET
        return source.data() if isinstance(source, Next) else source()

    async def close(self) -> None:
        """Write everything due now; StoreUnavailable (and it all still due) if Redis is away."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._batch is not None:
            await asyncio.gather(self._batch, return_exceptions=True)
        while self.due:
            await self._write_batch()

    def _later(self, delay: float) -> None:
        if self._timer is None and self._batch is None:
            loop = asyncio.get_running_loop()
            delay = max(delay, self._began + self.spacing - loop.time())
            self._timer = loop.call_later(delay, self._flush)

    def _flush(self) -> None:
        self._timer = None
        if self.due:
            self._began = asyncio.get_running_loop().time()
            self._batch = asyncio.get_running_loop().create_task(self._write_batch())
            self._batch.add_done_callback(self._written)

    def _written(self, batch: asyncio.Task[None]) -> None:
        self._batch = None
        if batch.cancelled():
            return  # the loop is closing
        error = batch.exception()
        if isinstance(error, StoreUnavailable):
            log.warning("snapshots: %s; %d tables wait", error, len(self.due))
            delay, self._retry = self._retry, min(self._retry * 2, RETRY_MAX)
            self._later(delay)
            return
        if error is not None:  # a fault, not an outage: said loudly, not retried forever
            log.error("snapshots: a batch was not written", exc_info=error)
        self._retry = RETRY
        self._later(0)  # what gathered meanwhile

    async def _write_batch(self) -> None:
        codes = list(itertools.islice(self.due, self.batch))
        sources = self.writing = {code: self.due.pop(code) for code in codes}
        taken = {code: sources[code]() for code in codes}
        for code in codes:
            self._in_flight[code] = self._waiting.pop(code, [])
        # A table whose actions are all in Redis already (its change was not one of
        # the round's): nothing to send, and its waiters are told it is stored.
        sent = [c for c, d in taken.items() if not (isinstance(d, Actions) and not d.entries)]
        try:
            replies = await self._write({code: taken[code] for code in sent})
        except StoreUnavailable:
            for code in codes:  # a change marked meanwhile is newer: it stays
                self._again(code, sources[code])
            raise
        except Exception as error:  # a fault: said to whoever waits, not left hanging
            for code in codes:
                _forget(sources[code])
                for waiter in self._in_flight.pop(code, []):
                    waiter.set_exception(error)
            raise
        finally:
            self.writing = {}
        answers = dict.fromkeys(codes, 1) | dict(zip(sent, replies, strict=True))
        for code, ok in answers.items():
            if ok == 2:  # actions with no snapshot to follow: the whole one, next batch
                self._again(code, sources[code])
                continue
            if ok != 1:
                self.lost.add(code)
            for waiter in self._in_flight.pop(code, []):
                if not waiter.done():
                    waiter.set_result(ok == 1)

    def _again(self, code: str, source: Data) -> None:
        """`code`'s write did not land (or may not have): due again, whole, and
        whoever waited for it waits on."""
        _forget(source)
        self.due.setdefault(code, source)
        self._waiting[code] = self._in_flight.pop(code, []) + self._waiting.get(code, [])

    async def _write(self, batch: dict[str, object]) -> list[object]:
        """The batch's tables written, in one command (their replies in order)."""
        if not batch:
            return []
        keys: list[str] = []
        args = [self.directory.me.id]
        for code, data in batch.items():
            keys += (self.directory.entry_key(code), self.directory.snapshot_key(code))
            if isinstance(data, Actions):
                args += (data.line(), "append")
            else:
                args += ("" if data is None else dump(*self.kind, data), "set")
        replies = await self.line.one(*WRITE.call(keys, args))
        return list(replies) if isinstance(replies, list) else []


def _forget(source: Data) -> None:
    if isinstance(source, Next):
        source.forget()  # what Redis holds of the table is not known: whole next time


def dump(kind: str, version: int, data: object) -> str:
    return json.dumps({"kind": kind, "version": version, "data": data}, separators=(",", ":"))


def read(text: str | None, kind: str, version: int) -> object:
    """A stored snapshot's data (without the actions written after it: see
    table_log.replayed), or None when there is none or it is not `kind` at
    `version` (a shard of another release wrote it)."""
    if not text:
        return None
    try:
        stored = json.loads(text.partition("\n")[0])
    except ValueError:
        return None
    if not isinstance(stored, dict) or (stored.get("kind"), stored.get("version")) != (
        kind,
        version,
    ):
        return None
    return stored.get("data")
