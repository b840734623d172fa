"""The self-test fails, naming what is missing, on an install that lost its files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.app import Options
from game.files import paths
from game.ui.selftest import run_selftest

ASSETS = paths.asset_root()


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped assets the test may damage, used as the asset root."""
    root = tmp_path / "assets"
    shutil.copytree(ASSETS, root)
    monkeypatch.setattr(paths, "asset_root", lambda: root)
    return root


def _damaged(root: Path) -> None:
    shutil.rmtree(root / "themes" / "minecraft")
    shutil.rmtree(root / "themes" / "monster_high")
    (root / "locale" / "es" / "LC_MESSAGES" / "game.mo").unlink()
    for font in (root / "themes" / "classic" / "fonts").glob("*.ttf"):
        font.write_bytes(b"not a font")


def test_a_damaged_install_fails_and_names_every_missing_part(
    install: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _damaged(install)
    assert run_selftest(Options()) == 1
    out = capsys.readouterr().out
    assert "FAILED shipped theme 'minecraft' is missing" in out
    assert "FAILED shipped theme 'monster_high' is missing" in out
    assert "FAILED catalog for 'es' missing or unreadable" in out
    assert "classic" in out and "font" in out


def test_an_empty_install_does_not_pass_by_testing_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(paths, "asset_root", lambda: tmp_path / "nowhere")
    assert run_selftest(Options()) == 1
    out = capsys.readouterr().out
    assert "assets folder not found" in out
    assert "selftest" not in out.replace("FAILED", "")  # nothing was played
