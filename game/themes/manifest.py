"""theme.toml: read, check every field, and describe the pack as plain data."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files.safe_read import read_limited
from game.files.user_fields import clean_name
from game.themes.errors import Problem, ThemeError, UnsafePackFile
from game.themes.faces import known_presets, preset_sounds
from game.themes.pack_files import resolve_inside
from game.themes.pack_id import PACK_ID_RULE, is_pack_id

SCHEMA = 1
MANIFEST = "theme.toml"
LANGUAGES = ("en", "es")
CARD_PLACEHOLDER = "{card}"
MANIFEST_BYTES = 256 * 1024  # a manifest is a page of text
NAME_LENGTH = 40  # a pack's or a colour's name on a button
BASE_SOUNDS = (
    "deal",
    "play",
    "draw",
    "shuffle",
    "skip",
    "reverse",
    "wild",
    "draw_penalty",
    "uno_call",
    "catch",
    "round_won",
    "match_won",
)
OPTIONAL_SOUNDS = ("music", "round_lost", "match_lost")  # lost: round_won/none if absent
# A sound may name several files: takes of an effect (one picked at each play) or
# pieces of music (played in turn). Bounded: each is checked and decoded on load.
MAX_TAKES = 8
PALETTE = ("text", "panel", "accent")
MIN_CONTRAST = 4.5  # UI.md: text on its background at least 4.5:1
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Colour:
    key: str
    rgb: RGB
    symbol: Path
    names: dict[str, str]


@dataclass(frozen=True)
class Font:
    """A shipped font and its licence; file None means pygame's default font."""

    file: Path | None
    licence: Path | None
    grid: int | None = None  # a pixel font: sharp only at multiples of this many px


@dataclass(frozen=True)
class Manifest:
    folder: Path
    id: str
    preset: str
    names: dict[str, str]
    colours: tuple[Colour, ...]
    palette: dict[str, RGB]
    fonts: dict[str, Font]
    card_pattern: str
    card_back: Path
    table_background: Path
    table_map: Path
    sounds: dict[str, tuple[Path, ...]]  # each sound's takes (music: its pieces), at least one
    # Behind the menus: the table without what belongs to a game in play (the
    # stone floor under Minecraft's piles); the table itself when not given.
    menu_background: Path | None = None

    def name(self, language: str) -> str:
        return self.names.get(language, self.names["en"])

    def colour(self, key: str) -> Colour:
        return next(c for c in self.colours if c.key == key)

    def card_file(self, face: str) -> Path:
        """Where a face's art should be; it is checked on load, see loader."""
        return resolve_inside(self.folder, self.card_pattern.replace(CARD_PLACEHOLDER, face))


def required_sounds(preset: str) -> tuple[str, ...]:
    return BASE_SOUNDS + (preset_sounds(preset) if preset in known_presets() else ())


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours."""

    def luminance(rgb: RGB) -> float:
        linear = [(c / 255) / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


class _Reader:
    """Walks the TOML tables, noting each problem with the field's dotted name."""

    def __init__(self, pack: str, folder: Path) -> None:
        self.pack, self.folder = pack, folder
        self.problems: list[Problem] = []

    def fail(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.pack, MANIFEST, field, message))

    def get(self, table: dict[str, Any], key: str, kind: type, where: str) -> Any:
        field = f"{where}.{key}" if where else key
        if key not in table:
            self.fail(field, "missing")
            return None
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(field, f"must be a {kind.__name__}, not {type(value).__name__}")
            return None
        return value

    def names(self, table: dict[str, Any], key: str, where: str) -> dict[str, str]:
        field = f"{where}.{key}" if where else key
        names = self.get(table, key, dict, where) or {}
        for lang in LANGUAGES if names else ():
            if not isinstance(names.get(lang), str) or not names[lang].strip():
                self.fail(f"{field}.{lang}", "missing or empty")
            elif clean_name(names[lang], NAME_LENGTH) != names[lang]:
                self.fail(
                    f"{field}.{lang}",
                    f"has control characters or is over {NAME_LENGTH} characters",
                )
        return {k: v for k, v in names.items() if isinstance(v, str)}

    def rgb(self, table: dict[str, Any], key: str, where: str) -> RGB:
        value = self.get(table, key, list, where)
        if value is None:
            return (0, 0, 0)
        if len(value) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in value):
            self.fail(f"{where}.{key}", "must be three whole numbers from 0 to 255")
            return (0, 0, 0)
        return (value[0], value[1], value[2])

    def file(self, table: dict[str, Any], key: str, where: str) -> Path:
        value = self.get(table, key, str, where)
        return self.path(value, f"{where}.{key}") if value is not None else self.folder

    def path(self, relative: str, field: str) -> Path:
        try:
            target = resolve_inside(self.folder, relative)
        except UnsafePackFile as error:
            self.fail(field, str(error))
            return self.folder
        if not target.is_file():
            self.fail(field, f"file '{relative}' not found in the pack")
        return target


def read_manifest(folder: Path) -> Manifest:
    """The pack's manifest, or ThemeError listing every problem in it."""
    pack = folder.name
    reader = _Reader(pack, folder)
    path = folder / MANIFEST
    try:
        if not path.resolve().is_relative_to(folder.resolve()):
            raise ThemeError([Problem(pack, MANIFEST, "", "is a link to a file outside the pack")])
        data = tomllib.loads(read_limited(path, MANIFEST_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise ThemeError([Problem(pack, MANIFEST, "", "missing")]) from None
    except OSError as error:
        raise ThemeError([Problem(pack, MANIFEST, "", f"unreadable ({error})")]) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as error:
        raise ThemeError([Problem(pack, MANIFEST, "", f"not valid TOML ({error})")]) from None
    manifest = _build(reader, data)
    if reader.problems:
        raise ThemeError(reader.problems)
    return manifest


def _build(r: _Reader, data: dict[str, Any]) -> Manifest:
    schema = r.get(data, "schema", int, "")
    if schema is not None and schema != SCHEMA:
        r.fail("schema", f"version {schema} is not supported (this game reads {SCHEMA})")
    pack_id = r.get(data, "id", str, "") or r.pack
    if pack_id != r.pack:
        r.fail("id", f"'{pack_id}' must match the folder name '{r.pack}'")
    elif not is_pack_id(pack_id):
        r.fail("id", f"{pack_id!r} is not a pack id ({PACK_ID_RULE})")
    preset = r.get(data, "preset", str, "") or "classic"
    if preset not in known_presets():
        r.fail("preset", f"'{preset}' is not one of {', '.join(known_presets())}")
    cards = r.get(data, "cards", dict, "") or {}
    table = r.get(data, "table", dict, "") or {}
    return Manifest(
        folder=r.folder,
        id=pack_id,
        preset=preset,
        names=r.names(data, "name", ""),
        colours=_colours(r, data),
        palette=_palette(r, data),
        fonts=_fonts(r, data),
        card_pattern=_card_pattern(r, cards),
        card_back=r.file(cards, "back", "cards"),
        table_background=r.file(table, "background", "table"),
        table_map=r.file(table, "map", "table"),
        sounds=_sounds(r, data, preset),
        menu_background=r.file(table, "menu", "table") if "menu" in table else None,
    )


def _colours(r: _Reader, data: dict[str, Any]) -> tuple[Colour, ...]:
    entries = r.get(data, "colors", list, "") or []
    if entries and len(entries) != 4:
        r.fail("colors", f"a deck has four colours, not {len(entries)}")
    colours = []
    for i, entry in enumerate(entries):
        where = f"colors[{i}]"
        if not isinstance(entry, dict):
            r.fail(where, "must be a table")
            continue
        key = r.get(entry, "key", str, where) or f"?{i}"
        colours.append(
            Colour(
                key,
                r.rgb(entry, "rgb", where),
                r.file(entry, "symbol", where),
                r.names(entry, "name", where),
            )
        )
    keys = [c.key for c in colours]
    if len(set(keys)) != len(keys):
        r.fail("colors", f"colour keys repeat: {', '.join(keys)}")
    return tuple(colours)


def _palette(r: _Reader, data: dict[str, Any]) -> dict[str, RGB]:
    table = r.get(data, "palette", dict, "") or {}
    palette = {name: r.rgb(table, name, "palette") for name in PALETTE if table}
    readable = table and "text" in table and "panel" in table  # else already reported
    if readable and (ratio := contrast(palette["text"], palette["panel"])) < MIN_CONTRAST:
        r.fail(
            "palette.text",
            f"contrast with palette.panel is {ratio:.1f}:1, needs at least {MIN_CONTRAST}:1",
        )
    return palette


def _grid(r: _Reader, value: dict[str, Any], role: str) -> int | None:
    grid = value.get("grid")
    if grid is None:
        return None
    if not isinstance(grid, int) or isinstance(grid, bool) or not 1 <= grid <= 64:
        r.fail(f"fonts.{role}.grid", "must be a whole number of pixels from 1 to 64")
        return None
    return grid


def _fonts(r: _Reader, data: dict[str, Any]) -> dict[str, Font]:
    table = r.get(data, "fonts", dict, "") or {}
    if table and "ui" not in table:
        r.fail("fonts.ui", "missing")
    fonts = {}
    for role, value in table.items():
        if value == "default":
            fonts[role] = Font(None, None)
        elif isinstance(value, dict):
            # A shipped font must travel with its licence (OFL or CC0).
            fonts[role] = Font(
                r.file(value, "file", f"fonts.{role}"),
                r.file(value, "licence", f"fonts.{role}"),
                _grid(r, value, role),
            )
        else:
            r.fail(f"fonts.{role}", 'must be "default" or { file = ..., licence = ... }')
    return fonts


def _card_pattern(r: _Reader, cards: dict[str, Any]) -> str:
    pattern = r.get(cards, "pattern", str, "cards")
    if pattern is None:
        return CARD_PLACEHOLDER
    if pattern.count(CARD_PLACEHOLDER) != 1:
        r.fail("cards.pattern", f"must contain {CARD_PLACEHOLDER} exactly once")
        return CARD_PLACEHOLDER
    try:
        resolve_inside(r.folder, pattern.replace(CARD_PLACEHOLDER, "red-0"))
    except UnsafePackFile as error:
        r.fail("cards.pattern", str(error))
    return pattern


def _sounds(r: _Reader, data: dict[str, Any], preset: str) -> dict[str, tuple[Path, ...]]:
    table = r.get(data, "sounds", dict, "") or {}
    known = required_sounds(preset) + OPTIONAL_SOUNDS
    sounds = {}
    for name in known:
        if name in table:
            sounds[name] = _takes(r, table[name], f"sounds.{name}")
        elif table and name not in OPTIONAL_SOUNDS:
            r.fail(f"sounds.{name}", "missing")
    for name in sorted(set(table) - set(known)):
        r.fail(f"sounds.{name}", f"is not a sound this game plays ({', '.join(known)})")
    return sounds


def _takes(r: _Reader, value: Any, field: str) -> tuple[Path, ...]:
    """One file ("sounds/play.ogg") or a list of takes (["sounds/play_1.ogg", ...])."""
    if isinstance(value, str):
        return (r.path(value, field),)
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_TAKES:
        r.fail(field, f"must be a file or a list of 1 to {MAX_TAKES} files")
        return ()
    if not all(isinstance(v, str) for v in value):
        r.fail(field, "every take must be a file name")
        return ()
    return tuple(r.path(v, f"{field}[{i}]") for i, v in enumerate(value))
