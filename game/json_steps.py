"""JSON parsed in small steps, so a worker thread parsing a large user file does not
stop the window.

`json.loads` is one call into C that holds the interpreter lock until it is done: a
10 MB save (a 300,000-event history) held it for seconds, and every frame with it.
Here the outer containers are walked in Python, which hands the lock back to the
frame loop every few hundred microseconds (`sys.setswitchinterval`), and only values
below `depth` (an event, a logged action: a few dozen bytes) go to the C decoder in
one call. The result is what `json.loads` gives; errors are ValueErrors, and nesting
too deep is the C decoder's RecursionError, as before.
"""

from __future__ import annotations

import gc
import json
import re
from typing import Any

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
DEPTH = 5  # a saved match's events and a replay's actions sit at depth 5


def loads_in_steps(text: str, depth: int = DEPTH) -> Any:
    # JSON makes no reference cycles, and a collection pass over the hundreds of
    # thousands of new objects would itself hold the lock: none while parsing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        value, end = _value(text, _skip(text, 0), depth)
    finally:
        if collecting:
            gc.enable()
    if _skip(text, end) != len(text):
        raise ValueError(f"extra data at character {end}")
    return value


def _skip(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]  # it matches anywhere


def _value(text: str, at: int, depth: int) -> tuple[Any, int]:
    opening = text[at : at + 1]
    if depth <= 0 or opening not in ("[", "{"):
        return _DECODER.raw_decode(text, at)
    closing = "]" if opening == "[" else "}"
    found: Any = [] if opening == "[" else {}
    at = _skip(text, at + 1)
    if text[at : at + 1] == closing:
        return found, at + 1
    while True:
        if opening == "[":
            item, at = _value(text, at, depth - 1)
            found.append(item)
        else:
            key, at = _DECODER.raw_decode(text, at) if text[at : at + 1] == '"' else (None, at)
            at = _skip(text, at)
            if key is None or text[at : at + 1] != ":":
                raise ValueError(f"expected a name and ':' at character {at}")
            found[key], at = _value(text, _skip(text, at + 1), depth - 1)
        at = _skip(text, at)
        after = text[at : at + 1]
        if after == closing:
            return found, at + 1
        if after != ",":
            raise ValueError(f"expected ',' or '{closing}' at character {at}")
        at = _skip(text, at + 1)
