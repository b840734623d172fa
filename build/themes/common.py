"""What every art generator is given: the pack's colours, read from its manifest."""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # the generators read the deck contract from game/
    sys.path.insert(0, str(REPO))

from game.themes.faces import preset_faces, split_face  # noqa: E402

RGB = tuple[int, int, int]
CARD_W = 200
CARD_H = 300
TABLE_W = 1280
TABLE_H = 720

# One shape a colour, the same in every pack, so a player learns them once.
SHAPE_FOR = {
    "red": "circle",
    "pink": "heart",
    "yellow": "diamond",
    "green": "triangle",
    "blue": "square",
}


@dataclass(frozen=True)
class PackColours:
    rgb: dict[str, RGB]
    order: tuple[str, ...]

    def shape(self, colour: str) -> str:
        return SHAPE_FOR[colour]


def read_pack(pack: Path) -> tuple[str, PackColours]:
    """The preset and colours from a pack's manifest: one source of truth."""
    data = tomllib.loads((pack / "theme.toml").read_text(encoding="utf-8"))
    rgb = {c["key"]: tuple(c["rgb"]) for c in data["colors"]}
    return data["preset"], PackColours(rgb=rgb, order=tuple(rgb))


def faces(preset: str) -> list[str]:
    """The faces to draw: the engine's deck (its colours are the manifest's; checks.py
    says so on load)."""
    return preset_faces(preset)


__all__ = ["CARD_H", "CARD_W", "RGB", "PackColours", "faces", "read_pack", "split_face"]
