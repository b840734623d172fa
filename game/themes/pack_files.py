"""Keeps a pack to its own folder and to plain data files.

A pack comes from anywhere (a player's download), so every path it names is
checked before use: relative, inside the pack after links are resolved, and
of a data type we know how to read. No code from a pack is ever run.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath, PureWindowsPath

from game.themes.errors import UnsafePackFile

DATA_SUFFIXES = frozenset({".svg", ".png", ".wav", ".ogg", ".ttf", ".otf", ".txt", ".tmx", ".tsx"})
XML_SUFFIXES = frozenset({".svg", ".tmx", ".tsx"})
# DTDs are how XML pulls in entities (billion laughs, external files): refuse them outright.
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def resolve_inside(pack: Path, relative: str) -> Path:
    """The file a pack names, or UnsafePackFile if it is not a data file of the pack."""
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
    """Parse an XML file only after refusing DTDs and entity declarations."""
    data = path.read_bytes()
    if _DTD.search(data):
        raise UnsafePackFile("XML with a DOCTYPE or ENTITY declaration is refused")
    try:
        return ET.fromstring(data)
    except ET.ParseError as error:
        raise UnsafePackFile(f"not well-formed XML ({error})") from error
