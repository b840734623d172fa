"""Checks for the values in a user file: each failure names its field.

A user file of the right shape can still hold odd values (a count that is a
string, a name with a NUL in it, a speed of "warp"). Loaders read every field
through these helpers, so one bad value sets the whole file aside with a message
naming it, instead of crashing later or being zeroed at the next save.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Collection
from typing import Any

NAME_LENGTH = 24  # a seat's plate fits about this many characters
MAX_COUNT = 10**9  # far beyond any real statistic, small enough for any arithmetic


class FieldError(ValueError):
    """A value that fails its check; `field` is its dotted path in the file."""

    def __init__(self, field: str, problem: str) -> None:
        self.field, self.problem = field, problem
        super().__init__(f"{field}: {problem}")


def clean_name(text: str, limit: int = NAME_LENGTH) -> str:
    """A name as the game shows it: no control or format characters, no line breaks,
    no surrounding spaces, at most `limit` characters."""
    kept = "".join(c for c in text if unicodedata.category(c)[0] not in "CZ" or c == " ")
    return kept.strip()[:limit]


def name(value: Any, field: str, limit: int = NAME_LENGTH) -> str:
    """A name that is already clean; anything else is refused, not silently changed."""
    if not isinstance(value, str) or not value.strip():
        raise FieldError(field, "must be a name")
    if clean_name(value, limit) != value:
        raise FieldError(field, f"has control characters or is over {limit} characters")
    return value


def whole(value: Any, field: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if type(value) is not int or not low <= value <= high:
        raise FieldError(field, f"must be a whole number from {low} to {high}")
    return value


def number(value: Any, field: str, low: float, high: float) -> float:
    ok = type(value) in (int, float) and math.isfinite(value) and low <= value <= high
    if not ok:
        raise FieldError(field, f"must be a number from {low} to {high}")
    return float(value)


def flag(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise FieldError(field, "must be true or false")
    return value


def choice(value: Any, field: str, choices: Collection[Any]) -> Any:
    if type(value) is not str or value not in choices:
        raise FieldError(field, f"must be one of {', '.join(map(str, choices))}")
    return value


def table(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FieldError(field, "must be a table")
    return value


def items(value: Any, field: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise FieldError(field, f"must be a list of at most {most}")
    return value


def known_keys(data: dict[str, Any], field: str, known: Collection[str]) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise FieldError(f"{field}.{unknown[0]}" if field else unknown[0], "is not a known field")
