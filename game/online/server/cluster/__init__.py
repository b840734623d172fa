"""What several server processes (shards) share through Redis, so that a table
lives on exactly one shard, any shard can send a player to it, and another shard
takes it over when its owner dies.

- `store`: the connection, the one error a shard sees when Redis is away
  (`StoreUnavailable`), and the count of operations sent (`Operations`).
- `directory`: table code -> owning shard and its public address; codes unique.
- `membership`: a shard's lease (its heartbeat) and the takeover of dead shards' tables.
- `snapshots`: each table's snapshot in Redis, batched, fenced by ownership.
- `lobby`: the public tables of every shard, gone with a dead shard.
- `limits`: per-address limits counted across every shard.

Nothing here knows a table's rules or a message's shape: a snapshot is JSON data
given by the server, a lobby entry a JSON summary.
"""
