"""Draw the app icon: a fan of four coloured cards on a dark green table.

    python build/icon.py

Writes build/icon.png (512 px), build/icon.ico (Windows) and build/icon.icns
(macOS) next to this file. All three are committed; PyInstaller takes the one
its platform wants. The art is drawn large and scaled down so the edges are
smooth; .ico and .icns both allow PNG images inside, so pygame's PNG writer is
all we need and no image library joins the build.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402  (the driver must be chosen first)

HERE = Path(__file__).resolve().parent
DRAW = 1024  # drawing size; every output is scaled down from this
CARD_COLOURS = [(0x1F, 0x6F, 0xD8), (0x2E, 0xA0, 0x43), (0xF2, 0xC1, 0x1C), (0xD9, 0x2B, 0x2B)]
TABLE = (0x0E, 0x4D, 0x2C)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns chunk type for each PNG size (ic07..ic10 are the PNG-capable types).
ICNS_TYPES = {128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def card(width: int, height: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """One card face: white border, coloured field, a tilted white oval in the middle."""
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 8
    pygame.draw.rect(face, (255, 255, 255), face.get_rect(), border_radius=radius)
    inner = face.get_rect().inflate(-width // 8, -width // 8)
    pygame.draw.rect(face, colour, inner, border_radius=radius * 2 // 3)
    oval = pygame.Surface((inner.width * 11 // 20, inner.height * 17 // 20), pygame.SRCALPHA)
    pygame.draw.ellipse(oval, (255, 255, 255), oval.get_rect())
    oval = pygame.transform.rotate(oval, -30)
    face.blit(oval, oval.get_rect(center=face.get_rect().center))
    return face


def draw_icon() -> pygame.Surface:
    """The full-size icon with a transparent corner."""
    icon = pygame.Surface((DRAW, DRAW), pygame.SRCALPHA)
    pygame.draw.rect(icon, TABLE, icon.get_rect(), border_radius=DRAW // 5)
    pivot = (DRAW // 2, DRAW * 84 // 100)  # the fan turns about a point low in the middle
    for index, colour in enumerate(CARD_COLOURS):
        angle = 30 - index * 20  # degrees, anticlockwise; left card first
        face = pygame.transform.rotate(card(DRAW * 34 // 100, DRAW * 51 // 100, colour), angle)
        # The card's centre sits a fixed distance above the pivot, turned with the card.
        reach = DRAW * 34 // 100
        centre = (
            pivot[0] - reach * math.sin(math.radians(angle)),
            pivot[1] - reach * math.cos(math.radians(angle)),
        )
        icon.blit(face, face.get_rect(center=(round(centre[0]), round(centre[1]))))
    return icon


def png_bytes(surface: pygame.Surface, size: int) -> bytes:
    small = pygame.transform.smoothscale(surface, (size, size))
    buffer = io.BytesIO()
    pygame.image.save(small, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows icon: a directory of PNG images (allowed since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        side = size % 256  # 0 means 256 in an .ico directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS icon: big-endian chunks of PNG images after an 'icns' header."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", len(data) + 8) + data for size, data in images.items()
    )
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    pygame.display.init()
    icon = draw_icon()
    (HERE / "icon.png").write_bytes(png_bytes(icon, 512))
    (HERE / "icon.ico").write_bytes(ico({s: png_bytes(icon, s) for s in ICO_SIZES}))
    (HERE / "icon.icns").write_bytes(icns({s: png_bytes(icon, s) for s in ICNS_TYPES}))
    print(f"wrote {HERE / 'icon.png'}, icon.ico, icon.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
