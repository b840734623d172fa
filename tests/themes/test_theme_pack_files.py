"""The path and XML guards on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.themes.errors import UnsafePackFile
from game.themes.pack_files import check_xml, resolve_inside


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    (tmp_path / "pack" / "cards").mkdir(parents=True)
    return tmp_path / "pack"


def test_a_relative_data_path_resolves_inside(pack: Path) -> None:
    assert resolve_inside(pack, "cards/red-1.svg") == (pack / "cards" / "red-1.svg").resolve()


@pytest.mark.parametrize(
    ("relative", "words"),
    [
        ("", "not a relative path"),
        ("cards\\red-1.svg", "not a relative path"),
        ("C:/cards/red-1.svg", "not a relative path"),
        ("/tmp/red-1.svg", "absolute path"),
        ("../red-1.svg", "outside the pack"),
        ("cards/../cards/red-1.svg", "uses '..'"),
        ("cards/run.py", "not a data file"),
        ("cards/lib.so", "not a data file"),
    ],
)
def test_unsafe_paths_are_refused(pack: Path, relative: str, words: str) -> None:
    with pytest.raises(UnsafePackFile, match=words):
        resolve_inside(pack, relative)


@pytest.mark.parametrize(
    "text",
    [
        '<!DOCTYPE svg SYSTEM "http://example.invalid/x.dtd"><svg/>',
        '<?xml version="1.0"?>\n<!doctype lol [<!ENTITY a "aaaa">]><lol>&a;</lol>',
        "<svg><!ENTITY x 'y'></svg>",
    ],
)
def test_dtds_and_entities_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.svg"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UnsafePackFile, match="DOCTYPE or ENTITY|not well-formed"):
        check_xml(path)


def test_plain_xml_parses(tmp_path: Path) -> None:
    path = tmp_path / "x.svg"
    path.write_text("<svg><rect width='1'/></svg>", encoding="utf-8")
    assert check_xml(path).tag == "svg"


def test_xml_in_an_encoding_python_lacks_is_refused_by_name(tmp_path: Path) -> None:
    """Found by the pack fuzz test: a mutated declaration raised LookupError, which
    the loader could only report as "could not be read"."""
    path = tmp_path / "table.tmx"
    path.write_bytes(b'<?xml version="1.0" encoding="UTF0"?><map/>')
    with pytest.raises(UnsafePackFile, match="encoding we cannot read"):
        check_xml(path)
