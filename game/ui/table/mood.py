"""How a seat's face looks. The table picks a mood from what happened (an event's
kind), never from the words it shows, so every language shows the same faces."""

from __future__ import annotations

from enum import StrEnum


class Mood(StrEnum):
    CALM = "calm"
    THINKING = "thinking"
    HAPPY = "happy"
    ANNOYED = "annoyed"
    CAUGHT = "caught"  # caught out: a forgotten UNO, a bluff found guilty
    WINNING = "winning"  # one card left
