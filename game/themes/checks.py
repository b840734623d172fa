"""Checks on a pack's files beyond the manifest: art for every card, safe XML,
readable sounds, and fonts that travel with an open licence."""

from __future__ import annotations

from pathlib import Path

from game.files.safe_read import read_limited
from game.themes.errors import Problem, UnsafePackFile
from game.themes.faces import preset_colours, preset_faces
from game.themes.file_limits import (
    MAX_BYTES,
    check_named_file,
    check_svg_numbers,
    check_svg_size,
)
from game.themes.manifest import MANIFEST, Manifest
from game.themes.pack_files import check_xml
from game.themes.sound_length import MAX_EFFECTS_SECONDS, check_sound

OPEN_FONT_LICENCES = ("SIL Open Font License", "CC0")


def check_files(manifest: Manifest) -> list[Problem]:
    """Only the files the manifest names are opened, and each is checked as a file
    (regular, within its size, a sane header) before anything reads it."""
    problems = check_cards(manifest) + check_named_files(manifest)
    if problems:  # a FIFO or a damaged header: reading on could hang or crash
        return problems
    return check_xml_files(manifest) + check_sounds(manifest) + check_fonts(manifest)


def named_files(manifest: Manifest) -> list[tuple[str, Path]]:
    """(manifest field, file) for every file the manifest names, the card faces included."""
    named = [("cards.back", manifest.card_back), ("table.background", manifest.table_background)]
    named.append(("table.map", manifest.table_map))
    for i, colour in enumerate(manifest.colours):
        named.append((f"colors[{i}].symbol", colour.symbol))
    for name, takes in manifest.sounds.items():
        named += [(f"sounds.{name}", path) for path in takes]
    for role, font in manifest.fonts.items():
        named += [(f"fonts.{role}.file", font.file)] if font.file else []
        named += [(f"fonts.{role}.licence", font.licence)] if font.licence else []
    for face in preset_faces(manifest.preset):
        try:
            art = manifest.card_file(face)
        except UnsafePackFile:
            continue  # check_cards says so
        named += [("cards.pattern", art)] if art.exists() else []
    return named


def check_named_files(manifest: Manifest) -> list[Problem]:
    problems = []
    for field, path in named_files(manifest):
        try:
            check_named_file(path)
        except UnsafePackFile as error:
            problems.append(Problem(manifest.id, _relative(manifest, path), field, str(error)))
    return problems


def check_cards(manifest: Manifest) -> list[Problem]:
    """Every face of the preset has art; the colours are the preset's colours."""
    problems = []
    keys = [c.key for c in manifest.colours]
    expected = preset_colours(manifest.preset)
    if set(keys) != expected:
        problems.append(
            Problem(
                manifest.id,
                MANIFEST,
                "colors",
                f"preset '{manifest.preset}' "
                f"uses {', '.join(sorted(expected))}, not {', '.join(keys)}",
            )
        )
    for face in preset_faces(manifest.preset):
        try:
            art = manifest.card_file(face)
        except UnsafePackFile as error:
            problems.append(Problem(manifest.id, MANIFEST, "cards.pattern", str(error)))
            break
        if not art.is_file():
            problems.append(
                Problem(
                    manifest.id,
                    _relative(manifest, art),
                    "cards.pattern",
                    f"no art for card '{face}'",
                )
            )
    return problems


def check_xml_files(manifest: Manifest) -> list[Problem]:
    """Every SVG the manifest names is safe XML (no DTD, no entities) of a sane size;
    the map is checked by the layout."""
    problems = []
    for field, path in named_files(manifest):
        if path.suffix.lower() != ".svg":
            continue
        try:
            root = check_xml(path)
            check_svg_size(dict(root.attrib))
            check_svg_numbers(root)
        except (UnsafePackFile, OSError) as error:
            problems.append(Problem(manifest.id, _relative(manifest, path), field, str(error)))
    return problems


def check_sounds(manifest: Manifest) -> list[Problem]:
    """Every sound is Ogg Vorbis or PCM WAV, and short enough by its header: the mixer
    decodes an effect whole, so a long one would stall the game or fill its memory."""
    problems = []
    effects = 0.0  # what all the effects' takes may decode to, together
    for name, takes in manifest.sounds.items():
        for path in takes:
            try:
                most = check_sound(name, path, MAX_BYTES.get(path.suffix.lower(), 1 << 20))
            except (UnsafePackFile, OSError) as error:
                field = f"sounds.{name}"
                problems.append(Problem(manifest.id, _relative(manifest, path), field, str(error)))
                continue
            effects += most if name != "music" else 0.0
    if effects > MAX_EFFECTS_SECONDS:
        problems.append(
            Problem(
                manifest.id,
                MANIFEST,
                "sounds",
                f"the effects hold up to {effects:,.0f} s of audio together; "
                f"at most {MAX_EFFECTS_SECONDS:,.0f} s are decoded",
            )
        )
    return problems


def check_fonts(manifest: Manifest) -> list[Problem]:
    """A shipped font sits beside its licence, and the licence is OFL or CC0."""
    problems = []
    for role, font in manifest.fonts.items():
        if font.file is None or font.licence is None:
            continue
        field = f"fonts.{role}.licence"
        if font.licence.parent != font.file.parent:
            problems.append(
                Problem(
                    manifest.id,
                    MANIFEST,
                    field,
                    "the licence must sit in the same folder as the font",
                )
            )
        text = read_limited(font.licence, MAX_BYTES[".txt"]).decode("utf-8", errors="replace")
        if not any(name in text for name in OPEN_FONT_LICENCES):
            problems.append(
                Problem(
                    manifest.id,
                    _relative(manifest, font.licence),
                    field,
                    "fonts must be under the SIL Open Font License or CC0",
                )
            )
    return problems


def _relative(manifest: Manifest, path: Path) -> str:
    """The path as the pack names it (resolved paths come from the manifest's checks)."""
    for base in (manifest.folder, manifest.folder.resolve()):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return path.name
