"""The table directory: which shard holds each table, and where players reach it.

    directory = Directory(store, Shard("a1b2...", "wss://uno.example.org/s1"))
    await directory.claim(code)          # False: the code is taken (on any shard)
    await directory.owner(code)          # Shard(...) or None: send the player there
    await directory.tables_of(shard_id)  # the codes a shard holds
    await directory.release(code)        # the table ended: its entry and snapshot go

Keys (under the store's prefix):
    table:<code>    "<shard id> <public address>"   the entry; claimed with SET NX
    snapshot:<code> the table's snapshot (see snapshots), which lives and goes with it
    tables:<shard>  set of codes                    what a shard holds (for takeover)
    lease:<shard>   the shard's lease (see membership)

An entry carries no expiry of its own: it lives under its owner's lease, one key
per shard renewed once a second, not one per table (2,000 tables would be 2,000
renewals a second). A table is taken over only when its owner's lease is gone,
and that test and the change of owner are one script, so two shards can never
both take it (`take_over`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.online.server.cluster.store import Script, Store

# KEYS: table, tables:<me>.  ARGV: the entry.  1: claimed; 0: the code is taken.
CLAIM = Script("""
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('SADD', KEYS[2], ARGV[2])
  return 1
end
return 0
""")

# KEYS: table, tables:<me>, snapshot.  ARGV: my id, code.  Only the owner may drop an
# entry, and its snapshot goes with it (written after, it would be refused: not mine).
RELEASE = Script("""
local entry = redis.call('GET', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[2])
if entry and string.sub(entry, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' then
  redis.call('DEL', KEYS[1], KEYS[3])
  return 1
end
return 0
""")

# KEYS: table, lease:<old>, tables:<old>, tables:<me>, snapshot.  ARGV: old id, my entry, code.
# {1, snapshot or false}: taken; {0}: the old owner is alive, or it is not theirs any more.
TAKE_OVER = Script("""
local entry = redis.call('GET', KEYS[1])
if not entry or string.sub(entry, 1, #ARGV[1] + 1) ~= ARGV[1] .. ' ' then
  redis.call('SREM', KEYS[3], ARGV[3])
  return {0}
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {0}
end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SMOVE', KEYS[3], KEYS[4], ARGV[3])
return {1, redis.call('GET', KEYS[5])}
""")


@dataclass(frozen=True)
class Shard:
    """A server process: an id unique to this run, and the address players use for it."""

    id: str
    address: str

    @property
    def entry(self) -> str:
        return f"{self.id} {self.address}"

    @classmethod
    def parse(cls, entry: str) -> Shard:
        id, _, address = entry.partition(" ")
        return cls(id, address)


class Directory:
    def __init__(self, store: Store, me: Shard) -> None:
        self.store, self.me = store, me
        store.know(CLAIM, RELEASE, TAKE_OVER)

    async def claim(self, code: str) -> bool:
        """`code` is this shard's now, unless some shard holds it already."""
        keys = (self.entry_key(code), self._tables(self.me.id))
        return await self.store.one(*CLAIM.call(keys, (self.me.entry, code))) == 1

    async def owner(self, code: str) -> Shard | None:
        entry = await self.store.one("GET", self.entry_key(code))
        return Shard.parse(entry) if isinstance(entry, str) else None

    async def tables_of(self, shard_id: str) -> set[str]:
        codes = await self.store.one("SMEMBERS", self._tables(shard_id))
        return set(codes) if isinstance(codes, set | list) else set()

    async def release(self, code: str) -> bool:
        """The table is gone from this shard; False if it was not this shard's."""
        keys = (self.entry_key(code), self._tables(self.me.id), self.snapshot_key(code))
        return await self.store.one(*RELEASE.call(keys, (self.me.id, code))) == 1

    async def take_over(self, code: str, old: str) -> tuple[bool, str | None]:
        """`code` moved from the shard `old` (whose lease is gone) to this one, with its
        snapshot as stored; (False, None) if `old` is alive or no longer holds it."""
        keys = (
            self.entry_key(code),
            self.store.key("lease", old),
            self._tables(old),
            self._tables(self.me.id),
            self.snapshot_key(code),
        )
        reply = await self.store.one(*TAKE_OVER.call(keys, (old, self.me.entry, code)))
        if not isinstance(reply, list) or reply[0] != 1:
            return False, None
        snapshot = reply[1] if len(reply) > 1 else None
        return True, snapshot if isinstance(snapshot, str) else None

    def entry_key(self, code: str) -> str:
        return self.store.key("table", code)

    def snapshot_key(self, code: str) -> str:
        return self.store.key("snapshot", code)

    def _tables(self, shard_id: str) -> str:
        return self.store.key("tables", shard_id)
