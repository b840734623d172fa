"""Play over the network: a websocket server that runs `game.table.Table`s, and
the clients that sit at them. No pygame here (`uno-table serve` runs headless).

- `wire`: a seat's update (view, legal actions, events) to JSON and back; the
  only place that decides what goes over the wire about a match.
- `messages`: every client message checked (size, schema, types) before it
  reaches a table; names cleaned; the protocol version.
- `room`: one table on the server: seats taken by people and computers, tokens,
  reconnection and presence, the stand-in computer, the host role, the turn
  timer and votes, the catch window, deal commitments. With it: `slot` (a seat
  and its person), `presence` (drops, grace, the stand-in, the host role
  passing on), `room_notices` (what a table says about itself), `idle` (the
  timer's move, votes), `room_data` (a new room, and to and from its snapshot).
- `server`: the lobby (create, list, join by code), connections, rate limits and
  per-address caps, snapshots of every table. `client`: a client and a headless
  bot client.
- `bot_pool`: the server's computers, in worker processes, fair between tables.
- `fairness`: deal commitments and `uno-table verify`.
- `discovery`: LAN advertising and browsing over mDNS (zeroconf).

The protocol is described in docs/PROTOCOL.md.
"""

from game.net.messages import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
