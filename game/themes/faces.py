"""The distinct card faces a theme must draw, for each rules preset.

The engine owns the decks. While it is not importable (it is being written in
parallel) a local copy of the deck contract (RULES.md section 2) stands in,
built from the manifest's own colours.
"""

from __future__ import annotations

from collections.abc import Sequence

# Wild-type faces carry no colour; every other face is "<colour>-<value>".
COLOURLESS = ("wild", "wild-draw4", "creeper", "urrrh")
VALUES = (*(str(n) for n in range(10)), "skip", "reverse", "draw2")
_SPECIALS: dict[str, tuple[str, ...]] = {
    "classic": (),
    "minecraft": ("creeper",),
    "monster_high": ("urrrh",),
}


def known_presets() -> tuple[str, ...]:
    return tuple(_SPECIALS)


def split_face(face: str) -> tuple[str | None, str]:
    """("red", "7") for "red-7"; (None, "wild-draw4") for a colourless card."""
    if face in COLOURLESS:
        return None, face
    colour, _, value = face.partition("-")
    return colour, value


def fallback_faces(preset: str, colours: Sequence[str]) -> list[str]:
    if preset not in _SPECIALS:
        raise ValueError(f"unknown rules preset {preset!r}")
    coloured = [f"{colour}-{value}" for colour in colours for value in VALUES]
    return sorted({*coloured, "wild", "wild-draw4", *_SPECIALS[preset]})


def engine_faces(preset: str) -> list[str] | None:
    """The engine's distinct faces, or None while the engine cannot give them."""
    try:
        from game.engine import RuleSet
    except ImportError:
        return None
    try:
        deck = RuleSet.preset(preset).deck()
    except (AttributeError, KeyError, ValueError):
        return None
    return sorted({str(card) for card in deck})


def preset_faces(preset: str, colours: Sequence[str]) -> list[str]:
    """The engine's faces when it can tell, otherwise the local contract copy."""
    faces = engine_faces(preset)
    return faces if faces is not None else fallback_faces(preset, colours)


def engine_colours(preset: str) -> set[str] | None:
    """The colours of the engine's deck for a preset, or None without the engine."""
    faces = engine_faces(preset)
    if faces is None:
        return None
    return {colour for colour, _ in map(split_face, faces) if colour is not None}
