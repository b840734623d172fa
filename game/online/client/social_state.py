"""What a client keeps of a table's social side: reactions to show (unless their
sender is muted here), the rematch vote, how many watch. Written on the network
thread, read by the frame loop: each field is replaced whole, never mutated in
place where the other thread reads it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.online.protocol.server_messages import Reaction, Rematch

SHOWN = 3.5  # seconds a reaction's bubble stays at its sender's seat
KEPT = 12  # reactions kept to show at once


@dataclass(frozen=True)
class Bubble:
    seat: int  # -1: a spectator
    code: str
    at: float  # time.monotonic() when it came


@dataclass
class SocialState:
    bubbles: tuple[Bubble, ...] = ()
    muted: frozenset[int] = frozenset()  # seats whose reactions this player hides
    rematch: Rematch | None = None  # the vote at a match's end (None: no vote now)
    rematch_at: float = 0.0  # time.monotonic() when the vote's last word came
    watchers: int = 0
    sounds: list[Bubble] = field(default_factory=list)  # bubbles whose sound is due

    def take(self, message: Reaction | Rematch) -> None:
        now = time.monotonic()
        if isinstance(message, Rematch):
            self.rematch, self.rematch_at = message, now
        elif message.seat not in self.muted:
            bubble = Bubble(message.seat, message.code, now)
            self.bubbles = (*self.bubbles[-(KEPT - 1) :], bubble)
            self.sounds = [*self.sounds, bubble]

    def shown(self, now: float | None = None) -> list[Bubble]:
        """The bubbles to draw now, newest last; a muted seat's never."""
        now = time.monotonic() if now is None else now
        return [b for b in self.bubbles if now - b.at < SHOWN and b.seat not in self.muted]

    def mute(self, seat: int, muted: bool = True) -> None:
        self.muted = self.muted | {seat} if muted else self.muted - {seat}

    def rematch_left(self) -> float:
        """Seconds of the rematch countdown left, as the server last said."""
        if self.rematch is None:
            return 0.0
        return max(0.0, self.rematch.seconds - (time.monotonic() - self.rematch_at))
