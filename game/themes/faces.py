"""The distinct card faces a theme must draw, for each rules preset: read off
the engine's decks, so a new card or preset needs no edit here."""

from __future__ import annotations

from game.engine import Card, RuleSet
from game.engine.kinds import KINDS


def known_presets() -> tuple[str, ...]:
    return RuleSet.preset_names()


def split_face(face: str) -> tuple[str | None, str]:
    """("red", "7") for "red-7"; (None, "wild-draw4") for a colourless card."""
    card = Card.parse(face)
    return card.color, card.symbol


def preset_faces(preset: str) -> list[str]:
    """Every distinct face of the preset's deck, sorted by name."""
    return sorted({card.text for card in RuleSet.preset(preset).deck()})


def preset_colours(preset: str) -> set[str]:
    """The colours of the preset's deck."""
    return set(RuleSet.preset(preset).colors)


def preset_sounds(preset: str) -> tuple[str, ...]:
    """The sounds the preset's special card plays (a Creeper's reveal...)."""
    special = RuleSet.preset(preset).special
    sound = KINDS[special].sound if special else ""
    return (sound,) if sound else ()
