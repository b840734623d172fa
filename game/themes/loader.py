"""Finds theme packs, checks each one, and says which can be played and why not.

A broken pack never stops the game: it is listed as unavailable with its
reasons, and asking for it gives the Classic pack instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game import paths
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
    catalog = ThemeCatalog()
    for root, builtin in default_roots() if roots is None else roots:
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            pack = load_pack(folder, builtin)
            if pack.id in catalog.packs:
                clash = Problem(
                    pack.id,
                    MANIFEST,
                    "id",
                    f"a pack with this id is already loaded from {catalog.packs[pack.id].folder}",
                )
                pack = Pack(pack.id, folder, builtin, problems=(clash,))
                catalog.packs[f"{pack.id}@{folder}"] = pack
            else:
                catalog.packs[pack.id] = pack
    return catalog


def load_pack(folder: Path, builtin: bool = False) -> Pack:
    """Check one pack folder. Never raises: problems go into the result."""
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
