"""JSON parsed and written in small steps, so a worker thread reading or writing a
large user file does not stop the window.

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


# -- writing ----------------------------------------------------------------------------

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
SLICE = 256  # a long list's items encoded in one call to the C encoder


def dumps_in_steps(value: Any, depth: int = DEPTH, size: int = SLICE) -> str:
    """`json.dumps(value, separators=(",", ":"), ensure_ascii=False)`, in small steps:
    the outer containers are walked here and the lists that hold the file's many small
    values (a log's actions, a history's events) encoded a slice at a time. One
    `json.dumps` of a 4 MB save held the interpreter lock for 300 ms, on a worker
    thread, and the frame loop waited that long."""
    parts: list[str] = []
    _write(value, depth, size, parts)
    return "".join(parts)


def _write(value: Any, depth: int, size: int, parts: list[str]) -> None:
    if isinstance(value, dict) and depth > 0 and all(type(k) is str for k in value):
        parts.append("{")
        for i, (key, item) in enumerate(value.items()):
            parts.append("," if i else "")
            parts.append(_ENCODER.encode(key))
            parts.append(":")
            _write(item, depth - 1, size, parts)
        parts.append("}")
    elif isinstance(value, list | tuple) and depth > 1:
        parts.append("[")
        for i, item in enumerate(value):
            parts.append("," if i else "")
            _write(item, depth - 1, size, parts)
        parts.append("]")
    elif isinstance(value, list | tuple) and depth == 1 and len(value) > size:
        slices = (value[at : at + size] for at in range(0, len(value), size))
        parts.append("[" + ",".join(_ENCODER.encode(list(s))[1:-1] for s in slices) + "]")
    else:
        parts.append(_ENCODER.encode(value))
