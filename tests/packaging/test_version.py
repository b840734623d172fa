"""One version, written in game/__init__.py, everywhere it is shown."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game import __version__
from tests.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]


META = load("app_metadata")


def test_the_build_reads_the_same_version_as_the_game() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", __version__)
    assert META.version() == __version__


def test_archive_names_and_the_macos_bundle_carry_the_version() -> None:
    assert META.archive_stem().startswith(f"uno-table-{__version__}-")
    assert META.archive_stem(onefile=True).endswith("-onefile")
    plist = META.info_plist()
    assert plist["CFBundleShortVersionString"] == __version__
    assert plist["CFBundleVersion"] == __version__


@pytest.mark.parametrize(
    ("text", "numbers"), [("0.1.0", (0, 1, 0, 0)), ("1.2.3rc1", (1, 2, 3, 0)), ("2", (2, 0, 0, 0))]
)
def test_numeric_versions_for_windows_and_macos(text: str, numbers: tuple[int, ...]) -> None:
    assert META.numeric_version(text) == numbers


def test_the_windows_version_resource_names_the_version() -> None:
    pytest.importorskip("PyInstaller")
    pytest.importorskip("pefile")  # PyInstaller's Windows-only helper
    info = str(META.windows_version_info())
    assert f"'ProductVersion', '{__version__}'" in info
    assert f"'FileVersion', '{__version__}'" in info


def test_the_wheel_version_comes_from_the_same_line() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and 'path = "game/__init__.py"' in text
    assert "version" not in tomllib.loads(text)["project"]
