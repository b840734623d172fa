"""Packs built to hurt: each is listed unavailable with its reason, at validation,
instead of crashing, hanging or eating memory when the game uses it."""

from __future__ import annotations

import base64
import gzip
import os
import struct
import zlib
from pathlib import Path

import pytest

from game.themes.errors import UnsafePackFile
from game.themes.file_limits import MAX_SIDE
from game.themes.loader import load_pack
from game.themes.pack_files import check_xml

ENTITY_SVG = (
    '<?xml version="1.0" encoding="UTF-16"?>\n'
    '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>'
)


def _reason(folder: Path) -> str:
    pack = load_pack(folder)
    assert not pack.available
    return pack.reason


def _png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR chunk: all a decoder needs to start allocating."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk))
    )


def _use_png_back(folder: Path, data: bytes) -> None:
    (folder / "cards" / "back.png").write_bytes(data)
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('back = "cards/back.svg"', 'back = "cards/back.png"'))


def test_a_utf16_svg_with_entities_is_refused_by_defusedxml(tmp_path: Path) -> None:
    path = tmp_path / "x.svg"
    path.write_bytes(ENTITY_SVG.encode("utf-16"))
    with pytest.raises(UnsafePackFile, match="DOCTYPE or ENTITY"):
        check_xml(path)


def test_a_utf16_map_with_entities_makes_the_pack_unavailable(pack_copy) -> None:
    folder = pack_copy()
    tmx = folder / "table.tmx"
    text = tmx.read_text(encoding="utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"')
    text = text.replace("<map ", '<!DOCTYPE map [<!ENTITY a "x">]>\n<map ', 1)
    tmx.write_bytes(text.encode("utf-16"))
    assert "table.tmx: XML with a DOCTYPE or ENTITY declaration is refused" in _reason(folder)


def test_an_oversized_png_is_refused_from_its_header(pack_copy) -> None:
    folder = pack_copy()
    _use_png_back(folder, _png_header(27000, 27000) + b"\0" * 64)
    assert f"cards/back.png: cards.back: a 27000x27000 image; at most {MAX_SIDE}" in _reason(folder)


def test_a_file_named_png_that_is_not_one_is_refused(pack_copy) -> None:
    folder = pack_copy()
    _use_png_back(folder, b"GIF89a" + b"\0" * 40)
    assert "cards/back.png: cards.back: not a PNG image" in _reason(folder)


def test_a_huge_svg_canvas_and_too_many_elements_are_refused(pack_copy) -> None:
    folder = pack_copy()
    (folder / "cards" / "back.svg").write_text('<svg width="1e9" height="10"/>')
    assert "cards/back.svg: cards.back: SVG size '1e9'" in _reason(folder)
    many = "<svg>" + "<g/>" * 60_000 + "</svg>"
    (folder / "cards" / "back.svg").write_text(many)
    assert "more than 50000 XML elements" in _reason(folder)


def test_a_path_too_long_to_draw_in_time_is_refused(pack_copy) -> None:
    """One <path> of 330,000 segments is one element under 4 MB: nanosvg never
    finished drawing it."""
    folder = pack_copy()
    segments = " ".join(f"L{i % 200} {i % 300}" for i in range(11_000))
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300">{}</svg>'
    (folder / "cards" / "red-7.svg").write_text(svg.format(f'<path d="M0 0 {segments}"/>'))
    assert "cards/red-7.svg" in _reason(folder) and "too slow to draw" in _reason(folder)


def _gzip_layer(tiles_bytes: int, width: int, height: int) -> str:
    packed = base64.b64encode(gzip.compress(b"\0" * tiles_bytes)).decode()
    return (
        f'<layer id="99" name="bomb" width="{width}" height="{height}">'
        f'<data encoding="base64" compression="gzip">{packed}</data></layer>'
    )


def test_a_gzip_bomb_tile_layer_is_refused_before_pytmx_unpacks_it(pack_copy) -> None:
    folder = pack_copy()
    tmx = folder / "table.tmx"
    layer = _gzip_layer(50 << 20, 80, 45)  # 50 MB of ids for a 3600-tile layer
    tmx.write_text(tmx.read_text(encoding="utf-8").replace("</map>", layer + "</map>"))
    assert "tile data unpacks to more than the layer holds" in _reason(folder)


def test_a_huge_tile_layer_is_refused(pack_copy) -> None:
    folder = pack_copy()
    tmx = folder / "table.tmx"
    layer = '<layer id="99" name="big" width="100000" height="100000"><data/></layer>'
    tmx.write_text(tmx.read_text(encoding="utf-8").replace("</map>", layer + "</map>"))
    assert "tile layer of 10000000000 tiles" in _reason(folder)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('width="80"', 'width="0"', "must be 1 to"),
        ('width="80"', 'width="-80"', "must be 1 to"),
        ('width="80"', 'width="900000"', "must be 1 to"),
        ('x="532"', 'x="nan"', "non-finite"),
        ('x="532"', 'x="-5"', "must lie inside"),
        ('width="96"', 'width="1e308"', "must lie inside"),
        ('width="96"', 'width="0"', "must lie inside"),
    ],
)
def test_impossible_map_sizes_and_places_are_refused(
    pack_copy, old: str, new: str, message: str
) -> None:
    folder = pack_copy()
    tmx = folder / "table.tmx"
    text = tmx.read_text(encoding="utf-8")
    assert old in text
    tmx.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert message in _reason(folder)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_as_card_art_is_refused_without_hanging(pack_copy) -> None:
    folder = pack_copy()
    (folder / "cards" / "red-5.svg").unlink()
    os.mkfifo(folder / "cards" / "red-5.svg")
    assert "cards/red-5.svg" in _reason(folder)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_link_to_dev_zero_as_a_sound_is_refused(pack_copy) -> None:
    folder = pack_copy()
    (folder / "sounds" / "catch.ogg").unlink()
    (folder / "sounds" / "catch.ogg").symlink_to("/dev/zero")
    assert "points outside the pack folder" in _reason(folder)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_files_the_manifest_does_not_name_are_not_read(pack_copy) -> None:
    folder = pack_copy()
    os.mkfifo(folder / "cards" / "unused.svg")  # reading it would block for ever
    (folder / "table" / "stray.tmx").write_text('<!DOCTYPE x [<!ENTITY a "b">]><x/>')
    assert load_pack(folder).available


def test_a_manifest_linked_from_outside_the_pack_is_not_read(pack_copy, tmp_path: Path) -> None:
    folder = pack_copy()
    outside = tmp_path / "elsewhere.toml"
    outside.write_bytes((folder / "theme.toml").read_bytes())
    (folder / "theme.toml").unlink()
    (folder / "theme.toml").symlink_to(outside)
    assert "theme.toml: is a link to a file outside the pack" in _reason(folder)


def test_control_characters_in_names_are_refused(pack_copy) -> None:
    folder = pack_copy()
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('en = "Classic"', 'en = "Clas\\u0000sic"', 1))
    assert "name.en: has control characters" in _reason(folder)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "not a TrueType or OpenType font"),
        (b"\x00\x01\x00\x00" + b"\x00\x05" + b"\x00" * 6, "a font with a damaged table"),
        (b"GIF89a" + b"\x00" * 100, "not a TrueType or OpenType font"),
    ],
)
def test_empty_or_corrupt_fonts_are_refused(pack_copy, data: bytes, message: str) -> None:
    folder = pack_copy()
    (folder / "fonts" / "NotoSans-Bold.ttf").write_bytes(data)
    assert f"fonts/NotoSans-Bold.ttf: fonts.ui.file: {message}" in _reason(folder)


def test_a_font_that_loads_but_draws_nothing_is_refused_before_play(pack_copy) -> None:
    from game.themes.drawable import drawable  # the one check that needs pygame

    folder = pack_copy()
    font = folder / "fonts" / "NotoSans-Bold.ttf"
    data = font.read_bytes()
    cut = len(data) // 16  # a byte slipped in shifts every table after it
    font.write_bytes(data[:cut] + b"\0" + data[cut:])
    pack = load_pack(folder)
    assert pack.available  # its bytes look like a font
    checked = drawable(pack)
    assert not checked.available and "fonts.ui.file: cannot draw text" in checked.reason


@pytest.mark.parametrize("value", ["1e309%", "-1e309", "99999999999"])
def test_an_svg_number_nanosvg_cannot_draw_is_refused(pack_copy, value: str) -> None:
    folder = pack_copy()
    art = folder / "table" / "background.svg"
    text = art.read_text(encoding="utf-8")
    assert "cx='50%'" in text
    art.write_text(text.replace("cx='50%'", f"cx='{value}'", 1), encoding="utf-8")
    assert "table/background.svg: table.background: <radialGradient cx=...>" in _reason(folder)


TILESET = (
    '<tileset firstgid="1" name="x" tilewidth="1" tileheight="1">'
    '<image source="table/background.svg" width="{w}" height="{h}"/></tileset>'
)


@pytest.mark.parametrize("where", ["map", "tsx"])
def test_a_tileset_cut_into_millions_of_tiles_is_refused_before_pytmx_walks_it(
    pack_copy, where: str
) -> None:
    """pytmx visits every tile of a tileset image: 100000x100000 one-pixel tiles hung
    start-up, and 2048x2048 took 20 s to load."""
    folder = pack_copy()
    tmx = folder / "table.tmx"
    tileset = TILESET.format(w=2048, h=2048)
    if where == "tsx":
        (folder / "tiles.tsx").write_text('<?xml version="1.0"?>' + tileset, encoding="utf-8")
        tileset = '<tileset firstgid="1" source="tiles.tsx"/>'
    text = tmx.read_text(encoding="utf-8")
    tmx.write_text(text.replace("<objectgroup", tileset + "<objectgroup", 1), encoding="utf-8")
    assert "a tileset of 4194304 tiles" in _reason(folder)


def test_a_tileset_image_must_state_its_size(pack_copy) -> None:
    folder = pack_copy()
    tmx = folder / "table.tmx"
    text = tmx.read_text(encoding="utf-8").replace(
        "<objectgroup", TILESET.replace(' width="{w}" height="{h}"', "") + "<objectgroup", 1
    )
    tmx.write_text(text, encoding="utf-8")
    assert "<image width=''>" in _reason(folder)
