"""What a pack's files may be before any library opens them.

SDL_image, nanosvg, FreeType and the mixer trust their input more than a game
can trust a download: a 27000x27000 PNG overflows inside libpng, an empty font
fails only when a label is drawn, a FIFO named as a sound blocks forever. Each
file the manifest names is checked here from its own bytes (a header, a table
directory) so a pack that would break in play is unavailable from the start.
"""

from __future__ import annotations

import io
import math
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

from game.files.safe_read import read_limited, regular_file_size
from game.themes.errors import UnsafePackFile

MAX_SIDE = 4096  # px: about four times the largest card or table the layout asks for
MAX_BYTES = {  # per kind of file; far above what the shipped packs use
    ".png": 16 << 20,
    ".svg": 4 << 20,
    ".wav": 16 << 20,
    ".ogg": 16 << 20,
    ".ttf": 16 << 20,
    ".otf": 16 << 20,
    ".txt": 1 << 20,
    ".tmx": 4 << 20,
    ".tsx": 1 << 20,
}
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true")
_NUMBER = re.compile(r"(?<![0-9._])[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_REFERENCE = re.compile(r"#[0-9A-Za-z_-]+")  # colours (#82e28a) and url(#id): not numbers
_NAMES = frozenset({"id", "class", "href", "{http://www.w3.org/1999/xlink}href"})
MAX_SVG_NUMBER = 1e7  # coordinates, radii, percentages: nanosvg crashes on infinities
# nanosvg's time grows with the square of a path's length: 10,000 segments (20,000
# numbers) take 0.06 s a card, 330,000 did not finish. The shipped cards use 808 at most.
MAX_SVG_NUMBERS = 20_000
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|mm|cm|in)?\s*")


def pack_file(path: Path) -> io.BytesIO:
    """A pack file's bytes (a regular file within its kind's size) for a library that
    takes a file object: SDL opens a path by its UTF-8 name, so a pack in a folder whose
    name is not UTF-8 (`\\xff\\xfe`) is read here, by the bytes of its path. OSError
    if it cannot be read."""
    return io.BytesIO(read_limited(path, MAX_BYTES.get(path.suffix.lower(), 1 << 20)))


def check_named_file(path: Path) -> None:
    """A regular file within its kind's size, and sound in its header; else UnsafePackFile."""
    suffix = path.suffix.lower()
    try:
        size = regular_file_size(path)
    except OSError as error:
        raise UnsafePackFile(str(error)) from error
    if size > MAX_BYTES.get(suffix, 1 << 20):
        raise UnsafePackFile(f"larger than {MAX_BYTES.get(suffix, 1 << 20) >> 20} MB")
    if suffix == ".png":
        check_png(path)
    elif suffix in (".ttf", ".otf"):
        check_font(path)


def check_png(path: Path) -> None:
    """Width and height from the IHDR chunk, read before anything decodes the image.
    Only for a file check_named_file has found regular."""
    with path.open("rb") as image:  # a regular file: check_named_file saw to that
        head = image.read(24)
    if len(head) < 24 or head[:8] != _PNG_SIGNATURE or head[12:16] != b"IHDR":
        raise UnsafePackFile("not a PNG image")
    width, height = struct.unpack(">II", head[16:24])
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise UnsafePackFile(f"a {width}x{height} image; at most {MAX_SIDE} px a side")


def check_svg_size(root_attributes: dict[str, str]) -> None:
    """An SVG's own width, height and viewBox: positive, finite, at most MAX_SIDE * 4."""
    values = [root_attributes[k] for k in ("width", "height") if k in root_attributes]
    view_box = root_attributes.get("viewBox", "").replace(",", " ").split()
    for text in values:
        if text.strip().endswith("%"):
            continue
        match = _LENGTH.fullmatch(text)
        if match is None or not 0 < float(match.group(1)) <= MAX_SIDE * 4:
            raise UnsafePackFile(f"SVG size {text!r}: at most {MAX_SIDE * 4} a side")
    if view_box:
        try:
            box = [float(v) for v in view_box]
        except ValueError:
            box = []
        ok = len(box) == 4 and all(math.isfinite(v) and abs(v) <= 1e6 for v in box)
        if not ok or box[2] <= 0 or box[3] <= 0:
            raise UnsafePackFile(f"SVG viewBox {' '.join(view_box)[:40]!r} is not a sane box")


def check_svg_numbers(root: ET.Element) -> None:
    """Every number in the SVG's attributes and styles is finite and of sane size:
    `cx='1e309%'` (infinity once parsed) crashes nanosvg when it draws the gradient.
    And there are at most MAX_SVG_NUMBERS of them, so drawing it takes no time to speak of.
    One search per element over all its values (a card has thousands of attributes,
    and a pack a hundred cards: this is most of a pack's check)."""
    count = 0
    for node in root.iter():
        values = [text for name, text in node.attrib.items() if name not in _NAMES]
        found = _NUMBER.findall(_REFERENCE.sub(" ", " ".join([*values, node.text or ""])))
        count += len(found)
        if count > MAX_SVG_NUMBERS:
            raise UnsafePackFile(f"more than {MAX_SVG_NUMBERS} numbers: too slow to draw")
        if found and not max(map(abs, map(float, found))) <= MAX_SVG_NUMBER:
            _name_the_number(node)  # also catches infinities and NaN


def _name_the_number(node: ET.Element) -> None:
    """The attribute holding the number out of range, for the message."""
    for name, text in [*node.attrib.items(), ("text", node.text or "")]:
        for number in _NUMBER.findall(_REFERENCE.sub(" ", text)) if name not in _NAMES else ():
            if not abs(float(number)) <= MAX_SVG_NUMBER:
                tag = node.tag.rpartition("}")[2]
                raise UnsafePackFile(
                    f"<{tag} {name}=...>: the number {number[:20]} is out of range"
                )


def check_font(path: Path) -> None:
    """A TrueType/OpenType file whose table directory lies inside the file."""
    data = read_limited(path, MAX_BYTES[".ttf"])
    if len(data) < 12 or data[:4] not in _FONT_MAGIC:
        raise UnsafePackFile("not a TrueType or OpenType font")
    (tables,) = struct.unpack(">H", data[4:6])
    if tables == 0 or 12 + 16 * tables > len(data):
        raise UnsafePackFile("a font with a damaged table directory")
    for i in range(tables):
        offset, length = struct.unpack(">II", data[12 + 16 * i + 8 : 12 + 16 * i + 16])
        if offset + length > len(data):
            raise UnsafePackFile("a font table lies outside the file")
