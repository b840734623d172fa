"""Effects decode on a worker thread, never on the frame thread: playing one that
is not ready yet skips it at once instead of stalling the frame."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.files import paths
from game.ui.audio import Audio

SOUNDS = paths.themes_root() / "classic" / "sounds"


@pytest.fixture
def audio() -> Iterator[Audio]:
    sound = Audio(enabled=True)
    if not sound.available:
        pytest.skip("no mixer, even with the dummy audio driver")
    yield sound
    sound.close()


def test_effects_decode_off_the_frame_thread_and_play_skips_until_ready(
    audio: Audio, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_sound = pygame.mixer.Sound
    release = threading.Event()
    decoded_on: list[str] = []

    def slow_sound(path: str) -> pygame.mixer.Sound:
        decoded_on.append(threading.current_thread().name)
        release.wait(5)  # a long decode, held until the test lets it finish
        return real_sound(path)

    monkeypatch.setattr(pygame.mixer, "Sound", slow_sound)
    audio.use_theme({"deal": SOUNDS / "deal.ogg", "play": SOUNDS / "play.ogg"})
    audio.play("deal")  # returns at once: nothing decoded yet, nothing decoded here
    assert "deal" not in audio._sounds
    release.set()
    audio.wait_until_loaded(5)
    assert set(audio._sounds) == {"deal", "play"}
    assert decoded_on and threading.main_thread().name not in decoded_on
    audio.play("deal")  # now it plays (on the dummy device)


def test_music_is_streamed_not_decoded_and_a_broken_effect_is_skipped(
    audio: Audio, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.ogg"
    broken.write_bytes(b"OggS broken")
    audio.use_theme({"deal": broken, "play": SOUNDS / "play.ogg", "music": SOUNDS / "music.ogg"})
    audio.wait_until_loaded(5)
    assert set(audio._sounds) == {"play"}
    audio.play("deal")  # quiet, no error


def test_a_new_theme_drops_the_old_loaders_sounds(audio: Audio) -> None:
    audio.use_theme({"deal": SOUNDS / "deal.ogg"})
    audio.use_theme({"play": SOUNDS / "play.ogg"})
    audio.wait_until_loaded(5)
    assert set(audio._sounds) == {"play"}
