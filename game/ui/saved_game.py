"""The match in progress <-> `match.json` in the user data folder.

Written after every action (coalesced to once per frame by the table) and at
each round's end; deleted when the match is over. The set-up (names, who is a
person, bot levels, theme) is saved beside the engine's own match save.
"""

from __future__ import annotations

from typing import Any

from game.engine import Match, SaveError
from game.i18n import N_
from game.storage import Store
from game.ui.session import Session, setup_from_data, setup_to_data

FILE = "match.json"
KIND = "match"
VERSION = 1


def exists(store: Store) -> bool:
    # Anything there counts: Continue then reads it, or sets it aside and says why.
    return store.folder is not None and store.path(FILE).exists()


def to_data(session: Session, recorded_rounds: int) -> dict[str, Any]:
    """A snapshot of fresh objects: safe to write from another thread."""
    return {"setup": setup_to_data(session.setup), "match": session.match.to_data(),
            "recorded_rounds": recorded_rounds}


def write(store: Store, data: dict[str, Any]) -> bool:
    return store.save(FILE, KIND, VERSION, data)


def save(store: Store, session: Session, recorded_rounds: int) -> bool:
    return write(store, to_data(session, recorded_rounds))


def load(store: Store) -> Session | None:
    """The saved session, or None (missing, or damaged and set aside with a notice)."""
    data = store.load(FILE, KIND, VERSION)
    if data is None:
        return None
    try:
        setup = setup_from_data(data["setup"])
        match = Match.from_data(data["match"])
        if match.players != setup.players or match.over:
            raise SaveError("the set-up does not fit the match")
        session = Session(setup, resumed=match)
        session.recorded_rounds = int(data.get("recorded_rounds", 0))
        return session
    except (SaveError, KeyError, TypeError, ValueError, IndexError) as error:
        store.set_aside(FILE, N_("the saved match is damaged") + f" ({_short(error)})")
        return None


def delete(store: Store) -> None:
    store.delete(FILE)


def _short(error: Any) -> str:
    return str(error)[:120] or type(error).__name__
