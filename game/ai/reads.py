"""What a bot read in the public table when it acted on it: data, never words.

A bot that acts on a read (a challenge, a colour named against a player's
shown lack) leaves it in `bot.read` beside its action. The table carries it to
every seat with the action; the UI words it (game/ui/reads.py). A read names
only what every seat could see: seats, colours and counts from the public
history, never a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ReadKind(StrEnum):
    # A challenge, and why: `seat` (the challenged) was caught bluffing `count`
    # times this match ...
    CAUGHT_BEFORE = "caught_before"
    # ... or the challenger held `count` cards, so close to out that a bluff on
    # it would pay (Hard and Expert suspect one there until shown otherwise) ...
    BLUFF_WOULD_PAY = "bluff_would_pay"
    # ... or no reason at all (Easy).
    WHIM = "whim"
    # A colour named or turned to: `seat` drew on `color` and kept the card
    # `count` times this round, and has played none of it since.
    DREW_ON = "drew_on"


@dataclass(frozen=True, slots=True)
class Read:
    kind: ReadKind
    seat: int  # the player the read is about
    count: int = 0
    color: str | None = None


def read_of(bot: object) -> Read | None:
    """The read behind the bot's last decision, for a bot that keeps one."""
    read = getattr(bot, "read", None)
    return read if isinstance(read, Read) else None
