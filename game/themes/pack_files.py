"""Keeps a pack to its own folder and to plain data files.

A pack comes from anywhere (a player's download), so every path it names is
checked before use: relative, inside the pack after links are resolved, and
of a data type we know how to read. No code from a pack is ever run.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath, PureWindowsPath

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as safe_fromstring

from game.files.safe_read import read_limited
from game.themes.errors import UnsafePackFile

DATA_SUFFIXES = frozenset({".svg", ".png", ".wav", ".ogg", ".ttf", ".otf", ".txt", ".tmx", ".tsx"})
XML_SUFFIXES = frozenset({".svg", ".tmx", ".tsx"})
XML_BYTES = 4 * 1024 * 1024  # a card's SVG is a few KB, a map under 100 KB
XML_ELEMENTS = 50_000  # nanosvg and pytmx walk every element: bound the walk


def resolve_inside(pack: Path, relative: str) -> Path:
    """The file a pack names, or UnsafePackFile if it is not a data file of the pack."""
    if not relative.isprintable():
        raise UnsafePackFile(f"{relative!r} has control characters in its name")
    if not relative or "\\" in relative or PureWindowsPath(relative).drive:
        raise UnsafePackFile(f"{relative!r} is not a relative path with '/' separators")
    if PurePosixPath(relative).is_absolute():
        raise UnsafePackFile(f"{relative!r} is an absolute path; use a path inside the pack")
    if ".." in PurePosixPath(relative).parts:
        raise UnsafePackFile(f"{relative!r} uses '..', which could lead outside the pack")
    target = (pack / relative).resolve()  # also follows links, which may point out
    if not target.is_relative_to(pack.resolve()):
        raise UnsafePackFile(f"{relative!r} points outside the pack folder")
    if target.suffix.lower() not in DATA_SUFFIXES:
        allowed = ", ".join(sorted(DATA_SUFFIXES))
        raise UnsafePackFile(f"{relative!r} is not a data file we read ({allowed})")
    return target


def check_xml(path: Path) -> ET.Element:
    """Parse a pack's XML file with defusedxml: no DTD, no entities, in any encoding
    (a UTF-16 file hides its declarations from a byte-level search); bounded in size
    and in elements."""
    data = read_limited(path, XML_BYTES)
    try:
        root = safe_fromstring(data, forbid_dtd=True)
    except DefusedXmlException as error:
        raise UnsafePackFile("XML with a DOCTYPE or ENTITY declaration is refused") from error
    except ET.ParseError as error:
        raise UnsafePackFile(f"not well-formed XML ({error})") from error
    except LookupError as error:  # <?xml encoding="UTF0"?>: a codec Python lacks
        raise UnsafePackFile(f"XML in an encoding we cannot read ({error})") from error
    if sum(1 for _ in root.iter()) > XML_ELEMENTS:
        raise UnsafePackFile(f"more than {XML_ELEMENTS} XML elements")
    return root
