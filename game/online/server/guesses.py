"""Wrong table codes (or seat tokens), counted per address: a code is not a
secret, a seat token is, but nobody may comb through the codes for tables to
walk into. Past `guesses` wrong ones in `guess_window` seconds, an address waits."""

from __future__ import annotations

import time
from collections import deque

from game.online.protocol.checks import BadMessage
from game.online.server.config import Limits
from game.online.server.connection import Client


class Guesses:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.wrong: dict[str, deque[float]] = {}  # times of wrong codes, per address

    def may_guess(self, client: Client) -> None:
        """Wrong codes are limited per address: a code is not a secret, a seat token is,
        but nobody may comb through the codes for tables to walk into."""
        times = self.wrong.get(client.address)
        if not times:
            return
        now = time.monotonic()
        while times and times[0] <= now - self.limits.guess_window:
            times.popleft()
        if len(times) >= self.limits.guesses:
            wait = round(times[0] + self.limits.guess_window - now, 1)
            raise BadMessage("too many wrong codes from your address", "guesses", wait=wait)

    def guessed_wrong(self, client: Client) -> None:
        self.wrong.setdefault(client.address, deque()).append(time.monotonic())
        if len(self.wrong) > 10_000:  # addresses that stopped guessing long ago
            self.wrong.pop(next(iter(self.wrong)))
