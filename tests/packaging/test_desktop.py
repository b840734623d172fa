"""Linux desktop integration: valid .desktop and AppStream files, icons 48-512 px."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.build_scripts import load

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux desktops")


DESKTOP = load("desktop")


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("app")
    DESKTOP.write_linux_integration(target)
    return target


def test_icons_in_every_hicolor_size_from_48_to_512(laid_out: Path) -> None:
    for size in (48, 64, 128, 256, 512):
        icon = laid_out / f"share/icons/hicolor/{size}x{size}/apps/{DESKTOP.APP_ID}.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)


def test_the_desktop_entry_names_the_icon_and_the_program(laid_out: Path) -> None:
    entry = (laid_out / f"share/applications/{DESKTOP.APP_ID}.desktop").read_text()
    assert f"Icon={DESKTOP.APP_ID}\n" in entry and "Exec=uno-table\n" in entry
    assert (laid_out / "install-desktop.sh").stat().st_mode & 0o111


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils")
def test_desktop_file_validate_passes(laid_out: Path) -> None:
    entry = laid_out / f"share/applications/{DESKTOP.APP_ID}.desktop"
    run = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert run.returncode == 0 and not run.stdout.strip(), run.stdout + run.stderr


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream")
def test_appstreamcli_validate_passes(laid_out: Path) -> None:
    metainfo = laid_out / f"share/metainfo/{DESKTOP.APP_ID}.metainfo.xml"
    run = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_install_script_puts_the_entry_in_the_users_menu(
    laid_out: Path, tmp_path: Path
) -> None:
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        ["sh", str(laid_out / "install-desktop.sh")], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    entry = (tmp_path / f"share/applications/{DESKTOP.APP_ID}.desktop").read_text()
    assert f'Exec="{laid_out}/uno-table"' in entry
    assert (tmp_path / f"share/icons/hicolor/512x512/apps/{DESKTOP.APP_ID}.png").is_file()
