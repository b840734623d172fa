"""What the standalone app says about itself: version, names, Windows version resource,
macOS Info.plist. One version, read from game/__init__.py (the wheel reads it there too).

Used by pyinstaller.spec and build/release.py; importable without PyInstaller except
for `windows_version_info`.
"""

from __future__ import annotations

import ast
import platform
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "uno-table"
TITLE = "UNO Table"
BUNDLE_ID = "io.github.uno_table.UnoTable"  # also the Linux desktop id
COPYRIGHT = "Copyright (c) 2026 The uno-table contributors (MIT licence)"


def version() -> str:
    """`__version__` in game/__init__.py, read without importing the game."""
    tree = ast.parse((ROOT / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value
    raise SystemExit("game/__init__.py has no __version__ = '...'")


def numeric_version(text: str) -> tuple[int, int, int, int]:
    """'1.2.3' or '1.2.3rc1' -> (1, 2, 3, 0): what Windows and macOS accept."""
    parts = []
    for piece in text.split(".")[:4]:
        digits = re.match(r"\d*", piece)
        parts.append(int(digits.group() or 0) if digits else 0)
        if not piece.isdigit():
            break  # 3rc1: the pre-release part is not a number Windows or macOS can show
    return tuple((parts + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def archive_stem(onefile: bool = False) -> str:
    """uno-table-<version>-<os>-<cpu>[-onefile]: the release's file names."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    suffix = "-onefile" if onefile else ""
    return f"{NAME}-{version()}-{system}-{platform.machine().lower()}{suffix}"


def info_plist() -> dict[str, Any]:
    short = ".".join(map(str, numeric_version(version())[:3]))
    return {
        "CFBundleName": TITLE,
        "CFBundleDisplayName": TITLE,
        "CFBundleShortVersionString": short,
        "CFBundleVersion": short,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.card-games",
    }


def windows_version_info() -> Any:
    """The .exe's version resource (Explorer's Properties > Details)."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = numeric_version(version())
    strings = {
        "CompanyName": "The uno-table contributors",
        "FileDescription": TITLE,
        "FileVersion": version(),
        "InternalName": NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": TITLE,
        "ProductVersion": version(),
    }
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[
            vi.StringFileInfo(
                [vi.StringTable("040904B0", [vi.StringStruct(k, v) for k, v in strings.items()])]
            ),
            vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])]),
        ],
    )


if __name__ == "__main__":
    print(version())
