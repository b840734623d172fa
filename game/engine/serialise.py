"""Rounds and events to and from JSON-ready data. Cards travel as their text."""

from __future__ import annotations

import random
import types
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from . import events as ev_mod
from .actions import from_text, to_text
from .cards import Card
from .errors import EngineError, SaveError
from .keyed_random import STATE_KIND, KeyedRandom
from .phases import Phase
from .position_check import check_rng, check_rules, check_table


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def encode_value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, tuple):
        return [encode_value(v) for v in value]
    return value


def _decode_value(hint: Any, value: Any) -> Any:
    if hint is Card:
        return Card.parse(value)
    origin = get_origin(hint)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode_value(args[0], v) for v in value)
        return tuple(_decode_value(a, v) for a, v in zip(args, value, strict=True))
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        return _decode_value(next(a for a in get_args(hint) if a is not type(None)), value)
    return value


def encode_event(event: Any) -> list[Any]:
    return [type(event).__name__, *(encode_value(v) for v in event)]


def decode_event(data: list[Any]) -> Any:
    cls = ev_mod.BY_NAME[data[0]]
    hints = _hints(cls)
    fields = cls._fields  # type: ignore[attr-defined]
    return cls(*(_decode_value(hints[name], v) for name, v in zip(fields, data[1:], strict=True)))


def encode_rng(rng: random.Random) -> list[Any]:
    if isinstance(rng, KeyedRandom):
        return list(rng.getstate())
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def decode_rng(data: list[Any]) -> random.Random:
    if isinstance(data, list) and data[:1] == [STATE_KIND]:
        keyed = KeyedRandom()
        try:
            keyed.setstate(data)
        except ValueError:
            raise SaveError("the random generator's state is damaged") from None
        return keyed
    check_rng(data)
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


_SCALARS = (
    "players",
    "dealer",
    "color",
    "direction",
    "current",
    "phase",
    "penalty",
    "draw4_by",
    "draw4_prev",
    "draw4_guilty",
    "uno_open",
    "idle",
    "winner",
)


def _saved_history(rnd: Any) -> list[list[Any]]:
    """The round's history as saved (a fresh list)."""
    return _saved_growing(rnd, "_history_saved", rnd.history, encode_event)


def _saved_log(rnd: Any) -> list[list[Any]]:
    """The round's log of actions as saved (a fresh list)."""
    return _saved_growing(rnd, "_log_saved", rnd.log, lambda entry: [entry[0], to_text(entry[1])])


def _saved_growing(rnd: Any, key: str, items: list, encode: Any) -> list[Any]:
    """`items` (a list of the round's that only grows) encoded. The round is saved after
    every action, and a long round's history and log hold tens of thousands of entries:
    those encoded before are kept (under `key`), and only the new ones encoded."""
    kept = rnd.__dict__.get(key)
    if (
        kept is None
        or kept[0] is not items
        or len(kept[2]) > len(items)
        or (kept[2] and items[len(kept[2]) - 1] is not kept[1])
    ):
        kept = (items, None, [])
    encoded = kept[2]
    encoded.extend(encode(item) for item in items[len(encoded) :])
    rnd.__dict__[key] = (items, items[-1] if items else None, encoded)
    return list(encoded)


def round_to_data(rnd: Any) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(rnd, name) for name in _SCALARS}
    data.update(
        rules=rnd.rules.options(),
        hands=[[c.text for c in h] for h in rnd.hands],
        draw_pile=[c.text for c in reversed(rnd._draw)],
        discard_pile=[c.text for c in rnd.discard],
        drawn=rnd.drawn.text if rnd.drawn else None,
        rng=encode_rng(rnd._rng),
        history=_saved_history(rnd),
        start_events=[encode_event(e) for e in rnd.start_events],
        log=_saved_log(rnd),
        cycles=dict(rnd.cycles),
        context=None
        if rnd.context is None
        else {
            "scores": list(rnd.context.scores),
            "target": rnd.context.target,
            "scoring": str(rnd.context.scoring),  # plain text, as JSON gives it back
        },
    )
    return data


def round_from_data(data: dict[str, Any]) -> Any:
    from .round import MatchContext, Round

    try:
        ctx = data["context"]
        context = (
            None
            if ctx is None
            else MatchContext(tuple(ctx["scores"]), ctx["target"], ctx["scoring"])
        )
        check_table(data["players"], data["dealer"])
        rnd = Round._blank(
            check_rules(data["rules"]),
            data["players"],
            data["dealer"],
            decode_rng(data["rng"]),
            context,
        )
        for name in _SCALARS:
            setattr(rnd, name, data[name])
        rnd.phase = Phase(data["phase"]).value  # checked
        rnd.hands = [[Card.parse(c) for c in h] for h in data["hands"]]
        rnd._draw = [Card.parse(c) for c in reversed(data["draw_pile"])]
        rnd.discard = [Card.parse(c) for c in data["discard_pile"]]
        rnd.drawn = Card.parse(data["drawn"]) if data["drawn"] else None
        rnd.history = [decode_event(e) for e in data["history"]]
        rnd.start_events = [decode_event(e) for e in data["start_events"]]
        rnd.log = [(seat, from_text(text)) for seat, text in data["log"]]
        rnd.cycles = {str(k): int(v) for k, v in data["cycles"].items()}
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, ArithmeticError) as err:
        if isinstance(err, EngineError):
            raise SaveError(f"saved round is damaged: {err}") from None
        raise SaveError(f"saved round is damaged: {type(err).__name__} {err}") from None
    return rnd
