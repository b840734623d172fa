"""The engine's edge: what `apply` and `Match(...)` accept before the rules look.

Actions are tuples, so a plain tuple, a list from JSON or an action with a float
seat can compare equal to a legal action. Equal is not enough: the rules would
then run on values of the wrong type (a 7 leaves the hand before `swap=1.0`
fails). Only the engine's own action types, carrying real cards and whole-number
seats, get past here.
"""

from __future__ import annotations

from typing import Any

from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS, players_ok, target_ok

from .actions import Accept, Catch, Challenge, ChooseColor, Draw, Pass, Play
from .cards import Card
from .errors import EngineError, IllegalAction
from .rules import RuleSet

MAX_SEED = 2**128  # a save writes the seed as JSON: a 5,000-digit int will not go

_BARE = {Draw: "draw", Pass: "pass", Accept: "accept", Challenge: "challenge"}


def check_action(action: Any, seat: object, players: int) -> None:
    """IllegalAction unless `action` is a well-formed engine action and `seat` is None
    or a seat of this table. Legality under the rules is the round's own check.

    Runs on every `apply`, bots' simulations included, so the common cases (the
    engine's own objects, by the current seat) are settled inline, in C-level tests."""
    if seat is None:
        kind = action.__class__
        if kind is Play:
            if (
                len(action) == 6
                and action[1].__class__ is Card
                and action[4].__class__ is bool
                and (action[5] is None or action[5].__class__ is int)
                and (action[2] is None or action[2].__class__ is str)
                and (action[3] is None or action[3].__class__ is str)
            ):
                return
        elif kind in _BARE and action == (_BARE[kind],):
            return
    problem = _seat_problem(seat, players) or _action_problem(action)
    if problem:
        raise IllegalAction(problem)


def _seat_problem(seat: object, players: int) -> str | None:
    if seat is None or (type(seat) is int and 0 <= seat < players):
        return None
    return f"seat {_show(seat)} is not at this table of {players}"


def _action_problem(action: object) -> str | None:  # noqa: C901 - one case per type
    kind = type(action)
    if kind is Play:
        fields: tuple[object, ...] = tuple.__new__(tuple, action)  # type: ignore[arg-type]
        if len(fields) != 6:
            return f"{_show(action)} is not a well-formed play"
        _, card, color, give, uno, swap = fields
        if (
            type(card) is not Card
            or not _optional_text(color)
            or not _optional_text(give)
            or type(uno) is not bool
            or not (swap is None or type(swap) is int)
        ):
            return f"{_show(action)} is not a well-formed play"
        return None
    if kind in _BARE:
        ok = len(action) == 1 and action[0] == _BARE[kind]  # type: ignore[arg-type,index]
        return None if ok else f"{_show(action)} is not a well-formed action"
    if kind is Catch:
        ok = len(action) == 2 and type(action[1]) is int  # type: ignore[arg-type,index]
        return None if ok else f"{_show(action)} is not a well-formed catch"
    if kind is ChooseColor:
        ok = len(action) == 2 and type(action[1]) is str  # type: ignore[arg-type,index]
        return None if ok else f"{_show(action)} is not a well-formed colour choice"
    return f"{_show(action)} is not an action: build one with game.engine.actions"


def _show(value: object) -> str:
    """A short repr that cannot fail: a malformed action's own repr might."""
    text = tuple.__repr__(value) if isinstance(value, tuple) else object.__repr__(value)
    if isinstance(value, int | str | list | float) or value is None:
        text = repr(value)
    return text[:80]


def _optional_text(value: object) -> bool:
    return value is None or type(value) is str


def check_seed(seed: Any, name: str = "seed") -> None:
    """A seed replays a game only if it is a whole number: a float or NaN would not."""
    if seed is not None and (type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED):
        raise EngineError(f"{name} must be a whole number within ±2**128 or None, not {seed!r:.40}")


def check_seat_argument(seat: Any, players: int, name: str = "seat") -> None:
    """A seat at this table: a whole number (not a bool) from 0 to players - 1."""
    if type(seat) is not int or not 0 <= seat < players:
        raise EngineError(f"{name} must be a seat from 0 to {players - 1}, not {_show(seat)}")


def check_round_setup(rules: Any, players: Any, dealer: Any, seed: Any) -> None:
    """EngineError (a ValueError) naming the argument no round can be dealt from."""
    if not isinstance(rules, RuleSet):
        raise EngineError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if type(players) is not int or not 2 <= players <= 10:
        raise IllegalAction(f"players must be a whole number from 2 to 10, not {_show(players)}")
    check_seat_argument(dealer, players, "dealer")
    check_seed(seed)


def check_match_setup(rules: Any, players: Any, seed: Any, target: Any, scoring: Any) -> None:
    """EngineError (a ValueError) for arguments no match can be built from."""
    if not isinstance(rules, RuleSet):
        raise EngineError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if not players_ok(players):
        raise IllegalAction(
            f"a match needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
        )
    check_seed(seed)
    if not target_ok(target):
        raise EngineError(f"the target must be a whole number from 1 to {MAX_TARGET}")
    if not isinstance(scoring, str) or scoring not in SCORINGS:
        raise EngineError(f"scoring is one of {', '.join(SCORINGS)}, not {scoring!r}")
