"""Regenerate every shipped theme pack's art, symbols and map (sounds and music:
make_sounds.py, which needs audio tools).

Run from anywhere: ``python build/themes/make_assets.py [--out DIR]``. The
output is deterministic, so a test can regenerate into a temporary folder and
compare with what is committed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from types import ModuleType

import classic
import minecraft
import monster_high
import shapes
import table_map
from common import REPO, PackColours, faces, read_pack

PACKS: dict[str, ModuleType] = {
    "classic": classic,
    "minecraft": minecraft,
    "monster_high": monster_high,
}


def write_pack(pack_id: str, source: Path, out: Path) -> list[Path]:
    """Write one pack's generated files under `out`; the manifest is read from `source`."""
    art = PACKS[pack_id]
    preset, colours = read_pack(source)
    files: dict[str, str | bytes] = {}
    for face in faces(preset):
        files[f"cards/{face}.svg"] = art.card_svg(face, colours)
    files["cards/back.svg"] = art.back_svg(colours)
    files["table/background.svg"] = art.table_svg(colours)
    if hasattr(art, "menu_svg"):
        files["table/menu.svg"] = art.menu_svg(colours)
    files["table.tmx"] = table_map.tmx_text()
    files.update(_symbols(colours))
    files.update(_licences(pack_id, files))
    return [_write(out / name, data) for name, data in sorted(files.items())]


def _symbols(colours: PackColours) -> dict[str, str]:
    return {
        f"symbols/{key}.svg": shapes.symbol_file(colours.shape(key), colours.rgb[key])
        for key in colours.order
    }


ART_LICENCE = """Pictures of the {name} theme: {folder}/

Drawn for uno-table by build/themes/make_assets.py (shapes written as code in
this repository, no one else's artwork, logos or fonts), released under CC0 1.0
Universal: no rights reserved.
https://creativecommons.org/publicdomain/zero/1.0/

The files this covers:
{files}
"""


def _licences(pack_id: str, files: dict[str, str | bytes]) -> dict[str, str]:
    """A LICENSE.txt in each picture folder, naming every picture in it."""
    folders: dict[str, list[str]] = {}
    for name in files:
        folder, _, file = name.rpartition("/")
        if folder:
            folders.setdefault(folder, []).append(file)
    name = pack_id.replace("_", " ").title()
    return {
        f"{folder}/LICENSE.txt": ART_LICENCE.format(
            name=name, folder=folder, files="\n".join(f"  {f}" for f in sorted(names))
        )
        for folder, names in folders.items()
    }


def _write(target: Path, data: str | bytes) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        target.write_bytes(data)
    else:
        target.write_text(data, encoding="utf-8", newline="\n")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=REPO / "assets" / "themes")
    parser.add_argument("--only", choices=sorted(PACKS))
    args = parser.parse_args(argv)
    source_root = REPO / "assets" / "themes"
    for pack_id in [args.only] if args.only else PACKS:
        written = write_pack(pack_id, source_root / pack_id, args.out / pack_id)
        print(f"{pack_id}: {len(written)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
