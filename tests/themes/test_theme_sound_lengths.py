"""A sound's length comes from its header and is capped before anything decodes it:
a decode bomb (a little Ogg that decodes to an hour of silence), an Ogg whose granule
positions lie, a WAV at 1 Hz and damaged pages are each refused with the reason."""

from __future__ import annotations

import struct
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.files import paths
from game.themes.errors import UnsafePackFile
from game.themes.loader import load_pack
from game.themes.sound_length import (
    MAX_EFFECT_SECONDS,
    MAX_MUSIC_SECONDS,
    PACKET_ALLOWANCE,
    check_sound,
    ogg_seconds,
)
from tests.themes.ogg_files import build_ogg, decode_bomb, packets_of, page

SHIPPED_OGG = paths.themes_root() / "classic" / "sounds" / "deal.ogg"
LIMIT = 16 << 20


@pytest.fixture(scope="module")
def mixer() -> Iterator[None]:
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    yield
    pygame.mixer.quit()


def _reason(folder: Path) -> str:
    pack = load_pack(folder)
    assert not pack.available
    return pack.reason


def _wav(path: Path, rate: int, frames: int) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(1)
        out.setframerate(rate)
        out.writeframes(b"\x80" * frames)
    return path


def test_a_decode_bomb_effect_is_unavailable_by_its_header(pack_copy) -> None:
    """One hour of silence in 650 KB: the mixer would decode 635 MB at first play."""
    folder = pack_copy()
    bomb = decode_bomb(SHIPPED_OGG, 3600)
    assert len(bomb) < 1 << 20
    (folder / "sounds" / "deal.ogg").write_bytes(bomb)
    assert (
        "sounds/deal.ogg: sounds.deal: lasts 3,600 s by its header; "
        "a sound effect may last 10 s" in _reason(folder)
    )


def test_music_longer_than_its_cap_is_unavailable(pack_copy) -> None:
    folder = pack_copy()
    (folder / "sounds" / "music.ogg").write_bytes(decode_bomb(SHIPPED_OGG, 11 * 60))
    assert "sounds.music: lasts 660 s by its header; music may last 600 s" in _reason(folder)


def test_an_ogg_whose_granules_lie_is_refused_by_its_packets(pack_copy) -> None:
    """It says one second; its packets decode to two minutes."""
    folder = pack_copy()
    liar = decode_bomb(SHIPPED_OGG, 120, lie_to=44100)
    assert ogg_seconds(liar)[0] == 1.0
    (folder / "sounds" / "deal.ogg").write_bytes(liar)
    assert "sounds.deal: says it lasts 1.0 s, but its packets hold up to 120 s" in _reason(folder)


@settings(max_examples=12, deadline=None)
@given(seconds=st.floats(0.5, 30), lie=st.booleans())
def test_the_header_bounds_what_the_mixer_decodes(
    mixer: None, tmp_path_factory: pytest.TempPathFactory, seconds: float, lie: bool
) -> None:
    """Checked against the decoder itself: an honest file states its length; no file,
    however its granules lie, decodes to more than its packets allow."""
    path = tmp_path_factory.mktemp("ogg") / "s.ogg"
    path.write_bytes(decode_bomb(SHIPPED_OGG, seconds, lie_to=4410 if lie else None))
    stated, most = ogg_seconds(path.read_bytes())
    decoded = pygame.mixer.Sound(str(path)).get_length()
    assert decoded <= most + 0.01
    if not lie:
        assert abs(decoded - stated) < 0.05


def test_every_shipped_sound_passes_with_room_to_spare() -> None:
    for path in paths.themes_root().glob("*/sounds/*.ogg"):
        stated, most = ogg_seconds(path.read_bytes())
        cap = MAX_MUSIC_SECONDS if path.stem.startswith("music") else MAX_EFFECT_SECONDS
        assert stated <= cap / 2 and most <= cap * PACKET_ALLOWANCE / 2, path


@pytest.mark.parametrize(
    ("rate", "frames", "message"),
    [
        (1, 200, "lasts 200 s by its header"),  # the mixer resamples it 44,100 times over
        (8000, 8000 * 11, "lasts 11 s by its header"),
    ],
)
def test_a_long_or_slow_wav_is_refused(
    tmp_path: Path, rate: int, frames: int, message: str
) -> None:
    path = _wav(tmp_path / "s.wav", rate, frames)
    with pytest.raises(UnsafePackFile, match=message):
        check_sound("deal", path, LIMIT)


def test_the_effects_takes_together_are_capped(pack_copy) -> None:
    """Eight takes of each effect, each just under its own cap, would decode to far
    more than the game should hold in memory: the sum is refused too."""
    folder = pack_copy()
    bomb = decode_bomb(SHIPPED_OGG, MAX_EFFECT_SECONDS - 1)
    takes = []
    for i in range(8):
        (folder / "sounds" / f"long_{i}.ogg").write_bytes(bomb)
        takes.append(f'"sounds/long_{i}.ogg"')
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    for name in ("deal", "play", "draw", "shuffle", "skip", "reverse", "wild", "catch", "skip"):
        text = text.replace(f"{name} = [", f"{name} = [{', '.join(takes)}] # ", 1)
    manifest.write_text(text, encoding="utf-8")
    assert "sounds: the effects hold up to" in _reason(folder)


def test_a_short_wav_and_long_wav_music_pass(tmp_path: Path) -> None:
    check_sound("deal", _wav(tmp_path / "s.wav", 8000, 8000 * 2), LIMIT)
    check_sound("music", _wav(tmp_path / "m.wav", 8000, 8000 * 300), LIMIT)


def test_a_sound_of_another_kind_is_refused(pack_copy) -> None:
    folder = pack_copy()
    manifest = folder / "theme.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('catch = ["sounds/catch.ogg"', 'catch = ["table.tmx"'))
    assert "sounds.catch: a sound must be an .ogg (Vorbis) or .wav (PCM) file" in _reason(folder)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d[:-10], "a damaged Ogg page"),
        (lambda d: d + b"junk" * 10, "a damaged Ogg page"),
        (lambda d: d + d, "more than one stream"),
        (lambda d: d.replace(b"\x01vorbis", b"\x01Vorbis", 1), "not Ogg Vorbis"),
        (lambda d: b"", "not an Ogg file"),
        (lambda d: d[:27] + b"\x00" + d[28:58], "not Ogg Vorbis"),
        (lambda d: page([b"\x01vorbis" + bytes(23)], 0, 0, 0x02), "damaged Vorbis"),
        (lambda d: page([packets_of(d)[0]], -5, 0, 0x02), "a negative granule"),
        (lambda d: d[:5] + b"\x00" + d[6:], "does not start with its first page"),
    ],
)
def test_damaged_or_foreign_oggs_are_refused(make, message: str) -> None:  # noqa: ANN001
    with pytest.raises(UnsafePackFile, match=message):
        ogg_seconds(make(SHIPPED_OGG.read_bytes()))


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_damage_to_an_ogg_is_refused_or_measured_never_a_crash(data: st.DataObject) -> None:
    original = bytearray(SHIPPED_OGG.read_bytes())
    for _ in range(data.draw(st.integers(1, 6))):
        where = data.draw(st.integers(0, len(original) - 1))
        original[where] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(original)))
    try:
        stated, most = ogg_seconds(bytes(original[:cut]))
    except UnsafePackFile:
        return
    assert stated >= 0 and most >= 0


def test_many_tiny_pages_are_refused_before_they_take_long() -> None:
    packets = packets_of(SHIPPED_OGG.read_bytes())
    data = build_ogg(packets[:3], [], 1024)
    data += b"".join(page([], 0, n) for n in range(70_000))
    with pytest.raises(UnsafePackFile, match="more than 65536 Ogg pages"):
        ogg_seconds(data)


def test_the_granule_struct_reads_signed() -> None:
    """-1 (no packet ends on this page) is allowed and does not count as length."""
    packets = packets_of(SHIPPED_OGG.read_bytes())
    data = build_ogg(packets[:3], [b"\x02"] * 10, 1024) + page([], -1, 99)
    assert struct.unpack_from("<q", data, len(data) - 27 + 6)[0] == -1
    assert ogg_seconds(data)[0] == pytest.approx(10 * 1024 / 44100)
