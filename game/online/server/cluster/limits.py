"""Per-address limits counted across every shard, with the single server's meaning
(ServerConfig: `per_address`, `tables_per_address`, `guesses` in `guess_window`).

    limits = Limits(store, directory)
    await limits.connect(address, 8)           # False: the address holds 8 connections
    await limits.disconnect(address)
    await limits.make_table(address, code, 3)  # False: 3 tables of the address exist
    await limits.guessed_wrong(address, 60.0)
    await limits.guess_wait(address, 10, 60.0) # seconds to wait, or 0.0

Each call is one round trip: a script that counts and changes atomically, so two
shards letting in the same address at once cannot both take its last place.

- Connections are held, not counted in a window: conns:<address> is a hash, shard
  -> connections there. A shard that died without saying goodbye leaves its count
  behind; it stops counting as soon as its lease is gone (and is removed then).
- Tables: made:<address> is the set of codes the address made; a code counts while
  the directory still has the table (a table kept for its players counts, as it
  does on one server; one that ended stops counting without anyone removing it).
  Claim the code in the directory first, then ask here (release it if refused):
  a code asked for before its claim could be another shard's table.
- Wrong codes: a sliding window, as on one server (a sorted set of the times, on
  Redis's own clock, so shards on machines whose clocks differ agree), answering
  how long to wait. Not a fixed INCR + PEXPIRE window: that lets twice the guesses
  through across a window's edge.
"""

from __future__ import annotations

import uuid

from game.online.server.cluster.directory import Directory
from game.online.server.cluster.store import Script, Store

HELD_FOR = 24 * 3600.0  # seconds a count outlives its last change (a forgotten one goes)

# KEYS: conns:<address>.  ARGV: my id, limit, lease key prefix, ms.
CONNECT = Script("""
local fields = redis.call('HGETALL', KEYS[1])
local held = 0
for i = 1, #fields, 2 do
  if fields[i] == ARGV[1] or redis.call('EXISTS', ARGV[3] .. fields[i]) == 1 then
    held = held + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
if held >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
""")

# KEYS: conns:<address>.  ARGV: my id.
DISCONNECT = Script("""
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 1
""")

# KEYS: made:<address>.  ARGV: table key prefix, limit, code, ms.
MAKE_TABLE = Script("""
local held = 0
for _, code in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if code == ARGV[3] then
    return 1
  elseif redis.call('EXISTS', ARGV[1] .. code) == 1 then
    held = held + 1
  else
    redis.call('SREM', KEYS[1], code)
  end
end
if held >= tonumber(ARGV[2]) then
  return 0
end
redis.call('SADD', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
""")

_NOW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
"""

# KEYS: wrong:<address>.  ARGV: window ms, a unique name for this guess.
GUESSED_WRONG = Script(
    _NOW
    + """
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
"""
)

# KEYS: wrong:<address>.  ARGV: window ms, limit.  ms to wait (0: may guess).
GUESS_WAIT = Script(
    _NOW
    + """
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + tonumber(ARGV[1]) - now
"""
)


class Limits:
    def __init__(self, store: Store, directory: Directory) -> None:
        self.store, self.directory = store, directory
        self.me = directory.me.id
        store.know(CONNECT, DISCONNECT, MAKE_TABLE, GUESSED_WRONG, GUESS_WAIT)

    async def connect(self, address: str, limit: int) -> bool:
        """One more connection from `address`, unless it holds `limit` on all shards."""
        args = (self.me, limit, self.store.key("lease", ""), int(HELD_FOR * 1000))
        return await self._run(CONNECT, "conns", address, args) == 1

    async def disconnect(self, address: str) -> None:
        await self._run(DISCONNECT, "conns", address, (self.me,))

    async def make_table(self, address: str, code: str, limit: int) -> bool:
        """`code` (claimed already) counts as `address`'s, unless it has `limit` tables."""
        args = (self.directory.entry_key(""), limit, code, int(HELD_FOR * 1000))
        return await self._run(MAKE_TABLE, "made", address, args) == 1

    async def guessed_wrong(self, address: str, window: float) -> None:
        await self._run(GUESSED_WRONG, "wrong", address, (int(window * 1000), uuid.uuid4().hex))

    async def guess_wait(self, address: str, limit: int, window: float) -> float:
        """Seconds until `address` may try another code (0.0: now)."""
        wait = await self._run(GUESS_WAIT, "wrong", address, (int(window * 1000), limit))
        return max(int(wait), 0) / 1000 if isinstance(wait, int) else 0.0

    async def _run(
        self, script: Script, kind: str, address: str, args: tuple[str | int, ...]
    ) -> object:
        return await self.store.one(*script.call((self.store.key(kind, address),), args))
