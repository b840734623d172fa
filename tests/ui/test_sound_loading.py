"""Effects decode on a worker thread, never on the frame thread: playing one that
is not ready yet skips it at once instead of stalling the frame."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.files import paths
from game.ui.audio import MUSIC_ENDED, Audio

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
    audio.use_theme({"deal": (SOUNDS / "deal.ogg",), "play": (SOUNDS / "play.ogg",)})
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
    audio.use_theme(
        {
            "deal": (broken,),
            "play": (broken, SOUNDS / "play.ogg"),
            "music": (SOUNDS / "music.ogg",),
        }
    )
    audio.wait_until_loaded(5)
    assert set(audio._sounds) == {"play"}
    assert len(audio._sounds["play"]) == 1  # the broken take is left out, the good one plays
    audio.play("deal")  # quiet, no error


def test_a_new_theme_drops_the_old_loaders_sounds(audio: Audio) -> None:
    audio.use_theme({"deal": (SOUNDS / "deal.ogg",)})
    audio.use_theme({"play": (SOUNDS / "play.ogg",)})
    audio.wait_until_loaded(5)
    assert set(audio._sounds) == {"play"}


def test_a_take_is_never_the_one_just_played_and_all_are_heard(audio: Audio) -> None:
    picks = [audio.pick_take("play", 3) for _ in range(300)]
    assert all(a != b for a, b in zip(picks, picks[1:], strict=False))
    assert set(picks) == {0, 1, 2}
    assert {audio.pick_take("deal", 1) for _ in range(5)} == {0}  # one take: that one


def test_every_take_decodes_and_plays(audio: Audio) -> None:
    takes = (SOUNDS / "play.ogg", SOUNDS / "play_2.ogg", SOUNDS / "play_3.ogg")
    audio.use_theme({"play": takes})
    audio.wait_until_loaded(5)
    assert len(audio._sounds["play"]) == 3
    for _ in range(4):
        audio.play("play")  # on the dummy device


def test_the_music_pieces_play_in_turn(audio: Audio, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []
    monkeypatch.setattr(pygame.mixer.music, "load", lambda path: loaded.append(Path(path).name))
    monkeypatch.setattr(pygame.mixer.music, "play", lambda *args, **kwargs: None)
    pieces = tuple(SOUNDS / name for name in ("music.ogg", "music_2.ogg", "music_3.ogg"))
    audio.use_theme({"music": pieces})
    audio.start_music()
    for _ in range(4):
        audio.music_ended()
    first = [p.name for p in pieces].index(loaded[0])
    assert loaded == [pieces[(first + i) % 3].name for i in range(5)]
    audio.music_volume = 0
    audio.music_ended()  # silenced meanwhile: no next piece
    audio.music_volume = 0.3
    audio.stop_music()
    audio.music_ended()  # the table closed, its piece's end still in the queue
    assert len(loaded) == 5


def test_without_a_mixer_every_call_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """No sound device: the game plays silently (and never touches the mixer)."""

    def no_mixer(*args: object, **kwargs: object) -> None:
        raise AssertionError("the mixer was used with sound off")

    monkeypatch.setattr(pygame.mixer, "Sound", no_mixer)
    monkeypatch.setattr(pygame.mixer.music, "load", no_mixer)
    audio = Audio(enabled=False)
    assert not audio.available
    audio.use_theme({"play": (SOUNDS / "play.ogg",), "music": (SOUNDS / "music.ogg",)})
    audio.play("play")
    audio.start_music()
    audio.music_ended()
    audio.apply_music_volume()
    audio.stop_music()
    audio.close()


def test_the_mixer_moves_on_to_the_next_piece_by_itself(audio: Audio) -> None:
    """With the real mixer (dummy device): each piece's end arrives as MUSIC_ENDED and
    the next piece follows; loading a piece is no end; a stop is no end either."""
    pygame.display.init()  # the mixer posts its events to the display's queue
    pygame.event.clear()
    short = tuple(SOUNDS / name for name in ("deal.ogg", "play.ogg", "draw.ogg"))
    audio.use_theme({"music": short})
    audio.start_music()
    played = [audio._piece]
    deadline = time.monotonic() + 5
    while len(played) < 4 and time.monotonic() < deadline:
        for event in pygame.event.get():
            if event.type == MUSIC_ENDED:
                audio.music_ended()
                played.append(audio._piece)
        time.sleep(0.01)
    assert played == [(played[0] + i) % 3 for i in range(4)]
    audio.stop_music()
    time.sleep(0.2)
    assert not [e for e in pygame.event.get() if e.type == MUSIC_ENDED]
