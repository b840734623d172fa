"""A tileset's tile count is the loop pytmx will run, counted before it runs:
spacing and margin included, negative ones refused (a tileset with spacing
1 - tilewidth made pytmx step one pixel at a time, for minutes, at every start)."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.themes.errors import UnsafePackFile
from game.themes.loader import load_pack
from game.themes.map_limits import MAX_TILESET_TILES, check_tilesets, pytmx_tile_visits

MAP = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" '
    'height="4" tilewidth="8" tileheight="8">{tileset}</map>'
)
TILESET = (
    '<tileset firstgid="1" name="t" tilewidth="{tw}" tileheight="{th}"{extra}>'
    '<image source="t.png" width="{w}" height="{h}"/></tileset>'
)


def _tileset(w: int, h: int, tw: int, th: int, spacing: int | None, margin: int | None) -> str:
    extra = "" if spacing is None else f' spacing="{spacing}"'
    extra += "" if margin is None else f' margin="{margin}"'
    return TILESET.format(w=w, h=h, tw=tw, th=th, extra=extra)


def _pytmx_visits(tmp_path: Path, tileset: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run pytmx itself on a map with this tileset and count the positions its tile
    loop (an itertools.product over two ranges) walks."""
    import pytmx.pytmx

    path = tmp_path / "m.tmx"
    path.write_text(MAP.format(tileset=tileset), encoding="utf-8")
    walked = []

    def counting_product(*ranges: range) -> list[tuple[int, ...]]:
        positions = list(itertools.product(*ranges))
        walked.append(len(positions))
        return positions

    monkeypatch.setattr(pytmx.pytmx, "product", counting_product)
    pytmx.TiledMap(str(path), image_loader=lambda *a, **k: lambda *a, **k: None)
    assert len(walked) == 1
    return walked[0]


sides = st.integers(1, 40)


@settings(max_examples=60, deadline=None)
@given(
    image=st.tuples(sides, sides),
    tile=st.tuples(st.integers(1, 12), st.integers(1, 12)),
    spacing=st.one_of(st.none(), st.integers(0, 6)),
    margin=st.one_of(st.none(), st.integers(0, 6)),
)
def test_the_count_is_exactly_the_loop_pytmx_runs(
    tmp_path_factory: pytest.TempPathFactory,
    image: tuple[int, int],
    tile: tuple[int, int],
    spacing: int | None,
    margin: int | None,
) -> None:
    tmp_path = tmp_path_factory.mktemp("tiles")
    tileset = _tileset(*image, *tile, spacing, margin)
    expected = pytmx_tile_visits(image, tile, spacing or 0, margin or 0)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _pytmx_visits(tmp_path, tileset, monkeypatch) == expected


@settings(max_examples=60, deadline=None)
@given(
    side=st.integers(1, 8192),
    tile=st.integers(1, 64),
    spacing=st.integers(-64, -1),
)
def test_negative_spacing_or_margin_is_refused_in_any_shape(
    side: int, tile: int, spacing: int
) -> None:
    for attrs in ((spacing, None), (None, spacing), (spacing, spacing)):
        root = ET.fromstring(_tileset(side, side, tile, tile, *attrs))
        with pytest.raises(UnsafePackFile, match="must be 0 to"):
            check_tilesets(root)


@pytest.mark.parametrize("value", ["+1", " 1", "1_0", "\u0661", "1.0", ""])
def test_spacing_in_any_other_spelling_is_refused(value: str) -> None:
    root = ET.fromstring(_tileset(16, 16, 4, 4, None, None).replace(">", f' spacing="{value}">', 1))
    with pytest.raises(UnsafePackFile, match="spacing"):
        check_tilesets(root)


def test_spacing_counts_toward_the_bound() -> None:
    """128x128 one-pixel tiles with a spacing of 0 pass; the same image cut 2048 x 2048
    ways would not, and spacing brings a near-bound tileset under it."""
    assert pytmx_tile_visits((128, 128), (1, 1), 0, 0) == 128 * 128 <= MAX_TILESET_TILES
    assert pytmx_tile_visits((2048, 2048), (1, 1), 0, 0) > MAX_TILESET_TILES
    assert pytmx_tile_visits((2048, 2048), (1, 1), 15, 3) <= MAX_TILESET_TILES


@pytest.mark.parametrize("where", ["map", "tsx"])
def test_a_pack_whose_tileset_has_negative_spacing_is_unavailable(pack_copy, where: str) -> None:
    """The hostile shape from the issue: 8192-px image, 64-px tiles, spacing -63, so
    pytmx would step one pixel at a time over 67 million positions."""
    folder = pack_copy()
    tileset = (
        '<tileset firstgid="1" name="x" tilewidth="64" tileheight="64" spacing="-63">'
        '<image source="table/background.svg" width="8192" height="8192"/></tileset>'
    )
    if where == "tsx":
        (folder / "tiles.tsx").write_text('<?xml version="1.0"?>' + tileset, encoding="utf-8")
        tileset = '<tileset firstgid="1" source="tiles.tsx"/>'
    tmx = folder / "table.tmx"
    text = tmx.read_text(encoding="utf-8")
    tmx.write_text(text.replace("<objectgroup", tileset + "<objectgroup", 1), encoding="utf-8")
    pack = load_pack(folder)
    assert not pack.available
    assert "<tileset spacing='-63'>: must be 0 to 8192" in pack.reason
