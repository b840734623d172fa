"""Linux desktop integration for the standalone app: the .desktop entry, the AppStream
metainfo and hicolor icons, laid out as share/ beside the executable, with
install-desktop.sh to add them to the player's menu.

    python build/desktop.py DIR     # write DIR/share/... and DIR/install-desktop.sh

build/release.py does this for the Linux app. The sources are in packaging/linux/;
the icons are scaled from build/icon.png (512 px).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "packaging" / "linux"
APP_ID = "io.github.uno_table.UnoTable"
ICON = ROOT / "build" / "icon.png"
ICON_SIZES = (48, 64, 128, 256, 512)


def write_linux_integration(target: Path) -> list[Path]:
    """Lay the desktop files out under `target`; the files written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    share = target / "share"
    written = [
        _copy(SOURCE / f"{APP_ID}.desktop", share / "applications"),
        _copy(SOURCE / f"{APP_ID}.metainfo.xml", share / "metainfo"),
        _copy(SOURCE / "install-desktop.sh", target),
    ]
    art = pygame.image.load(str(ICON))
    for size in ICON_SIZES:
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{APP_ID}.png"
        pygame.image.save(pygame.transform.smoothscale(art, (size, size)), str(path))
        written.append(path)
    return written


def _copy(source: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy2(source, folder / source.name))


if __name__ == "__main__":
    for path in write_linux_integration(Path(sys.argv[1])):
        print(path)
