"""Finished matches kept as seed plus actions <-> `replays.json` in the user data folder.

The engine is deterministic: the match rebuilt from its set-up and seed, fed the
same actions round by round, plays out exactly as it did.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game import user_fields as f
from game.engine.actions import Action, from_text, to_text
from game.engine.errors import EngineError
from game.setup_check import check_setup
from game.storage import Store

if TYPE_CHECKING:
    from game.engine import Match
    from game.table.seats import GameSetup

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


def _check_file(data: Any) -> list[Replay]:
    entries = f.items(data, "replays", KEPT)
    return [Replay.from_data(entry, f"replays[{i}]") for i, entry in enumerate(entries)]


def load(store: Store) -> list[Replay]:
    """Newest first; a file with any entry that fails its check is set aside whole."""
    return store.load_checked(FILE, KIND, VERSION, _check_file) or []


def keep(store: Store, replay: Replay) -> bool:
    replays = [replay] + load(store)
    return store.save(FILE, KIND, VERSION, [r.to_data() for r in replays[:KEPT]])
