"""The limits and names every layer shares, each said once here.

How many players a table seats, the highest target, the scorings, the speeds and
the kinds of seat: the engine, the table, the network, the saved files and the
screens all import them from this module, so a limit cannot drift between them.
Standard library only, so the engine can import it too.
"""

from __future__ import annotations

from enum import StrEnum

MIN_PLAYERS = 2
MAX_PLAYERS = 10
PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

# The highest target a match may have: far beyond a real match (the set-up offers
# 100 to 1000) and small enough that totals stay small ints. Saves, the command
# line and the wire all accept it, so a save made under any older limit still loads.
MAX_TARGET = 1_000_000
DEFAULT_TARGET = 500
TARGET_CHOICES = (100, 200, 300, 500, 750, 1000)  # what the set-up screens offer


def players_ok(players: object) -> bool:
    """True for a whole number of players a table can seat."""
    return type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS


def target_ok(target: object) -> bool:
    """True for a whole number a match can be played to."""
    return type(target) is int and 0 < target <= MAX_TARGET


class Scoring(StrEnum):
    STANDARD = "standard"  # the round's winner scores the others' hands; highest total wins
    ALTERNATIVE = "alternative"  # each seat adds its own hand; at the target, lowest wins


SCORINGS = tuple(Scoring)


class Speed(StrEnum):
    """The pace of the computer players and the animations."""

    NORMAL = "1x"
    FAST = "2x"
    FASTER = "4x"
    INSTANT = "instant"

    @property
    def factor(self) -> float:
        """What every duration is multiplied by (0: nothing waits)."""
        return _SPEED_FACTORS[self]


_SPEED_FACTORS = {Speed.NORMAL: 1.0, Speed.FAST: 0.5, Speed.FASTER: 0.25, Speed.INSTANT: 0.0}
SPEEDS = tuple(Speed)


class SeatKind(StrEnum):
    """Who decides for a seat of a table."""

    HUMAN = "human"  # a person at this computer: actions come from the UI
    BOT = "bot"  # a computer player of `SeatSetup.level`
    REPLAY = "replay"  # a recorded player: actions come from a finished match's log
    REMOTE = "remote"  # a player elsewhere: actions come asynchronously (game.online)


class SeatRequest(StrEnum):
    """What a network `create` message asks for each seat (docs/PROTOCOL.md):
    the creator's own seat, a seat a friend will take, or a computer
    (written `bot:<level>`)."""

    ME = "me"
    OPEN = "open"
    BOT = "bot"


class SlotKind(StrEnum):
    """Who holds a seat of a room on the server, as the lobby tells clients:
    a person (the creator or a friend who joined), a computer, or nobody yet."""

    PERSON = "person"
    BOT = "bot"
    OPEN = "open"
