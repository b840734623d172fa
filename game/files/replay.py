"""Finished matches kept as seed plus actions <-> `replays.json` in the user data folder.

The engine is deterministic: the match rebuilt from its set-up and seed, fed the
same actions round by round, plays out exactly as it did.
"""

from __future__ import annotations

import json
import logging
import pickle
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, from_text, to_text
from game.engine.errors import EngineError
from game.files import file_worker
from game.files import user_fields as f
from game.files.background import Background
from game.files.setup_check import check_setup
from game.files.storage import DAMAGED_DATA, LEFT_AS_IT_IS, Notice, Store, field_reason

if TYPE_CHECKING:
    from game.engine import Match
    from game.table.seats import GameSetup

log = logging.getLogger(__name__)
Rounds = tuple[tuple[tuple[int, Action], ...], ...]

FILE = "replays.json"
KIND = "replays"
VERSION = 1
KEPT = 10  # the most recent finished matches
# A match's limits, for a replay and for the match in progress alike: far beyond a
# real match (about 10 rounds of 100 actions), small enough to check by playing it
# through (the engine plays about 100,000 actions a second).
MAX_ROUNDS = 1000
MAX_ACTIONS = 20_000  # in one round
MAX_MATCH_ACTIONS = 200_000


@dataclass(frozen=True)
class Replay:
    when: str  # "YYYY-MM-DD HH:MM", local time
    setup: dict[str, Any]  # game.table.setup_to_data, seed included
    rounds: Rounds
    winners: tuple[str, ...]  # the winners' names

    def to_data(self) -> dict[str, Any]:
        return {
            "when": self.when,
            "setup": self.setup,
            "winners": list(self.winners),
            "rounds": [[[seat, to_text(a)] for seat, a in log] for log in self.rounds],
        }

    @classmethod
    def from_data(cls, data: Any, where: str = "replay") -> Replay:
        """Every field checked, and the actions played through the engine from the set-up:
        a replay that the rules would not allow is refused (FieldError), not shown."""
        entry = f.table(data, where)
        f.known_keys(entry, where, ("when", "setup", "winners", "rounds"))
        when = entry.get("when")
        if not isinstance(when, str) or len(when) > 20 or not when.isprintable():
            raise f.FieldError(f"{where}.when", "must be a date and time")
        setup = check_setup(entry.get("setup"), f"{where}.setup")
        rounds = round_logs(entry.get("rounds"), f"{where}.rounds")
        winners = f.items(entry.get("winners"), f"{where}.winners", 10)
        for i, winner in enumerate(winners):
            f.name(winner, f"{where}.winners[{i}]")
        replay = cls(when, setup, rounds, tuple(winners))
        _check_plays(replay, where)
        return replay

    @property
    def theme(self) -> str:
        return str(self.setup.get("theme", "classic"))


def now() -> str:
    return time.strftime("%Y-%m-%d %H:%M")


def round_logs(value: Any, where: str, most: int = MAX_ROUNDS) -> Rounds:
    """A match's rounds of [seat, action], each checked, within the limits above."""
    rounds = f.items(value, where, most)
    total = sum(len(log) for log in rounds if isinstance(log, list))
    if total > MAX_MATCH_ACTIONS:
        raise f.FieldError(where, f"more than {MAX_MATCH_ACTIONS} actions in all")
    return tuple(round_log(log, f"{where}[{i}]") for i, log in enumerate(rounds))


def round_log(value: Any, where: str) -> tuple[tuple[int, Action], ...]:
    log = []
    for i, pair in enumerate(f.items(value, where, MAX_ACTIONS)):
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[1], str):
            raise f.FieldError(f"{where}[{i}]", "must be [seat, action]")
        try:
            log.append((f.whole(pair[0], f"{where}[{i}]", 0, 9), from_text(pair[1])))
        except EngineError as error:
            raise f.FieldError(f"{where}[{i}]", str(error)) from None
    return tuple(log)


def play_through(setup: GameSetup, rounds: Rounds, where: str, last: str = "") -> Match:
    """The match of `setup` from its seed, fed `rounds` of actions: FieldError naming the
    first action the rules refuse (or a round that follows none finished). `last` names
    the last round when it is kept apart (a saved match's round in play)."""
    from game.table.seats import new_match  # the table records replays

    match = new_match(setup)
    for number, log in enumerate(rounds):
        named = last if last and number == len(rounds) - 1 else f"{where}[{number}]"
        if number:
            try:
                match.next_round()
            except EngineError:
                raise f.FieldError(named, "follows no finished round") from None
        for i, (seat, action) in enumerate(log):
            try:
                match.apply(action, seat)
            except EngineError as error:
                raise f.FieldError(f"{named}[{i}]", str(error)) from None
    return match


def _check_plays(replay: Replay, where: str) -> None:
    """The match replayed from its seed: every action legal, and the match over at the end
    with the winners it names."""
    from game.table.seats import setup_from_data

    setup = setup_from_data(replay.setup)
    match = play_through(setup, replay.rounds, f"{where}.rounds")
    if not match.over:
        raise f.FieldError(f"{where}.rounds", "the match does not end")
    if replay.winners != tuple(setup.seats[seat].name for seat in match.winners):
        raise f.FieldError(f"{where}.winners", "are not the match's winners")


def _check_entries(data: Any) -> tuple[list[Replay], list[Any], str]:
    """The replays that pass their checks, the entries that do not, and the first one's
    reason (naming the field). A list that is not a list of replays fails whole."""
    good: list[Replay] = []
    bad: list[Any] = []
    reason = ""
    for i, entry in enumerate(f.items(data, "replays", KEPT)):
        try:
            good.append(Replay.from_data(entry, f"replays[{i}]"))
        except DAMAGED_DATA as error:
            bad.append(entry)
            reason = reason or field_reason(error)
    return good, bad, reason


def _read(store: Store) -> list[Replay]:
    """The file's replays, each checked on its own: a bad one is set aside alone."""
    checked = store.load_checked(FILE, KIND, VERSION, _check_entries)
    if checked is None:
        return []
    good, bad, reason = checked
    if bad and store.keep_aside(FILE, KIND, VERSION, bad, reason):
        store.save(FILE, KIND, VERSION, [r.to_data() for r in good])
    elif bad:  # read-only (another copy owns the folder): shown without it, file untouched
        store.notices.append(Notice(LEFT_AS_IT_IS, (("name", FILE), ("reason", reason))))
    return good


class Shelf:
    """A store's replays, read and checked once a session in a child process
    (game/files/file_worker.py); a match's replay is checked once as it is kept, the same
    way. A worker thread here waits for the child and unpacks its answer. This copy
    of the game owns the file (game.files.user_files), so what it holds stays what is on
    disk."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._work: Background[list[Replay]] | None = None

    def start(self) -> None:
        """Read the file in the background, if that has not begun (the app: after its
        first frame)."""
        with self._lock:
            if self._work is None:
                # Kept all session: left out of the collector's passes (game/files/background.py).
                self._work = Background(lambda: _read_in_child(self.store), "replays", keep=True)

    def ready(self) -> list[Replay] | None:
        """The replays, newest first, or None while they are still being checked."""
        self.start()
        assert self._work is not None
        return list(self._work.result() or []) if self._work.done else None

    def wait(self) -> list[Replay]:
        self.start()
        assert self._work is not None
        return list(self._work.result() or [])

    def keep(self, replay: Replay) -> None:
        """Check the match's replay (it is played through), then keep it with the others;
        in the background, after whatever is before it."""
        self.start()
        with self._lock:
            before = self._work
            self._work = Background(lambda: self._kept(before, replay), "replays")

    def _kept(self, before: Background[list[Replay]] | None, replay: Replay) -> list[Replay]:
        kept = list(before.result() or []) if before is not None else []
        # As it will be read back: through JSON (tuples become lists).
        reason = file_worker.run("keep-replay", self.store, json.dumps(replay.to_data()))
        if reason:  # the engine did not replay its own match: a bug
            log.error("the replay of a finished match does not replay: %s", reason)
            return kept
        return [replay, *kept][:KEPT]


# -- in the child process (game/files/file_worker.py) -------------------------------------


def read_job(store: Store, _request: None) -> tuple[Store, list[bytes]]:
    """The file read and every replay checked; each good one packed for the app."""
    return store, [_packed(r) for r in _read(store)]


def keep_job(store: Store, text: str) -> tuple[Store, str]:
    """A finished match's replay checked, then written before those in the file (which
    this copy read and checked this session): "" or why it was not kept."""
    try:
        entry = Replay.from_data(json.loads(text)).to_data()
    except DAMAGED_DATA as error:
        return store, field_reason(error)
    found = store.load(FILE, KIND, VERSION)
    others = found if isinstance(found, list) else []
    store.save(FILE, KIND, VERSION, [entry, *others][:KEPT])
    return store, ""


def _packed(replay: Replay) -> bytes:
    """A replay as the app takes it apart: one small pickle a round, so no single step
    holds the app's interpreter lock for long."""
    rounds = [pickle.dumps([(seat, to_text(a)) for seat, a in log]) for log in replay.rounds]
    return pickle.dumps((replay.when, replay.setup, replay.winners, rounds))


# -- in the app ---------------------------------------------------------------------


def _read_in_child(store: Store) -> list[Replay]:
    if not store.exists(FILE):  # no replays yet: no process to start
        return []
    return [_unpacked(piece) for piece in file_worker.run("read-replays", store, None)]


def _unpacked(piece: bytes) -> Replay:
    """A replay the child checked, as it packed it (`_packed`)."""
    when, setup, winners, rounds = pickle.loads(piece)  # noqa: S301 - from our own child
    logs = tuple(
        tuple((seat, from_text(text)) for seat, text in pickle.loads(log))  # noqa: S301
        for log in rounds
    )
    return Replay(when, setup, logs, winners)


def shelf(store: Store) -> Shelf:
    """The store's one shelf of replays."""
    with _SHELVES:
        found = store.kept.get(FILE)
        if not isinstance(found, Shelf):
            found = store.kept[FILE] = Shelf(store)
        return found


_SHELVES = threading.Lock()


def load(store: Store) -> list[Replay]:
    """Newest first, each checked once a session; waits for the check."""
    return shelf(store).wait()


def keep(store: Store, replay: Replay) -> None:
    """Keep a finished match's replay (checked and written on a worker)."""
    shelf(store).keep(replay)
