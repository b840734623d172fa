"""Reading one JSON object from a server, field by field, as strictly as the
server reads clients (`messages.parse`): every field has the right JSON type
and is in range, seats exist at the table, cards exist in its deck, and text is
cleaned as names are. Anything else raises `BadServerMessage`, which the client
answers by leaving the connection (never by crashing).

    read = Reader(data, "joined")
    seat = read.integer("seat", 0, 9)
    read.done()                   # no field was left unread: nothing unknown came
"""

from __future__ import annotations

import re
import unicodedata
from typing import TypeGuard

from game.engine import RuleSet
from game.engine.errors import EngineError
from game.engine.position_check import check_rules
from game.online.protocol.checks import Json, clean_name
from game.online.protocol.names import calm_marks

TEXT_LENGTH = 300  # a server's sentence (for logs: the player reads the game's own words)
WORD = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a code, a reason, a kind: an identifier


class BadServerMessage(ValueError):
    """A server message that does not follow the protocol: the client leaves."""


def clean_text(raw: str, limit: int = TEXT_LENGTH) -> str:
    """A sentence fit to show or log: no lone surrogates, no control, format
    (bidi) or private-use characters, at most `limit` characters."""
    text = unicodedata.normalize("NFKC", raw.encode("utf-8", "replace").decode("utf-8"))
    kept = "".join(
        c if unicodedata.category(c)[0] != "C" else " "
        for c in text
        if unicodedata.category(c) not in ("Cf", "Co", "Cs", "Cn")
    )
    return " ".join(kept.split())[:limit]


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    """One message's fields, taken one at a time; `done` refuses any left over."""

    def __init__(self, data: object, kind: str) -> None:
        if not isinstance(data, dict):
            raise BadServerMessage(f"{kind}: not a JSON object")
        self.data, self.kind = data, kind
        self.read: set[str] = {"type"}

    def fail(self, name: str, what: str) -> BadServerMessage:
        return BadServerMessage(f"{self.kind}: {name} {what}")

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str) -> object:
        if name not in self.data:
            raise self.fail(name, "is missing")
        self.read.add(name)
        return self.data[name]

    def integer(self, name: str, low: int, high: int) -> int:
        return check_int(self.raw(name), low, high, self, name)

    def number(self, name: str, low: float, high: float) -> float:
        value = self.raw(name)
        if not (is_int(value) or isinstance(value, float)) or not low <= value <= high:
            raise self.fail(name, f"must be a number from {low} to {high}")
        return float(value)

    def flag(self, name: str) -> bool:
        value = self.raw(name)
        if not isinstance(value, bool):
            raise self.fail(name, "must be true or false")
        return value

    def string(self, name: str) -> str:
        value = self.raw(name)
        if not isinstance(value, str):
            raise self.fail(name, "must be text")
        return value

    def text(self, name: str, limit: int = TEXT_LENGTH) -> str:
        return clean_text(self.string(name), limit)

    def name(self, name: str) -> str:
        """A person's name, cleaned as the server cleans names (empty stays empty),
        with no pile of combining marks to bleed over the rows around it."""
        return calm_marks(clean_name(self.string(name), ""))

    def word(self, name: str) -> str:
        """An identifier (a code, a reason): a client knows some and says the rest plainly."""
        value = self.string(name)
        if not WORD.fullmatch(value):
            raise self.fail(name, "must be a short lower-case word")
        return value

    def choice(self, name: str, options: tuple[str, ...] | frozenset[str]) -> str:
        value = self.raw(name)
        if not isinstance(value, str) or value not in options:
            raise self.fail(name, f"must be one of {', '.join(sorted(options))}")
        return value

    def items(self, name: str, most: int, least: int = 0) -> list[object]:
        value = self.raw(name)
        if not isinstance(value, list) or not least <= len(value) <= most:
            raise self.fail(name, f"must be a list of {least} to {most}")
        return value

    def mapping(self, name: str) -> Json:
        value = self.raw(name)
        if not isinstance(value, dict):
            raise self.fail(name, "must be an object")
        return value

    def rules(self, name: str = "rules") -> RuleSet:
        """A rule set as a save holds it (`check_rules`: a preset's own colours and
        special card, each house option true or false)."""
        try:
            return check_rules(self.mapping(name))
        except (EngineError, TypeError) as err:  # TypeError: a list where a name should be
            why = str(err)
            raise self.fail(name, why.removeprefix(name).lstrip(":. ")[:80]) from None

    def done(self) -> None:
        unknown = set(self.data) - self.read
        if unknown:
            raise self.fail(str(sorted(unknown)[0])[:20], "is not a field of this message")


def check_int(
    value: object, low: int, high: int, reader: Reader | None = None, name: str = ""
) -> int:
    if not is_int(value) or not low <= value <= high:
        what = f"must be a whole number from {low} to {high}"
        raise reader.fail(name, what) if reader else BadServerMessage(f"{name} {what}")
    return int(value)
