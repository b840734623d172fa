"""Who sits at each seat: a look per seat (skin, hair colour, hair style, one extra),
twelve of them, so a ten-seat table never shows the same face twice. Data only;
avatar.py draws them in each theme's style."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    skin: int  # index into the theme's skins
    hair: int  # index into the theme's hair colours
    style: int  # 0 cap and fringe, 1 spiky, 2 long, 3 bun, 4 cropped
    extra: str  # "", "glasses", "earrings", "hat", "beard", "freckles", "bow"


# Chosen by hand so neighbours differ in at least two ways.
LOOKS: tuple[Look, ...] = (
    Look(0, 0, 0, ""),
    Look(1, 1, 2, "earrings"),
    Look(2, 2, 1, "glasses"),
    Look(3, 3, 3, "bow"),
    Look(4, 4, 4, "beard"),
    Look(5, 5, 2, "freckles"),
    Look(6, 6, 0, "hat"),
    Look(7, 7, 1, "earrings"),
    Look(1, 2, 4, "glasses"),
    Look(3, 0, 2, "hat"),
    Look(2, 5, 3, "freckles"),
    Look(5, 1, 1, "beard"),
)


def look_of(seat: int) -> Look:
    return LOOKS[seat % len(LOOKS)]


SKINS: dict[str, tuple[RGB, ...]] = {
    "classic": (
        (241, 200, 160),
        (198, 140, 100),
        (141, 85, 54),
        (255, 219, 180),
        (224, 172, 105),
        (110, 66, 42),
        (233, 186, 150),
        (176, 120, 84),
    ),
    "minecraft": (
        (198, 142, 108),
        (240, 196, 160),
        (120, 80, 56),
        (96, 160, 80),
        (170, 120, 90),
        (150, 150, 160),
        (224, 170, 130),
        (86, 60, 44),
    ),
    "monster_high": (
        (170, 220, 190),
        (200, 180, 230),
        (176, 210, 235),
        (215, 215, 220),
        (236, 200, 214),
        (150, 200, 160),
        (190, 160, 210),
        (240, 232, 220),
    ),
}
HAIRS: dict[str, tuple[RGB, ...]] = {
    "classic": (
        (70, 45, 30),
        (230, 190, 90),
        (30, 30, 35),
        (170, 70, 40),
        (120, 120, 125),
        (120, 70, 40),
        (200, 150, 60),
        (50, 35, 60),
    ),
    "minecraft": (
        (72, 48, 28),
        (200, 120, 40),
        (40, 30, 20),
        (60, 90, 50),
        (150, 100, 50),
        (220, 210, 120),
        (90, 40, 30),
        (60, 60, 70),
    ),
    "monster_high": (
        (25, 20, 35),
        (240, 90, 170),
        (60, 30, 90),
        (20, 80, 90),
        (245, 245, 250),
        (120, 40, 140),
        (30, 140, 150),
        (200, 40, 80),
    ),
}
