"""Shared fixtures: the shipped packs, and throw-away copies to break."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.files import paths  # noqa: E402
from game.themes.loader import ThemeCatalog, discover  # noqa: E402

SHIPPED = ("classic", "minecraft", "monster_high")
FIXTURES = Path(__file__).parent / "fixtures"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Any test that takes `pack_id` runs once for each shipped pack."""
    if "pack_id" in metafunc.fixturenames:
        metafunc.parametrize("pack_id", SHIPPED)


@pytest.fixture(scope="session")
def shipped() -> ThemeCatalog:
    """The packs in assets/ only, so a player's own folder cannot sway the tests."""
    return discover([(paths.themes_root(), True)])


@pytest.fixture
def pack_copy(tmp_path: Path):
    """Copy a shipped pack into a temporary packs folder; returns its folder."""

    def copy(pack_id: str = "classic", as_name: str | None = None) -> Path:
        target = tmp_path / "packs" / (as_name or pack_id)
        shutil.copytree(paths.themes_root() / pack_id, target)
        return target

    return copy
