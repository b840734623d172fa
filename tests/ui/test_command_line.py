"""The command-line hooks: --screenshot writes a PNG of the table, --selftest passes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_screenshot_saves_the_table_at_the_asked_size(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    result = _run(
        "--theme",
        "minecraft",
        "--players",
        "5",
        "--seed",
        "3",
        "--size",
        "800x600",
        "--screenshot",
        str(out),
        "--frames",
        "120",
    )
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 600)
    # The table is drawn, not a blank window: many different colours on screen.
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 800, 20) for y in range(0, 600, 20)
    }
    assert len(colours) > 50


def test_selftest_plays_a_match_in_every_theme() -> None:
    result = _run("--selftest")
    assert result.returncode == 0, result.stdout + result.stderr
    for theme in ("classic", "minecraft", "monster_high"):
        assert f"selftest {theme}: ok" in result.stdout


def test_main_parses_the_documented_options() -> None:
    from game.__main__ import parse

    options = parse(["--theme", "classic", "--players", "3", "--seed", "9", "--autoplay"])
    assert (options.players, options.seed, options.autoplay, options.start) == (3, 9, True, "table")
    assert parse([]).start == "menu"
