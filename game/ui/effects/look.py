"""How a theme's effects look: the shape of a burst's pieces and their colours."""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.style import Style

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class EffectLook:
    shape: str  # a burst's pieces: "confetti" (paper), "block" (pixels), "bat" (wings)
    pieces: tuple[RGB, ...]  # the pieces' colours, in turn
    flash: RGB  # the star behind a burst, a seat's glow
    ink: RGB  # a stamp's ink
    wave: RGB  # a shock wave's ring


# Built-in themes by id; any other pack gets paper confetti in its own colours.
SHAPES = {"classic": "confetti", "minecraft": "block", "monster_high": "bat"}
# Minecraft's accent is grass green: on its grass a gold flash (an orb of experience) shows.
FLASHES: dict[str, RGB] = {"minecraft": (255, 214, 60)}
INKS: dict[str, RGB] = {"minecraft": (60, 60, 64), "monster_high": (120, 30, 110)}
WAVES: dict[str, RGB] = {"monster_high": (200, 120, 255)}


def effect_look(style: Style) -> EffectLook:
    theme = style.manifest.id
    colours = tuple(c.rgb for c in style.manifest.colours)
    if theme == "monster_high":  # bats are dark, with a few of the deck's colours
        colours = ((40, 20, 50), colours[0], (40, 20, 50), colours[-1])
    return EffectLook(
        SHAPES.get(theme, "confetti"),
        colours,
        FLASHES.get(theme, style.accent_rgb),
        INKS.get(theme, (200, 30, 40)),
        WAVES.get(theme, style.accent_rgb),
    )
