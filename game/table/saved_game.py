"""The match in progress <-> `match.json` in the user data folder.

Written after every action (coalesced to once per frame by the table) and at
each round's end; deleted when the match is over. The set-up (names, who is a
person, bot levels, theme) is saved beside the engine's own match save.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Any

from game.engine import Match
from game.files import file_worker
from game.files import replay as replays
from game.files import user_fields as f
from game.files.setup_check import check_setup
from game.files.storage import Store
from game.table.seats import GameSetup, settled, setup_from_data, setup_to_data

MAX_ROUNDS = replays.MAX_ROUNDS
FILE = "match.json"
KIND = "match"
VERSION = 1


def exists(store: Store) -> bool:
    # Anything there counts: Continue then reads it, or sets it aside and says why.
    return store.exists(FILE)


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


def fits(match: Match) -> bool:
    """True while the match is within what a save may hold (what `check` accepts): a
    match played past it (a command-line target of thousands of points) is not saved
    again, so the last save, which Continue can read, is kept."""
    logs = (*match.round_logs, match.round.log)
    return (
        len(logs) <= MAX_ROUNDS
        and all(len(log) <= replays.MAX_ACTIONS for log in logs)
        and sum(map(len, logs)) <= replays.MAX_MATCH_ACTIONS
    )


def write(store: Store, data: dict[str, Any]) -> bool:
    return store.save(FILE, KIND, VERSION, data)


def save(store: Store, setup: GameSetup, match: Match, recorded_rounds: int) -> bool:
    return write(store, to_data(setup, match, recorded_rounds))


def load(store: Store) -> SavedMatch | None:
    """The saved match, checked whole, or None (missing, or damaged and set aside with a
    notice naming the field). The check (a long match is played through from its seed)
    runs in a child process (game/files/file_worker.py): call this from a worker thread."""
    pieces = file_worker.run("saved-match", store, None)
    return None if pieces is None else _unpacked(pieces)


def load_job(store: Store, _request: None) -> tuple[Store, list[bytes] | None]:
    """In the child process: the match checked, and packed for the app."""
    saved = store.load_checked(FILE, KIND, VERSION, check)
    if saved is None:
        return store, None
    data = to_data(saved.setup, saved.match, saved.recorded_rounds)
    data["match"] = _as_saved(data["match"])  # as a save reads back
    return store, _packed(data)


# Entries of a long list per pickle: the app takes each apart in one call that holds
# its interpreter lock (and the frame waits): ~1-3 ms for this many, where the round in
# play of a long match (28,000 events) in one piece held it 25-75 ms.
CHUNK = 2000


def _packed(data: dict[str, Any]) -> list[bytes]:
    """The saved match as small pickles: the rest of it and how many pieces each long
    list (the finished rounds' logs, then the round's history and log) takes, then
    those lists' pieces in that order."""
    match = data["match"]
    lists = [*match.pop("round_logs"), match["round"].pop("history"), match["round"].pop("log")]
    pieces = [[entries[i : i + CHUNK] for i in range(0, len(entries), CHUNK)] for entries in lists]
    head = pickle.dumps((data, [len(p) for p in pieces]))
    return [head, *(pickle.dumps(piece) for p in pieces for piece in p)]


def _unpacked_data(pieces: list[bytes]) -> dict[str, Any]:
    """`_packed` taken apart."""
    data, counts = pickle.loads(pieces[0])  # noqa: S301 - from our own child, through a pipe
    rest = iter(pieces[1:])
    lists = []
    for count in counts:
        entries: list[Any] = []
        for _ in range(count):
            entries += pickle.loads(next(rest))  # noqa: S301
        lists.append(entries)
    match = data["match"]
    match["round_logs"] = lists[:-2]
    match["round"]["history"], match["round"]["log"] = lists[-2], lists[-1]
    return data


def _unpacked(pieces: list[bytes]) -> SavedMatch:
    """The match the child checked, rebuilt from its own save (not played through again)."""
    data = _unpacked_data(pieces)
    setup = setup_from_data(data["setup"])
    # Restored, not checked again: the child checked it whole (and this copy owns the file).
    saved = SavedMatch(setup, Match.restore(data["match"]), data["recorded_rounds"])
    # The match keeps what it has encoded once (game/engine/match.py): done here, on the
    # worker, the first save after Continue does not encode a long match on the frame.
    to_data(saved.setup, saved.match, saved.recorded_rounds)
    # So does each seat's view: the round keeps each seat's redacted copy of its history
    # (game/engine/view.py), and a long one is tens of thousands of events to redact.
    for seat in range(saved.match.players):
        saved.match.round.view(seat)
    return saved


def check(data: Any) -> SavedMatch:
    """The saved match as the rules would have it: its set-up, its actions played through
    from the set-up's seed, and every saved value the one those actions give (so no seat,
    card or event in it can be one the table does not have). FieldError names the first
    value that is not."""
    data = f.table(data, "saved match")
    f.known_keys(data, "", ("setup", "match", "recorded_rounds"))
    setup = setup_from_data(check_setup(data.get("setup")))
    saved = f.table(data.get("match"), "match")
    for key in ("players", "seed", "target", "scoring", "rules"):
        if saved.get(key) != _wanted(setup, key):
            raise f.FieldError(f"match.{key}", "is not the set-up's")
    current = f.table(saved.get("round"), "match.round")
    finished = replays.round_logs(saved.get("round_logs"), "match.round_logs", MAX_ROUNDS - 1)
    rounds = (*finished, replays.round_log(current.get("log"), "match.round.log"))
    if sum(map(len, rounds)) > replays.MAX_MATCH_ACTIONS:
        raise f.FieldError("match", f"more than {replays.MAX_MATCH_ACTIONS} actions in all")
    match = replays.play_through(setup, rounds, "match.round_logs", "match.round.log")
    _same(saved, _as_saved(match.to_data()), "match")
    if match.over:
        raise f.FieldError("match", "is over: a finished match is not continued")
    played = len(match.round_logs) + match.round.over
    recorded = f.whole(data.get("recorded_rounds", 0), "recorded_rounds", 0, played)
    return SavedMatch(settled(setup), match, recorded)


def _wanted(setup: GameSetup, key: str) -> Any:
    """What the set-up says the match's `key` is, as saved."""
    if key == "rules":
        return _as_saved({"rules": setup.rules.options()})["rules"]
    if key == "seed":
        return setup.seed or 0  # as new_match seeds it
    return setup.players if key == "players" else getattr(setup, key)


def _as_saved(data: dict[str, Any]) -> dict[str, Any]:
    """`Match.to_data()` as JSON gives it back: its only tuples are the rules' colours."""
    for rules in (data["rules"], data.get("round", {}).get("rules")):
        if rules is not None:
            rules["colors"] = list(rules["colors"])
    return data


def _same(saved: Any, played: Any, where: str) -> None:
    """FieldError at the first place `saved` differs from what the actions gave. Walked
    whole, types included: `==` alone takes True for 1 anywhere inside a table."""
    if isinstance(saved, dict) and isinstance(played, dict):
        for key in sorted(set(saved) | set(played), key=str):
            if key not in played:
                raise f.FieldError(f"{where}.{key}"[:80], "is not a field of a saved match")
            _same(saved.get(key), played[key], f"{where}.{key}")
    elif isinstance(saved, list) and isinstance(played, list):
        for i, (a, b) in enumerate(zip(saved, played, strict=False)):
            _same(a, b, f"{where}[{i}]")
        if len(saved) != len(played):
            raise f.FieldError(
                where, f"has {len(saved)} entries where the actions give {len(played)}"
            )
    elif saved != played or type(saved) is not type(played):
        raise f.FieldError(where, "is not what the saved actions give")


def delete(store: Store) -> None:
    store.delete(FILE)
