"""Client messages checked before anything reaches a table: size, JSON, schema,
types and ranges. A message that fails gets an `error` back and changes nothing.

Each message is a JSON object with a `type`; `SCHEMAS` lists, per type, every
field it may have, its type, whether it is required, and a check of its value.
Unknown types and unknown fields are refused, so a client cannot smuggle
anything past this module.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import RuleSet
from game.engine.actions import Action, from_text
from game.engine.errors import EngineError
from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS, SeatRequest, players_ok
from game.table.seats import LEVELS, PLAYER

MAX_MESSAGE = 4096  # bytes a client may send in one message; the server closes on more
NAME_LENGTH = 20
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed by hand
CODE_LENGTH = 6
MIN_TIMER = 10  # seconds: a turn timer, never off, so no idle player holds a table
MAX_TIMER = 600
# Reactions and quick phrases, sent as codes: each screen says them in its own
# language (no free text: nothing to moderate).
REACTIONS = (
    *("thumbs_up", "laugh", "wow", "angry", "uno", "gg"),
    *("nice_one", "your_turn", "oops", "good_game"),
)
Json = dict[str, Any]  # a JSON object, as `json.loads` gives one: checked before it is used
JsonValue = object  # any JSON value
_SEATS_SAID = f'{MIN_PLAYERS}-{MAX_PLAYERS} of "me" (once), "open", "bot:<level>"'


class BadMessage(ValueError):
    """A client message that does not follow the protocol; `code` names the kind."""

    def __init__(self, message: str, code: str = "bad_message", wait: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.wait = wait  # `guesses`: seconds until the address may try again


Check = Callable[[Any], bool]


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = True
    check: Check | None = None
    says: str = ""  # what a good value looks like, for the error


def _short(limit: int) -> Check:
    return lambda v: len(v) <= limit


def _between(low: int, high: int) -> Check:
    return lambda v: not isinstance(v, bool) and low <= v <= high


def _code(value: str) -> bool:
    return len(value) == CODE_LENGTH and all(c in CODE_ALPHABET for c in value.upper())


def _seat_spec(value: str) -> bool:
    kind, _, level = value.partition(":")
    return (kind in (SeatRequest.ME, SeatRequest.OPEN) and not level) or (
        kind == SeatRequest.BOT and level in LEVELS
    )


def _seats(value: list) -> bool:
    return (
        players_ok(len(value))
        and all(isinstance(s, str) and _seat_spec(s) for s in value)
        and sum(s == SeatRequest.ME for s in value) == 1
    )


def _options(value: dict) -> bool:
    names = {o.name for o in RuleSet.house_options()}
    return len(value) <= len(names) and all(
        k in names and isinstance(v, bool) for k, v in value.items()
    )


def _action(value: str) -> bool:
    try:
        return len(value) <= 48 and bool(from_text(value))
    except (EngineError, ValueError):
        return False


_TEXT = (str,)
_INT = (int,)
SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {
        "protocol": Field(_INT, check=_between(0, 10**6)),
        "app": Field(_TEXT, check=_short(40)),
        "name": Field(_TEXT, False, _short(200)),
        "lang": Field(_TEXT, False, _short(8)),
    },
    "list": {},
    "create": {
        "theme": Field(_TEXT, check=lambda v: v in RuleSet.preset_names(), says="a theme's id"),
        "options": Field((dict,), False, _options, "house options, true or false"),
        "seats": Field((list,), check=_seats, says=_SEATS_SAID),
        "target": Field(_INT, False, _between(1, MAX_TARGET)),
        "scoring": Field(_TEXT, False, lambda v: v in SCORINGS),
        "timer": Field(_INT, False, _between(MIN_TIMER, MAX_TIMER), f"{MIN_TIMER}-{MAX_TIMER} s"),
        "public": Field((bool,), False),
        "watch": Field((bool,), False),
    },
    "settings": {
        "options": Field((dict,), False, _options, "house options, true or false"),
        "target": Field(_INT, False, _between(1, MAX_TARGET)),
        "scoring": Field(_TEXT, False, lambda v: v in SCORINGS),
        "timer": Field(_INT, False, _between(MIN_TIMER, MAX_TIMER), f"{MIN_TIMER}-{MAX_TIMER} s"),
        "public": Field((bool,), False),
        "watch": Field((bool,), False),
    },
    "join": {"code": Field(_TEXT, check=_code, says="a six-letter table code")},
    "resume": {
        "code": Field(_TEXT, check=_code, says="a six-letter table code"),
        "token": Field(_TEXT, check=_short(64)),
    },
    "start": {},
    "act": {
        "token": Field(_INT, check=_between(0, 2**31)),
        "action": Field(_TEXT, check=_action, says="an action like 'play red-7 uno'"),
    },
    "next": {},
    "vote": {"seat": Field(_INT, check=_between(0, 9), says="a seat")},
    "back": {},
    "leave": {},
    "play_now": {
        "theme": Field(_TEXT, False, lambda v: v in RuleSet.preset_names(), "a theme's id")
    },
    "watch": {"code": Field(_TEXT, check=_code, says="a six-letter table code")},
    "sit": {},
    "again": {},
    "react": {"code": Field(_TEXT, check=lambda v: v in REACTIONS, says="a reaction's code")},
}


def parse(raw: str | bytes) -> dict[str, Any]:
    """A client's message as a checked dict; BadMessage says what is wrong."""
    if isinstance(raw, bytes):
        raise BadMessage("messages are JSON text frames, not binary")
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise BadMessage(f"a message may be at most {MAX_MESSAGE} bytes", "too_big")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise BadMessage("not JSON") from None
    if _SURROGATE_ESCAPE.search(raw) and not _is_unicode(data):
        raise BadMessage("a lone surrogate: text that is not Unicode")
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise BadMessage(f"unknown message type {str(kind)[:20]!r}")
    _check_fields(kind, data)
    return data


# JSON may escape a lone surrogate ("\\ud800"): valid JSON, but text no socket
# can write back, so a refusal or a name that quoted it would fail on the way out.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _is_unicode(data: Any) -> bool:
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_fields(kind: str, data: dict[str, Any]) -> None:
    schema = SCHEMAS[kind]
    for name in data:
        if name != "type" and name not in schema:
            raise BadMessage(f"{kind}: unknown field {str(name)[:20]!r}")
    for name, spec in schema.items():
        if name not in data:
            if spec.required:
                raise BadMessage(f"{kind}: {name} is missing")
            continue
        value = data[name]
        if not isinstance(value, spec.kind) or (spec.kind == _INT and isinstance(value, bool)):
            raise BadMessage(f"{kind}: {name} has the wrong type")
        if spec.check is not None and not spec.check(value):
            raise BadMessage(f"{kind}: {name} must be {spec.says or 'in range'}")


def action(text: str) -> Action:
    """An `act` message's action (checked by `parse`) in the engine's notation."""
    return from_text(text)


_SPACES = re.compile(r"\s+")


def clean_name(raw: str | None, fallback: str) -> str:
    """A name fit to show on every screen: no control, format (bidi) or private
    characters, spaces collapsed, at most NAME_LENGTH characters."""
    text = unicodedata.normalize("NFKC", raw or "")
    kept = "".join(
        c if unicodedata.category(c)[0] not in "CZ" or c == " " else " "
        for c in text
        if unicodedata.category(c) not in ("Cf", "Co", "Cs", "Cn")
    )
    name = _SPACES.sub(" ", kept).strip()[:NAME_LENGTH].strip()
    return name or fallback


# Words a screen uses for its own player: as a seat's name they would read "You
# loses a turn" on every other screen. The game's default name is "You".
PRONOUNS = frozenset({"you", "tú", "tu", "yo", "me", "i"})


def seat_name(name: str, seat: int, others: list[str]) -> str:
    """A person's name at a table: unlike every other seat's, and never a pronoun
    ("Player 3" instead; each screen translates it)."""
    if not name or name.casefold() in PRONOUNS:
        name = PLAYER.format(n=seat + 1)  # the words the table's screens translate
    taken = {other.casefold() for other in others}
    return f"{name} {seat + 1}" if name.casefold() in taken else name


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
