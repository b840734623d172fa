"""The player's record per theme <-> `stats.json` in the user data folder.

Counted for the people at the table (not for computer players): with two people
at one computer, a round either of them wins counts as won.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.storage import Store

FILE = "stats.json"
KIND = "stats"
VERSION = 1
RECENT = 20  # rounds kept for the chart


@dataclass
class ThemeStats:
    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    points: int = 0
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    best_round: int = 0
    recent: list[list[int]] = field(default_factory=list)  # [points, won] per round

    @classmethod
    def from_data(cls, data: Any) -> ThemeStats:
        stats = cls()
        if not isinstance(data, dict):
            return stats
        for f in dataclasses.fields(cls):
            value = data.get(f.name)
            if f.name == "recent":
                if isinstance(value, list):
                    stats.recent = [[int(p), int(bool(w))] for p, w in value
                                    if isinstance(p, int)][-RECENT:]
            elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                setattr(stats, f.name, value)
        return stats


@dataclass
class Stats:
    themes: dict[str, ThemeStats] = field(default_factory=dict)

    def theme(self, theme: str) -> ThemeStats:
        return self.themes.setdefault(theme, ThemeStats())

    def round_played(self, theme: str, points: int, won: bool) -> None:
        t = self.theme(theme)
        t.rounds_played += 1
        t.rounds_won += won
        t.points += max(0, points)
        if won:
            t.best_round = max(t.best_round, points)
        t.recent = (t.recent + [[points, int(won)]])[-RECENT:]

    def match_played(self, theme: str, won: bool) -> None:
        t = self.theme(theme)
        t.matches_played += 1
        t.matches_won += won

    def catch(self, theme: str, made: bool) -> None:
        t = self.theme(theme)
        if made:
            t.catches_made += 1
        else:
            t.catches_suffered += 1

    def challenge(self, theme: str, won: bool) -> None:
        t = self.theme(theme)
        if won:
            t.challenges_won += 1
        else:
            t.challenges_lost += 1

    def to_data(self) -> dict[str, Any]:
        return {theme: dataclasses.asdict(t) for theme, t in self.themes.items()}

    @classmethod
    def from_data(cls, data: Any) -> Stats:
        if not isinstance(data, dict):
            return cls()
        return cls({str(k): ThemeStats.from_data(v) for k, v in data.items()})


def load(store: Store) -> Stats:
    return Stats.from_data(store.load(FILE, KIND, VERSION))


def save(store: Store, stats: Stats) -> bool:
    return store.save(FILE, KIND, VERSION, stats.to_data())
