"""Each shipped theme's sound set, decoded by the same mixer the game plays it on:
every effect the table plays, a licence beside them, and music of a minute or
more that loops without a seam."""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator

import pygame
import pytest

from game.files import paths
from game.themes.loader import discover
from game.themes.manifest import Manifest, required_sounds

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RATE = 44100
SHIPPED = ("classic", "minecraft", "monster_high")
EVERY_MOMENT = ("round_lost", "match_lost", "music")
SOUNDS_BUDGET = 1_300_000  # bytes per pack: the frozen app has a size limit


@pytest.fixture(scope="module")
def mixer() -> Iterator[None]:
    pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    yield
    pygame.mixer.quit()


def manifest(pack_id: str) -> Manifest:
    pack = discover([(paths.themes_root(), True)]).packs[pack_id]
    assert pack.manifest is not None
    return pack.manifest


def samples(name: str, m: Manifest) -> array:
    """Left-channel samples as the mixer decodes them."""
    raw = array("h", pygame.mixer.Sound(str(m.sounds[name])).get_raw())
    return raw[::2]


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_every_sound_decodes_and_is_short(mixer: None, pack_id: str) -> None:
    m = manifest(pack_id)
    for name in required_sounds(m.preset) + EVERY_MOMENT[:2]:
        left = samples(name, m)
        seconds = len(left) / RATE
        assert 0.1 < seconds <= 4.5, (name, seconds)
        assert max(abs(s) for s in left) > 3000, f"{name} is near silent"


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_sounds_are_small_and_licensed(pack_id: str) -> None:
    m = manifest(pack_id)
    assert set(EVERY_MOMENT) <= set(m.sounds)
    folder = m.sounds["music"].parent
    licence = (folder / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in licence and "Fluid" in licence
    assert sum(f.stat().st_size for f in folder.iterdir()) < SOUNDS_BUDGET


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_music_is_a_minute_long_and_loops_without_a_seam(mixer: None, pack_id: str) -> None:
    left = samples("music", manifest(pack_id))
    assert len(left) / RATE >= 60
    steps = sorted(abs(left[i + 1] - left[i]) for i in range(0, RATE * 10))
    typical_big_step = steps[int(len(steps) * 0.999)]
    # The join from the last sample back to the first is no bigger than the
    # music's own steps: no click.
    assert abs(left[0] - left[-1]) <= typical_big_step

    # Nor a dip: no fade at either end (the loop would breathe every minute).
    def level(part: array) -> float:
        return (sum(s * s for s in part) / len(part)) ** 0.5

    start, end = level(left[:RATE]), level(left[-RATE:])
    assert 0.4 < start / end < 2.5
