"""The table map: named places from a Tiled .tmx, scaled to any window.

pytmx reads the map. It imports pygame by itself when pygame is installed
(for its optional image loader), so it is imported only inside load_layout;
nothing here needs pygame, and the tests prove this module works without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.limits import PLAYER_COUNTS
from game.themes.errors import UnsafePackFile
from game.themes.file_limits import check_named_file
from game.themes.map_limits import check_map_tree, check_place, check_tilesets
from game.themes.pack_files import check_xml, resolve_inside

REFERENCE_SIZE = (1280, 720)
PLACES_GROUP = "places"
PLACE_NAMES = (
    "draw_pile",
    "discard_pile",
    "hand",
    "direction",
    "uno_button",
    "event_log",
    "score_panel",
)
Rect = tuple[int, int, int, int]


class LayoutError(ValueError):
    """A map that lacks a place, or cannot be read; the message names what is missing."""


def seats_group(players: int) -> str:
    return f"seats_{players}"


@dataclass(frozen=True)
class TableLayout:
    """Places as (x, y, width, height) in pixels of a window of `size`."""

    size: tuple[int, int]
    places: dict[str, Rect]
    seats: dict[int, tuple[Rect, ...]]

    @property
    def card_size(self) -> tuple[int, int]:
        """Cards are drawn at the size of the draw pile."""
        _, _, w, h = self.places["draw_pile"]
        return w, h

    def seat(self, players: int, seat: int) -> Rect:
        return self.seats[players][seat]

    def fit(self, width: int, height: int) -> TableLayout:
        """The same table in a window of another size.

        Places keep their relative position (each centre scales with its own
        axis) but keep their shape (sizes scale by the smaller factor), so on a
        wide window cards spread out instead of stretching.
        """
        sx, sy = width / self.size[0], height / self.size[1]
        scale = min(sx, sy)

        def move(rect: Rect) -> Rect:
            x, y, w, h = rect
            new_w, new_h = round(w * scale), round(h * scale)
            cx, cy = (x + w / 2) * sx, (y + h / 2) * sy
            return (round(cx - new_w / 2), round(cy - new_h / 2), new_w, new_h)

        return TableLayout(
            size=(width, height),
            places={name: move(r) for name, r in self.places.items()},
            seats={n: tuple(move(r) for r in rects) for n, rects in self.seats.items()},
        )


def load_layout(path: Path) -> TableLayout:
    """Read and check a table map; LayoutError names every missing place."""
    _check_map_file(path)
    import pytmx  # see the module note: pytmx pulls in pygame when it can

    try:
        tiled = pytmx.TiledMap(str(path))
    except Exception as error:  # pytmx raises bare Exceptions for bad maps
        raise LayoutError(f"cannot read the map ({error})") from error
    size = (tiled.width * tiled.tilewidth, tiled.height * tiled.tileheight)
    groups = {group.name: group for group in tiled.objectgroups}
    missing: list[str] = []
    try:
        places = _named(groups, PLACES_GROUP, PLACE_NAMES, missing, size)
        seats = {}
        for n in PLAYER_COUNTS:
            names = [f"seat_{i}" for i in range(n)]
            found = _named(groups, seats_group(n), names, missing, size)
            seats[n] = tuple(found[f"seat_{i}"] for i in range(n) if f"seat_{i}" in found)
    except UnsafePackFile as error:
        raise LayoutError(str(error)) from error
    if missing:
        raise LayoutError("missing " + ", ".join(missing))
    return TableLayout(size, places, seats)


def _check_map_file(path: Path) -> None:
    """Safe-parse the map, and any tileset or image it names, before pytmx opens it.

    Files a map names must sit beside it or below, which keeps them in the pack.
    """
    try:
        root = check_xml(path)
        check_map_tree(root)
    except (OSError, UnsafePackFile) as error:
        raise LayoutError(str(error)) from error
    for node in root.iter():
        source = node.get("source")
        if source is None:
            continue
        try:
            target = resolve_inside(path.parent, source)
            check_named_file(target)
            if target.suffix.lower() == ".tsx":
                check_tilesets(check_xml(target))
        except (OSError, UnsafePackFile) as error:
            raise LayoutError(f"<{node.tag} source=...>: {error}") from error


def _named(
    groups: dict[str, Any],
    group_name: str,
    names: list[str] | tuple[str, ...],
    missing: list[str],
    size: tuple[int, int],
) -> dict[str, Rect]:
    group = groups.get(group_name)
    if group is None:
        missing.append(f"object group '{group_name}'")
        return {}
    found = {}
    for obj in group:
        if obj.name in names and obj.width is not None and obj.height is not None:
            rect = (float(obj.x), float(obj.y), float(obj.width), float(obj.height))
            found[obj.name] = check_place(f"{group_name}/{obj.name}", rect, size)
    missing.extend(f"'{group_name}/{name}'" for name in names if name not in found)
    return found
