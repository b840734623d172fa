"""The match in progress <-> `match.json` in the user data folder.

Written after every action (coalesced to once per frame by the table) and at
each round's end; deleted when the match is over. The set-up (names, who is a
person, bot levels, theme) is saved beside the engine's own match save.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import Match, SaveError
from game.i18n import N_
from game.setup_check import check_setup
from game.storage import DAMAGED_DATA, Store
from game.table.seats import GameSetup, settled, setup_from_data, setup_to_data
from game.user_fields import whole

FILE = "match.json"
KIND = "match"
VERSION = 1


def exists(store: Store) -> bool:
    # Anything there counts: Continue then reads it, or sets it aside and says why.
    return store.folder is not None and store.path(FILE).exists()


@dataclass(frozen=True)
class SavedMatch:
    setup: GameSetup
    match: Match
    recorded_rounds: int  # rounds already counted in the statistics


def to_data(setup: GameSetup, match: Match, recorded_rounds: int) -> dict[str, Any]:
    """A snapshot of fresh objects: safe to write from another thread."""
    return {
        "setup": setup_to_data(setup),
        "match": match.to_data(),
        "recorded_rounds": recorded_rounds,
    }


def write(store: Store, data: dict[str, Any]) -> bool:
    return store.save(FILE, KIND, VERSION, data)


def save(store: Store, setup: GameSetup, match: Match, recorded_rounds: int) -> bool:
    return write(store, to_data(setup, match, recorded_rounds))


def load(store: Store) -> SavedMatch | None:
    """The saved match, or None (missing, or damaged and set aside with a notice)."""
    data = store.load(FILE, KIND, VERSION)
    if data is None:
        return None
    try:
        setup = setup_from_data(check_setup(data["setup"]))
        match = Match.from_data(data["match"])
        if match.players != setup.players or match.rules != setup.rules or match.over:
            raise SaveError("the set-up does not fit the match")
        recorded = whole(data.get("recorded_rounds", 0), "recorded_rounds", 0, 10**6)
        return SavedMatch(settled(setup), match, recorded)
    except DAMAGED_DATA as error:
        store.set_aside(FILE, N_("the saved match is damaged") + f" ({_short(error)})")
        return None


def delete(store: Store) -> None:
    store.delete(FILE)


def _short(error: Any) -> str:
    return str(error)[:120] or type(error).__name__
