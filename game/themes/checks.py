"""Checks on a pack's files beyond the manifest: art for every card, safe XML,
readable sounds, and fonts that travel with an open licence."""

from __future__ import annotations

import wave
from pathlib import Path

from game.themes.errors import Problem, UnsafePackFile
from game.themes.faces import engine_colours, preset_faces
from game.themes.manifest import MANIFEST, Manifest
from game.themes.pack_files import XML_SUFFIXES, check_xml

OPEN_FONT_LICENCES = ("SIL Open Font License", "CC0")


def check_files(manifest: Manifest) -> list[Problem]:
    return (check_cards(manifest) + check_xml_files(manifest) + check_sounds(manifest)
            + check_fonts(manifest))


def check_cards(manifest: Manifest) -> list[Problem]:
    """Every face of the preset has art; the colours are the preset's colours."""
    problems = []
    keys = [c.key for c in manifest.colours]
    expected = engine_colours(manifest.preset)
    if expected is not None and set(keys) != expected:
        problems.append(Problem(manifest.id, MANIFEST, "colors", f"preset '{manifest.preset}' "
                                f"uses {', '.join(sorted(expected))}, not {', '.join(keys)}"))
    for face in preset_faces(manifest.preset, keys):
        try:
            art = manifest.card_file(face)
        except UnsafePackFile as error:
            problems.append(Problem(manifest.id, MANIFEST, "cards.pattern", str(error)))
            break
        if not art.is_file():
            problems.append(Problem(manifest.id, _relative(manifest, art), "cards.pattern",
                                    f"no art for card '{face}'"))
    return problems


def check_xml_files(manifest: Manifest) -> list[Problem]:
    """Every SVG or map the pack ships is safe XML (no DTD, no entities)."""
    problems = []
    for path in sorted(manifest.folder.rglob("*")):
        if path.suffix.lower() in XML_SUFFIXES and path.is_file():
            try:
                check_xml(path)
            except UnsafePackFile as error:
                problems.append(Problem(manifest.id, _relative(manifest, path), "", str(error)))
    return problems


def check_sounds(manifest: Manifest) -> list[Problem]:
    """WAV files must open as WAV; the mixer would otherwise fail mid-game."""
    problems = []
    for name, path in manifest.sounds.items():
        if path.suffix.lower() != ".wav":
            continue
        try:
            with wave.open(str(path), "rb") as sound:
                sound.getnframes()
        except (wave.Error, EOFError, OSError) as error:
            problems.append(Problem(manifest.id, _relative(manifest, path), f"sounds.{name}",
                                    f"not a readable WAV file ({error})"))
    return problems


def check_fonts(manifest: Manifest) -> list[Problem]:
    """A shipped font sits beside its licence, and the licence is OFL or CC0."""
    problems = []
    for role, font in manifest.fonts.items():
        if font.file is None or font.licence is None:
            continue
        field = f"fonts.{role}.licence"
        if font.licence.parent != font.file.parent:
            problems.append(Problem(manifest.id, MANIFEST, field,
                                    "the licence must sit in the same folder as the font"))
        text = font.licence.read_text(encoding="utf-8", errors="replace")
        if not any(name in text for name in OPEN_FONT_LICENCES):
            problems.append(Problem(manifest.id, _relative(manifest, font.licence), field,
                                    "fonts must be under the SIL Open Font License or CC0"))
    return problems


def _relative(manifest: Manifest, path: Path) -> str:
    """The path as the pack names it (resolved paths come from the manifest's checks)."""
    for base in (manifest.folder, manifest.folder.resolve()):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return path.name
