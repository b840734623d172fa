"""Bad command-line input: one line on stderr, exit code 2, no traceback, no window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--target", "0"], "from 1 to 1000000, not 0"),
        (["--target", "-5"], "from 1 to 1000000, not -5"),
        (["--target", "many"], "not a whole number"),
        (["--players", "1"], "from 2 to 10, not 1"),
        (["--players", "11"], "from 2 to 10, not 11"),
        (["--size", "99999x99999"], "outside 640x480 to 7680x4320"),
        (["--size", "big"], "not a size like 1280x720"),
        (["--frames", "0"], "from 1 to"),
        (["--screenshot", "no-such-folder/shot.png"], "does not exist"),
        (["--screenshot", "."], "is a folder"),
        (["--screenshot", "shot.txt"], "should end in .png"),
        (["--theme", "nope"], "unknown theme 'nope'; available: classic, minecraft, monster_high"),
        (["--theme", "../assets/themes/classic"], "is not a theme id"),
        (["--speed", "warp"], "invalid choice"),
    ],
)
def test_bad_input_gets_one_line_and_exit_code_2(
    args: list[str], says: str, tmp_path: Path
) -> None:
    result = _run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert says in lines[0]
    assert "Traceback" not in result.stderr


def test_version_and_no_pygame_banner(tmp_path: Path) -> None:
    result = _run("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"uno-table {__version__}"
    assert "pygame" not in result.stdout + result.stderr


def test_a_screenshot_without_frames_ends_by_itself(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    result = _run("--start", "menu", "--screenshot", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert out.is_file()
    assert "pygame-ce" not in result.stdout  # the banner stays quiet


@pytest.mark.skipif(
    not Path("/proc/self").is_dir(), reason="needs /proc, which no file can be made in"
)
def test_a_screenshot_that_cannot_be_written_gets_one_line_and_exit_code_2(
    tmp_path: Path,
) -> None:
    result = _run(
        "--start", "menu", "--screenshot", "/proc/shot.png", "--frames", "1", cwd=tmp_path
    )
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("uno-table")]
    assert lines == [lines[0]] and "cannot save /proc/shot.png" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_broken_pack_named_on_the_command_line_is_refused(
    user_folders: dict[str, Path], tmp_path: Path
) -> None:
    broken = user_folders["data"] / "themes" / "broken"
    broken.mkdir(parents=True)
    (broken / "theme.toml").write_text('id = "broken"\n', encoding="utf-8")
    result = _run("--theme", "broken", "--screenshot", str(tmp_path / "x.png"), cwd=tmp_path)
    assert result.returncode == 2
    assert "theme 'broken' cannot be played" in result.stderr
    assert "available: classic, minecraft, monster_high" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_pack_ids_are_names_never_paths() -> None:
    from game.files.paths import is_pack_id

    assert is_pack_id("monster_high")
    for bad in ("", "..", "../classic", "/etc", "a/b", "a\\b", "C:x", "x" * 65, "Classic"):
        assert not is_pack_id(bad)
