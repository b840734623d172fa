"""Errors a theme pack can have, each naming the pack, the file and the field."""

from __future__ import annotations

from dataclasses import dataclass

from game.files.paths import shown_path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a pack, phrased for the player who installed it."""

    pack: str
    file: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.field}" if self.field else self.file
        # Messages quote paths and OS errors, which may hold names that are not UTF-8.
        return shown_path(f"theme '{self.pack}': {where}: {self.message}")


class ThemeError(ValueError):
    """A pack that cannot be used; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in problems))


class UnsafePackFile(ValueError):
    """A path or file a pack may not use (outside the pack, code, XML entities)."""
