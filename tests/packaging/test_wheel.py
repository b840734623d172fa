"""The wheel carries the whole game: code, every shipped asset, licences; built
without touching the tracked build/ folder."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"


def _tracked_build_folder() -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in (ROOT / "build").rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    before = _tracked_build_folder()
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert _tracked_build_folder() == before, "the build wrote into build/"
    (built,) = out.glob("uno_table-*.whl")
    return built


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_holds_every_shipped_asset_under_game_assets(wheel: Path) -> None:
    names = _names(wheel)
    shipped = {
        "game/assets/" + p.relative_to(ASSETS).as_posix()
        for p in ASSETS.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert shipped - names == set()
    for theme in ("classic", "minecraft", "monster_high"):
        assert f"game/assets/themes/{theme}/theme.toml" in names
    assert "game/assets/locale/es/LC_MESSAGES/game.mo" in names
    assert any(
        n.startswith("game/assets/themes/classic/fonts/") and n.endswith(".ttf") for n in names
    )
    assert "game/assets/icon.png" in names


def test_the_wheel_holds_the_code_and_the_licences_but_no_tooling(wheel: Path) -> None:
    names = _names(wheel)
    assert {"game/__main__.py", "game/app.py", "game/py.typed"} <= names
    licences = {n.split("/licenses/", 1)[1] for n in names if "/licenses/" in n}
    assert {"LICENSE", "assets/legal/THIRD_PARTY_NOTICES.txt"} <= licences
    texts = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets/legal/licenses").iterdir()}
    assert texts and texts <= licences  # each dependency's licence text
    tops = {n.split("/")[0] for n in names}
    assert not tops & {"build", "tests", "benchmarks", "assets"}


def test_the_wheel_metadata_names_its_licence_and_entry_point(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        text = archive.read(metadata).decode()
        entry = next(n for n in archive.namelist() if n.endswith("entry_points.txt"))
        entry_points = archive.read(entry).decode()
    assert "License-Expression: MIT" in text
    assert "uno-table = game.__main__:main" in entry_points
