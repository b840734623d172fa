"""The asset root follows PyInstaller; user folders come from platformdirs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.files import paths


def test_asset_root_is_the_repository_assets_folder() -> None:
    root = paths.asset_root()
    assert root.name == "assets"
    assert (root / "themes" / "classic" / "theme.toml").is_file()


def test_frozen_build_uses_meipass(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_root() == tmp_path / "assets"
    assert paths.themes_root() == tmp_path / "assets" / "themes"


def test_meipass_alone_does_not_count_as_frozen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_root() != tmp_path / "assets"


def test_user_themes_live_under_the_user_data_folder() -> None:
    themes = paths.user_themes_root()
    assert themes.name == "themes"
    assert themes.parent == paths.user_data_folder()
    assert "uno-table" in str(paths.user_data_folder())


def test_an_installed_wheel_finds_its_assets_inside_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    package = tmp_path / "site-packages" / "game"
    (package / "assets").mkdir(parents=True)
    monkeypatch.setattr(paths, "PACKAGE", package)
    assert paths.asset_root() == package / "assets"


def test_a_checkout_finds_assets_beside_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "PACKAGE", tmp_path / "game")
    assert paths.asset_root() == tmp_path / "assets"
