"""A person's move is written to every player as soon as the server has handled
it, not after the rest of the loop's turn (hundreds of other tables' callbacks
at a busy server)."""

from __future__ import annotations

from typing import Any

from game.online.server.server import Server
from tests.net.helpers import host, join, run, served, take_turns


def test_what_a_message_makes_the_tables_send_is_written_before_the_loop_turns(
    monkeypatch: Any,
) -> None:
    seen: list[tuple[int, int]] = []  # per message read: clients with messages unsent, after
    send_now = Server._send_now

    def spied(self: Server) -> None:
        before = len(self.unsent)
        send_now(self)
        seen.append((before, len(self.unsent)))

    monkeypatch.setattr(Server, "_send_now", spied)

    async def go() -> None:
        async with served() as server:
            ann = await host(server, ["me", "open"])
            bob = await join(server, ann.code)
            seen.clear()
            await take_turns(server, ann.code, [ann, bob], 6)

    run(go())
    moves = [s for s in seen if s[0] > 0]
    assert len(moves) >= 6  # each move sent its players something...
    assert all(after == 0 for _, after in moves)  # ...and all of it was written at once
    assert any(before >= 2 for before, _ in moves)  # both players told of one move
