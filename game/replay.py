"""Finished matches kept as seed plus actions <-> `replays.json` in the user data folder.

The engine is deterministic: the match rebuilt from its set-up and seed, fed the
same actions round by round, plays out exactly as it did.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, from_text, to_text
from game.storage import Store

FILE = "replays.json"
KIND = "replays"
VERSION = 1
KEPT = 10  # the most recent finished matches


@dataclass(frozen=True)
class Replay:
    when: str  # "YYYY-MM-DD HH:MM", local time
    setup: dict[str, Any]  # game.ui.session.setup_to_data, seed included
    rounds: tuple[tuple[tuple[int, Action], ...], ...]
    winners: tuple[str, ...]  # the winners' names

    def to_data(self) -> dict[str, Any]:
        return {"when": self.when, "setup": self.setup, "winners": list(self.winners),
                "rounds": [[[seat, to_text(a)] for seat, a in log] for log in self.rounds]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Replay:
        rounds = tuple(tuple((int(seat), from_text(text)) for seat, text in log)
                       for log in data["rounds"])
        return cls(str(data["when"]), dict(data["setup"]), rounds,
                   tuple(str(w) for w in data["winners"]))

    @property
    def theme(self) -> str:
        return str(self.setup.get("theme", "classic"))


def now() -> str:
    return time.strftime("%Y-%m-%d %H:%M")


def load(store: Store) -> list[Replay]:
    """Newest first; a damaged entry is skipped, a damaged file set aside."""
    data = store.load(FILE, KIND, VERSION)
    replays = []
    for entry in data if isinstance(data, list) else []:
        try:
            replays.append(Replay.from_data(entry))
        except (KeyError, TypeError, ValueError):
            continue
    return replays


def keep(store: Store, replay: Replay) -> bool:
    replays = [replay] + load(store)
    return store.save(FILE, KIND, VERSION, [r.to_data() for r in replays[:KEPT]])
