"""Packs made to freeze the game, built from a copy of Classic: a tileset whose
negative spacing makes pytmx step one pixel at a time over 67 million positions,
and an effect that decodes to an hour of silence. Used by tests and benchmarks."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.files import paths
from tests.themes.ogg_files import decode_bomb

LOOPING_TILESET = (
    '<tileset firstgid="1" name="x" tilewidth="64" tileheight="64" spacing="-63">'
    '<image source="table/background.svg" width="8192" height="8192"/></tileset>'
)


def copy_of_classic(root: Path, pack_id: str) -> Path:
    """Classic under another id, in `root`."""
    folder = root / pack_id
    shutil.copytree(paths.themes_root() / "classic", folder)
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('id = "classic"', f'id = "{pack_id}"', 1), encoding="utf-8")
    return folder


def tileset_loop_pack(root: Path, pack_id: str = "tileset-loop") -> Path:
    folder = copy_of_classic(root, pack_id)
    tmx = folder / "table.tmx"
    text = tmx.read_text(encoding="utf-8")
    tmx.write_text(text.replace("<objectgroup", LOOPING_TILESET + "<objectgroup", 1), "utf-8")
    return folder


def decode_bomb_pack(root: Path, pack_id: str = "decode-bomb", seconds: float = 3600) -> Path:
    folder = copy_of_classic(root, pack_id)
    deal = folder / "sounds" / "deal.ogg"
    deal.write_bytes(decode_bomb(deal, seconds))
    return folder
