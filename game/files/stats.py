"""The player's record per theme and per computer level <-> `stats.json` in the
user data folder.

Counted for the people at the table (not for computer players): with two people
at one computer, a round either of them wins counts as won. A table's level is
its strongest computer player's; a table of people only has none.

Version 2 added the record per level over all themes, version 3 the record per
level within each theme; an older file is migrated: its figures are kept and
what it did not count starts empty.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.ai import LEVELS
from game.files import user_fields as f
from game.files.paths import is_pack_id
from game.files.storage import MIGRATIONS, Store

FILE = "stats.json"
KIND = "stats"
VERSION = 3
RECENT = 20  # rounds kept for the chart


@dataclass
class LevelStats:
    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0

    @classmethod
    def from_data(cls, data: Any, where: str) -> LevelStats:
        data = f.table(data, where)
        f.known_keys(data, where, [field.name for field in dataclasses.fields(cls)])
        return cls(**{name: f.whole(value, f"{where}.{name}") for name, value in data.items()})


@dataclass
class ThemeStats(LevelStats):
    """A theme's record: what a level's record counts, and more."""

    points: int = 0
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    best_round: int = 0
    recent: list[list[int]] = field(default_factory=list)  # [points, won] per round
    levels: dict[str, LevelStats] = field(default_factory=dict)  # in this theme only

    @classmethod
    def from_data(cls, data: Any, where: str = "") -> ThemeStats:
        """Every count a whole number, `recent` a list of [points, won]; FieldError
        names the first value that is not."""
        stats = cls()
        data = f.table(data, where)
        f.known_keys(data, where, [field.name for field in dataclasses.fields(cls)])
        for name, value in data.items():
            if name == "recent":
                stats.recent = _recent(value, f"{where}.recent")
            elif name == "levels":
                stats.levels = _levels(value, f"{where}.levels")
            else:
                setattr(stats, name, f.whole(value, f"{where}.{name}"))
        return stats


def _recent(value: Any, where: str) -> list[list[int]]:
    rounds = f.items(value, where, RECENT)
    for i, entry in enumerate(rounds):
        if not isinstance(entry, list) or len(entry) != 2:
            raise f.FieldError(f"{where}[{i}]", "must be [points, won]")
        f.whole(entry[0], f"{where}[{i}]", -f.MAX_COUNT, f.MAX_COUNT)
        f.whole(entry[1], f"{where}[{i}]", 0, 1)
    return [list(entry) for entry in rounds]


def _levels(value: Any, where: str) -> dict[str, LevelStats]:
    levels = f.table(value, where)
    for level in levels:
        if level not in LEVELS:
            raise f.FieldError(f"{where}: {level!r:.40}", "is not a computer level")
    return {level: LevelStats.from_data(v, f"{where}.{level}") for level, v in levels.items()}


def strongest(levels: list[str]) -> str | None:
    """The level a table is counted under: its strongest computer's (None: no computer)."""
    known = [level for level in levels if level in LEVELS]
    return max(known, key=LEVELS.index) if known else None


@dataclass
class Stats:
    themes: dict[str, ThemeStats] = field(default_factory=dict)
    levels: dict[str, LevelStats] = field(default_factory=dict)

    def level(self, level: str) -> LevelStats:
        return self.levels.setdefault(level, LevelStats())

    def theme(self, theme: str) -> ThemeStats:
        return self.themes.setdefault(theme, ThemeStats())

    def round_played(self, theme: str, points: int, won: bool, level: str | None = None) -> None:
        t = self.theme(theme)
        if level is not None:
            for by_level in (self.level(level), t.levels.setdefault(level, LevelStats())):
                by_level.rounds_played += 1
                by_level.rounds_won += won
        t.rounds_played += 1
        t.rounds_won += won
        t.points += max(0, points)
        if won:
            t.best_round = max(t.best_round, points)
        t.recent = (t.recent + [[points, int(won)]])[-RECENT:]

    def match_played(self, theme: str, won: bool, level: str | None = None) -> None:
        t = self.theme(theme)
        if level is not None:
            for by_level in (self.level(level), t.levels.setdefault(level, LevelStats())):
                by_level.matches_played += 1
                by_level.matches_won += won
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
        return {
            "themes": {theme: dataclasses.asdict(t) for theme, t in self.themes.items()},
            "levels": {level: dataclasses.asdict(t) for level, t in self.levels.items()},
        }

    @classmethod
    def from_data(cls, data: Any) -> Stats:
        data = f.table(data, "stats")
        f.known_keys(data, "stats", ["themes", "levels"])
        themes = f.table(data.get("themes", {}), "themes")
        for theme in themes:
            if not is_pack_id(theme):
                raise f.FieldError(repr(theme)[:40], "is not a theme pack's id")
        return cls(
            {theme: ThemeStats.from_data(v, theme) for theme, v in themes.items()},
            _levels(data.get("levels", {}), "levels"),
        )


def _from_version_1(data: Any) -> dict[str, Any]:
    """Version 1 was the record per theme alone."""
    return {"themes": data, "levels": {}}


def _from_version_2(data: Any) -> dict[str, Any]:
    """Version 2 counted the levels over all themes only: each theme's start empty."""
    return data


MIGRATIONS.setdefault(KIND, {})[1] = _from_version_1
MIGRATIONS.setdefault(KIND, {})[2] = _from_version_2


def load(store: Store) -> Stats:
    return store.load_checked(FILE, KIND, VERSION, Stats.from_data) or Stats()


def save(store: Store, stats: Stats) -> bool:
    return store.save(FILE, KIND, VERSION, stats.to_data())
