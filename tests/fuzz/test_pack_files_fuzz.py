"""Every kind of file in a pack mutated: the pack is either available and draws the
mutated file without error, or unavailable with a specific reason; the loader's
last-resort "could not be read" is never what catches it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files import paths
from game.themes.drawable import drawable
from game.themes.loader import load_pack
from game.themes.render import ThemeRenderer

FILES = (
    "theme.toml",
    "table.tmx",
    "cards/back.svg",
    "cards/red-7.svg",
    "symbols/red.svg",
    "table/background.svg",
    "fonts/NotoSans-Bold.ttf",
    "fonts/OFL.txt",
    "sounds/catch.ogg",
)
NUMBER = re.compile(rb"-?[0-9]+(\.[0-9]+)?")
ODD_NUMBERS = [b"0", b"-1", b"-80", b"nan", b"inf", b"1e309", b"99999999", b"4097", b"0.0001"]


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs") / "classic"
    shutil.copytree(paths.themes_root() / "classic", folder)
    return folder


def _mutated(original: bytes, how: str, at: float, junk: bytes, number: bytes) -> bytes:
    cut = int(len(original) * at)
    if how == "truncate":
        return original[:cut]
    if how == "overwrite":
        return original[:cut] + junk + original[cut + len(junk) :]
    if how == "insert":
        return original[:cut] + junk + original[cut:]
    if how == "number":  # a number in a text file becomes an odd one
        found = list(NUMBER.finditer(original))
        if not found:
            return original
        m = found[int(at * (len(found) - 1))]
        return original[: m.start()] + number + original[m.end() :]
    return junk


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    name=st.sampled_from(FILES),
    how=st.sampled_from(["truncate", "overwrite", "insert", "number", "number", "replace"]),
    at=st.floats(0, 1),
    junk=st.binary(max_size=40),
    number=st.sampled_from(ODD_NUMBERS),
)
def test_a_mutated_pack_file_is_refused_by_name_or_used_safely(
    pack: Path, name: str, how: str, at: float, junk: bytes, number: bytes
) -> None:
    path = pack / name
    original = path.read_bytes()
    try:
        path.write_bytes(_mutated(original, how, at, junk, number))
        result = drawable(load_pack(pack))  # both checks the app makes
        assert "could not be read" not in result.reason, result.reason
        if result.available:
            _draw(ThemeRenderer(result, (320, 180)), name)
    finally:
        path.write_bytes(original)


def _draw(renderer: ThemeRenderer, name: str) -> None:
    """Use the mutated file the way the table would."""
    renderer.card("red-7")
    renderer.back()
    renderer.table()
    renderer.symbol("red", 24)
    renderer.font(18).render("UNO ñ", True, (0, 0, 0))
