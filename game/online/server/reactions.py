"""Reactions and quick phrases: a code (messages.REACTIONS) from a person at a
seat or a spectator, told to everyone at the table, who each say it in their own
language. Each sender may send a few in a burst, then one every few seconds;
beyond that they are refused (`error` `reactions`), not passed on
(`social.Social.react`). The allowance belongs to the seat (or a spectator's
address), not the connection: reconnecting does not refill it.

    {"type": "reaction", "seat": 2, "code": "thumbs_up"}     # seat -1: a spectator
"""

from __future__ import annotations

import time

BURST = 3  # reactions one sender may send at once ...
EVERY = 2.0  # ... then one each this many seconds
SPECTATOR = -1


class Allowance:
    """One sender's reactions: a token bucket of BURST, refilled one per EVERY s."""

    def __init__(self, now: float | None = None) -> None:
        self.tokens, self.at = float(BURST), time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(BURST, self.tokens + (now - self.at) / EVERY)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def sender_key(sender: object, seat: int) -> tuple[str, object]:
    """Whose allowance a reaction draws on: a seat's, whichever connection holds it
    now (coming back on a new connection does not refill it); a spectator's, their
    address's (one watching has no seat token; a new connection from the same
    address gets no fresh burst either). A connection without an address (a test's)
    is its own."""
    if seat != SPECTATOR:
        return ("seat", seat)
    address = getattr(sender, "address", "")
    return ("watcher", address) if address else ("connection", sender)
