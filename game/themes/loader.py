"""Finds theme packs, checks each one, and says which can be played and why not.

A broken pack never stops the game: it is listed as unavailable with its
reasons, and asking for it gives the Classic pack instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.files import paths
from game.files.paths import shown_path
from game.themes.checks import check_files
from game.themes.errors import Problem, ThemeError
from game.themes.layout import LayoutError, TableLayout, load_layout
from game.themes.manifest import MANIFEST, Manifest, read_manifest
from game.themes.pack_id import is_pack_id

DEFAULT_THEME = "classic"


@dataclass(frozen=True)
class Pack:
    """One pack folder and what we found in it."""

    id: str
    folder: Path
    builtin: bool
    manifest: Manifest | None = None
    layout: TableLayout | None = None
    problems: tuple[Problem, ...] = ()

    @property
    def available(self) -> bool:
        return self.manifest is not None and self.layout is not None and not self.problems

    @property
    def reason(self) -> str:
        return "; ".join(str(p) for p in self.problems)


@dataclass
class ThemeCatalog:
    packs: dict[str, Pack] = field(default_factory=dict)
    skipped: int = 0  # the player's pack folders left unchecked (game/themes/scan.py)
    pending: int = 0  # pack folders still being checked in the background

    def add(self, pack: Pack) -> None:
        """A checked pack; one whose id is taken already is listed unavailable (a
        shipped pack is added first, so a player's pack never replaces it)."""
        taken = self.packs.get(pack.id)
        if taken is not None and taken.folder != pack.folder:
            where = shown_path(taken.folder)
            clash = Problem(
                pack.id, MANIFEST, "id", f"a pack with this id is already loaded from {where}"
            )
            pack = Pack(pack.id, pack.folder, pack.builtin, problems=(clash,))
            self.packs[f"{pack.id}@{shown_path(pack.folder)}"] = pack
        else:
            self.packs[pack.id] = pack
        # Shipped packs first, then each folder's packs by name, however they arrived;
        # they mostly arrive in that order, and a sort of 10,000 packs on each one's
        # arrival would hold the frames up.
        keys = list(self.packs)
        if len(keys) > 1 and _order(self.packs[keys[-2]]) > _order(self.packs[keys[-1]]):
            self.packs = dict(sorted(self.packs.items(), key=lambda item: _order(item[1])))

    def holds(self, folder: Path) -> bool:
        return any(p.folder == folder for p in self.packs.values())

    def available(self) -> list[Pack]:
        return [p for p in self.packs.values() if p.available]

    def unavailable(self) -> list[Pack]:
        return [p for p in self.packs.values() if not p.available]

    def choose(self, theme_id: str) -> Pack:
        """The pack asked for if it can be played, otherwise Classic."""
        pack = self.packs.get(theme_id) if is_pack_id(theme_id) else None
        if pack is not None and pack.available:
            return pack
        fallback = self.packs.get(DEFAULT_THEME)
        if fallback is None or not fallback.available:
            reason = fallback.reason if fallback else "not found"
            raise ThemeError([Problem(DEFAULT_THEME, MANIFEST, "", f"unusable: {reason}")])
        return fallback


def default_roots() -> list[tuple[Path, bool]]:
    """Shipped packs first, so a user pack can never replace one of them."""
    return [(paths.themes_root(), True), (paths.user_themes_root(), False)]


def discover(roots: Iterable[tuple[Path, bool]] | None = None) -> ThemeCatalog:
    """Every pack in these roots, checked here and now (the app does the same on a
    worker thread, see game/themes/scan.py)."""
    folders, skipped = pack_folders(default_roots() if roots is None else roots)
    catalog = ThemeCatalog(skipped=skipped)
    for folder, builtin in folders:
        catalog.add(load_pack(folder, builtin))
    return catalog


def pack_folders(roots: Iterable[tuple[Path, bool]]) -> tuple[list[tuple[Path, bool]], int]:
    """(folder, shipped) for each pack folder in the roots, in order, however many (the
    checks stop on their cost, not on a count: game/themes/scan.py), and how many were
    left unread (none: kept for the catalog's count)."""
    folders: list[tuple[Path, bool]] = []
    for root, builtin in roots:
        try:
            with os.scandir(root) as entries:  # the kind of each entry without a stat
                found = sorted(Path(e.path) for e in entries if _is_folder(e))
        except OSError:
            continue  # no such folder (the player has none yet), or not readable
        folders += [(folder, builtin) for folder in found]
    return folders, 0


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _order(pack: Pack) -> tuple[bool, str]:
    return (not pack.builtin, shown_path(pack.folder))


def load_pack(folder: Path, builtin: bool = False) -> Pack:
    """Check one pack folder. Never raises: problems go into the result."""
    name = shown_path(folder.name)
    if name != folder.name:  # unzipped from a Latin-1 archive, say: show it, do not read it
        problem = Problem(name, MANIFEST, "", "the folder's name is not UTF-8 text: rename it")
        return Pack(name, folder, builtin, problems=(problem,))
    try:
        manifest = read_manifest(folder)
        problems = check_files(manifest)
        layout = _layout(manifest, problems)
    except ThemeError as error:
        return Pack(folder.name, folder, builtin, problems=error.problems)
    except Exception as error:  # a pack is outside data: no surprise in it may stop the game
        problem = Problem(folder.name, MANIFEST, "", f"could not be read ({error!r})")
        return Pack(folder.name, folder, builtin, problems=(problem,))
    return Pack(manifest.id, folder, builtin, manifest, layout, tuple(problems))


def _layout(manifest: Manifest, problems: list[Problem]) -> TableLayout | None:
    try:
        return load_layout(manifest.table_map)
    except LayoutError as error:
        relative = manifest.table_map.relative_to(manifest.folder.resolve()).as_posix()
        problems.append(Problem(manifest.id, relative, "", str(error)))
        return None
