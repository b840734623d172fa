"""Play over the network, in three parts that import one way:

- `protocol/`: what goes over the wire, said once for both sides. The messages
  each way as dataclasses (`client_messages`, `server_messages`), the server's on
  the wire (`server_codec`), the checks of every client message (`checks`) and
  of every server message (`reader`, `update_check`), a
  seat's update to JSON and back (`updates`), deal commitments (`fairness`),
  names that cannot pass for another's (`names`), the versions (`version`).
  It imports neither side.
- `server/`: `uno-table serve` and the server inside a hosting game: the lobby,
  connections and caps (`server`), one table (`room`, with `seats`, `presence`,
  `clock`, `notices`, `room_data`), the social side (`lobby`, `rematch`,
  `reactions`, `spectators`), the computers (`bot_pool`, `bot_workers`) and the
  snapshots. No pygame here: it runs headless.
- `client/`: one connection and the headless bot client (`connection`), the table
  scene's link to a table elsewhere (`remote_table`), the in-app host
  (`hosting`, the only client module that imports the server), LAN discovery.

`check` runs both sides once, for `uno-table check-online`.
The protocol is described in docs/PROTOCOL.md.
"""
