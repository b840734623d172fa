"""A table map's numbers, checked before pytmx builds anything from them.

pytmx allocates a tile layer as width x height entries and unpacks compressed
layer data whole: a 1 MB gzip layer can stand for 5 GB. The game draws places
scaled from the map's own size, so a place outside the map, or one of zero,
negative, huge or non-finite size, would break the table later instead of now.
"""

from __future__ import annotations

import base64
import binascii
import math
import xml.etree.ElementTree as ET
import zlib

from game.themes.errors import UnsafePackFile

MAX_MAP_SIDE = 8192  # px: the reference size is 1280x720
MAX_TILES = 1 << 20  # a layer's width x height
MAX_TILESET_TILES = 1 << 14  # pytmx visits every tile an image holds, one by one
Rect = tuple[int, int, int, int]


def _whole(node: ET.Element, name: str, high: int, low: int = 1) -> int:
    """An attribute as a whole number from `low` to `high`, in plain ASCII digits:
    `int()` would also take ' 7', '+7', '7_0' and '٧', which nobody writes on purpose."""
    text = node.get(name, "")
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise UnsafePackFile(f"<{node.tag} {name}={text[:20]!r}>: must be {low} to {high}")
    return int(text)


def _optional_whole(node: ET.Element, name: str, high: int) -> int:
    """Tiled leaves `spacing` and `margin` out when they are 0."""
    return 0 if node.get(name) is None else _whole(node, name, high, low=0)


def check_map_tree(root: ET.Element) -> None:
    """The map's size and every tile layer's size and data, from the parsed XML."""
    if root.tag != "map":
        raise UnsafePackFile("not a Tiled map")
    width, height = _whole(root, "width", MAX_MAP_SIDE), _whole(root, "height", MAX_MAP_SIDE)
    tile_w, tile_h = (
        _whole(root, "tilewidth", MAX_MAP_SIDE),
        _whole(root, "tileheight", MAX_MAP_SIDE),
    )
    if width * tile_w > MAX_MAP_SIDE or height * tile_h > MAX_MAP_SIDE:
        raise UnsafePackFile(f"the map is larger than {MAX_MAP_SIDE} px a side")
    for layer in root.iter("layer"):
        tiles = _whole(layer, "width", MAX_TILES) * _whole(layer, "height", MAX_TILES)
        if tiles > MAX_TILES:
            raise UnsafePackFile(f"a tile layer of {tiles} tiles; at most {MAX_TILES}")
        for data in layer.iter("data"):
            _check_layer_data(data, tiles)
    if any(True for _ in root.iter("chunk")):
        raise UnsafePackFile("infinite maps (chunks) are not read")
    check_tilesets(root)


def check_tilesets(root: ET.Element) -> None:
    """Every tileset in a map (or a .tsx file) cuts its image into a bounded number
    of tiles; its image states its size, as Tiled writes it. Spacing and margin are
    whole and not negative: a spacing of 1 - tilewidth makes pytmx step one pixel at a
    time, and that loop ran for minutes at every start."""
    for tileset in root.iter("tileset"):
        if tileset.get("source") is not None:
            continue  # an external .tsx: checked when it is read
        tile = (
            _whole(tileset, "tilewidth", MAX_MAP_SIDE),
            _whole(tileset, "tileheight", MAX_MAP_SIDE),
        )
        spacing = _optional_whole(tileset, "spacing", MAX_MAP_SIDE)
        margin = _optional_whole(tileset, "margin", MAX_MAP_SIDE)
        for image in tileset.findall("image"):
            size = (_whole(image, "width", MAX_MAP_SIDE), _whole(image, "height", MAX_MAP_SIDE))
            tiles = pytmx_tile_visits(size, tile, spacing, margin)
            if tiles > MAX_TILESET_TILES:
                raise UnsafePackFile(f"a tileset of {tiles} tiles; at most {MAX_TILESET_TILES}")


def pytmx_tile_visits(
    image: tuple[int, int], tile: tuple[int, int], spacing: int, margin: int
) -> int:
    """How many tiles pytmx's reload_images visits for one tileset image: its loop is
    `product(range(margin, height + margin - tileheight + 1, tileheight + spacing),
    range(margin, width + margin - tilewidth + 1, tilewidth + spacing))`, so the same
    ranges are counted here (in constant time) before it runs. Spacing counts, and so
    does margin (as pytmx reads it: on one side only, so never fewer tiles than Tiled)."""
    width, height = image
    across = range(margin, width + margin - tile[0] + 1, tile[0] + spacing)
    down = range(margin, height + margin - tile[1] + 1, tile[1] + spacing)
    return len(across) * len(down)


def _check_layer_data(data: ET.Element, tiles: int) -> None:
    """Encoded tile data must unpack to exactly one 4-byte id per tile, and no more."""
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        if sum(1 for _ in data) > tiles:
            raise UnsafePackFile("more tiles than the layer holds")
        return
    if encoding == "csv":
        if (data.text or "").count(",") >= tiles:
            raise UnsafePackFile("more tiles than the layer holds")
        return
    if encoding != "base64" or compression not in (None, "gzip", "zlib"):
        raise UnsafePackFile(f"tile data {encoding}/{compression} is not read")
    try:
        raw = base64.b64decode((data.text or "").strip(), validate=True)
        if compression is not None:
            unpacker = zlib.decompressobj(wbits=47)  # gzip or zlib header, told apart
            raw = unpacker.decompress(raw, 4 * tiles + 1)
    except (binascii.Error, zlib.error) as error:
        raise UnsafePackFile(f"damaged tile data ({error})") from error
    if len(raw) > 4 * tiles:
        raise UnsafePackFile("tile data unpacks to more than the layer holds")


def check_place(name: str, rect: tuple[float, float, float, float], size: tuple[int, int]) -> Rect:
    """A place as whole pixels, inside the map and of a positive size."""
    x, y, w, h = rect
    if not all(math.isfinite(v) for v in rect):
        raise UnsafePackFile(f"place {name!r} has a non-finite position or size")
    if w < 1 or h < 1 or x < 0 or y < 0 or x + w > size[0] or y + h > size[1]:
        raise UnsafePackFile(f"place {name!r} must lie inside the {size[0]}x{size[1]} map")
    return (round(x), round(y), round(w), round(h))
