"""The check on a saved game set-up (the last set-up in settings, a replay's, a
saved match's): every field, before anything is built from it."""

from __future__ import annotations

from typing import Any

from game.ai import LEVELS
from game.engine.errors import EngineError
from game.engine.position_check import check_rules
from game.files import user_fields as f
from game.files.paths import is_pack_id
from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS, SPEEDS

SETUP_KEYS = ("theme", "rules", "seats", "target", "scoring", "seed", "speed")

SEED_BITS = 64


def check_setup(data: Any, field: str = "setup") -> dict[str, Any]:
    """`data` if it is a set-up `game.ui.session.setup_from_data` can build; else
    FieldError naming the first bad field."""
    setup = f.table(data, field)
    f.known_keys(setup, field, SETUP_KEYS)
    for key in SETUP_KEYS:
        if key not in setup:
            raise f.FieldError(f"{field}.{key}", "missing")
    if not is_pack_id(setup["theme"]):
        raise f.FieldError(f"{field}.theme", "must be a theme pack's id")
    try:
        check_rules(setup["rules"])
    except EngineError as error:
        raise f.FieldError(f"{field}.rules", str(error)) from None
    seats = f.items(setup["seats"], f"{field}.seats", MAX_PLAYERS)
    if len(seats) < MIN_PLAYERS:
        raise f.FieldError(f"{field}.seats", f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    for i, seat in enumerate(seats):
        where = f"{field}.seats[{i}]"
        if not isinstance(seat, list) or len(seat) != 3:
            raise f.FieldError(where, "must be [name, human, level]")
        f.name(seat[0], f"{where}.name")
        f.flag(seat[1], f"{where}.human")
        f.choice(seat[2], f"{where}.level", LEVELS)
    f.whole(setup["target"], f"{field}.target", 1, MAX_TARGET)
    f.choice(setup["scoring"], f"{field}.scoring", SCORINGS)
    if setup["seed"] is not None:
        f.whole(setup["seed"], f"{field}.seed", -(2**SEED_BITS), 2**SEED_BITS)
    f.choice(setup["speed"], f"{field}.speed", SPEEDS)
    return setup
