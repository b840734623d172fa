"""Each shipped theme's sound set, decoded by the same mixer the game plays it on:
every sound the table plays exists in three takes or more, decodes, is short and
licensed; the effects are levelled (BS.1770 loudness within 3 LU of each other);
and each theme has three pieces of music."""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pygame
import pytest

from game.files import paths
from game.themes.loader import discover
from game.themes.manifest import Manifest, required_sounds
from tests.build_scripts import load

loudness = load("themes/loudness")  # the measurement make_sounds.py levels with

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RATE = 44100
SHIPPED = ("classic", "minecraft", "monster_high")
EVERY_MOMENT = ("round_lost", "match_lost")
MIN_TAKES = 3
# Takes at another pitch or timing correlate at most 0.77 over their first half second;
# the same notes in a different room's reverb, 0.99.
SAME_TAKE = 0.9
MIN_PIECES = 3  # played in turn: four minutes before the first comes round again
MAX_SPREAD_LU = 3.0
SOUNDS_BUDGET = 2_000_000  # bytes per pack: the frozen app has a size limit
NOTICES = paths.themes_root().parent / "legal" / "THIRD_PARTY_NOTICES.txt"


@pytest.fixture(scope="module")
def mixer() -> Iterator[None]:
    pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    yield
    pygame.mixer.quit()


@cache
def manifest(pack_id: str) -> Manifest:
    pack = discover([(paths.themes_root(), True)]).packs[pack_id]
    assert pack.manifest is not None
    return pack.manifest


def effects(m: Manifest) -> list[str]:
    return [*required_sounds(m.preset), *EVERY_MOMENT]


def likeness(a: array, b: array) -> float:
    """Correlation of two waveforms, 1.0 for the same sound (at the same level)."""
    n = min(len(a), len(b))
    dot = sum(x * y for x, y in zip(a[:n], b[:n], strict=True))
    return dot / (sum(x * x for x in a[:n]) * sum(y * y for y in b[:n])) ** 0.5


def samples(path: Path) -> array:
    """Left-channel samples as the mixer decodes them."""
    raw = array("h", pygame.mixer.Sound(str(path)).get_raw())
    return raw[::2]


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_every_effect_has_takes_that_decode_and_are_short(mixer: None, pack_id: str) -> None:
    m = manifest(pack_id)
    for name in effects(m):
        takes = m.sounds[name]
        assert len(takes) >= MIN_TAKES, name
        assert len(set(takes)) == len(takes), name
        heard = []
        for path in takes:
            left = samples(path)
            seconds = len(left) / RATE
            assert 0.1 < seconds <= 4.5, (path.name, seconds)
            assert max(abs(s) for s in left) > 3000, f"{path.name} is near silent"
            heard.append(left[: RATE // 2])
        for i, one in enumerate(heard):
            for other in heard[i + 1 :]:
                # a take played again in another room is not another take
                assert likeness(one, other) < SAME_TAKE, f"{name}: two takes are one sound"


def test_effects_are_levelled_within_3_lu(mixer: None) -> None:
    measured = {}
    for pack_id in SHIPPED:
        m = manifest(pack_id)
        for name in effects(m):
            for path in m.sounds[name]:
                left = [s / 32768 for s in samples(path)]
                measured[f"{pack_id}/{path.name}"] = loudness.integrated(left, RATE)
    quietest, loudest = min(measured, key=measured.get), max(measured, key=measured.get)
    spread = measured[loudest] - measured[quietest]
    assert spread <= MAX_SPREAD_LU, (
        f"{quietest} {measured[quietest]:.1f} LUFS, {loudest} {measured[loudest]:.1f} LUFS"
    )


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_every_sound_is_licensed_and_the_set_is_small(pack_id: str) -> None:
    m = manifest(pack_id)
    used = {path for takes in m.sounds.values() for path in takes}
    folders = {path.parent for path in used}
    assert len(folders) == 1
    folder = folders.pop()
    licence = (folder / "LICENSE.txt").read_text(encoding="utf-8")
    # our own work under CC0; the music's instrument tones from the Fluid R3 SoundFont
    assert "CC0" in licence and "Fluid" in licence and "speech synthesiser" in licence
    assert "each pack's sounds/LICENSE.txt" in NOTICES.read_text(encoding="utf-8")
    shipped = set(folder.glob("*.ogg"))
    assert shipped == used, "a sound file no manifest uses, or one missing"
    assert sum(f.stat().st_size for f in folder.iterdir()) < SOUNDS_BUDGET


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_three_pieces_of_music_that_end_and_differ(mixer: None, pack_id: str) -> None:
    pieces = manifest(pack_id).sounds["music"]
    assert len(pieces) >= MIN_PIECES
    for path in pieces:
        left = samples(path)
        assert len(left) / RATE >= 60, path.name
        # it rings out to near silence (the next piece follows it), no sudden stop
        ending = max(abs(s) for s in left[-RATE // 10 :])
        assert ending * 30 < max(abs(s) for s in left), f"{path.name} stops instead of ending"
    assert len({path.read_bytes() for path in pieces}) == len(pieces)
