"""How long a pack's sound plays, read from its header before anything decodes it.

The mixer decodes a whole effect into memory as 44.1 kHz stereo, however small
the file: 1 MB of low-bitrate Ogg silence stood for 2,000 s of audio (700 MB and
7 s of decoding at its first play), and a WAV at 1 Hz is resampled 44,100 times
over. So a sound's length is read from its own bytes and capped before the mixer
sees it.

Hand-written rather than a tag library (mutagen): the two formats take a page of
code, a tag reader would add about a megabyte to the standalone app for the same
two numbers, and it reads an Ogg's length only from its last granule position,
which a hostile file can set to anything. Here the packets are counted too: each
decodes to at most half a long block, whatever the granules say.
"""

from __future__ import annotations

import struct
import wave
from pathlib import Path

from game.files.safe_read import read_limited
from game.themes.errors import UnsafePackFile

MAX_EFFECT_SECONDS = 10.0  # the shipped effects last under 4.5 s
MAX_MUSIC_SECONDS = 600.0  # a piece of music: the shipped ones last two minutes or so
# Every take of every effect is decoded into memory (44.1 kHz stereo, 10 MB a minute),
# so their sum is capped too, by what their packets can hold: the shipped takes hold
# about a minute and a half.
MAX_EFFECTS_SECONDS = 600.0
# What an Ogg's packets may hold beyond its stated length: a short block is an eighth
# of a long one in the shipped encoder, so a 1 s clap of short blocks counts as 8 s.
# A liar gets at most this many times the cap: 80 s, 14 MB decoded, off the frame thread.
PACKET_ALLOWANCE = 8
MAX_OGG_PAGES = 65_536  # a 16 MB file of 4 KB pages has 4,000; bounds the walk
MAX_SAMPLE_RATE = 192_000
_PAGE = struct.Struct("<4sBBqIIIB")  # OggS, version, flags, granule, serial, seq, crc, lacing
_FIRST_PAGE = 0x02
_VORBIS_ID = b"\x01vorbis"


def check_sound(name: str, path: Path, limit_bytes: int) -> float:
    """The sound `name` at `path` is Ogg Vorbis or PCM WAV and within its length cap
    by its header; else UnsafePackFile. Only for a file check_named_file has passed.
    Returns the most seconds it can decode to."""
    cap = MAX_MUSIC_SECONDS if name == "music" else MAX_EFFECT_SECONDS
    kind = "music" if name == "music" else "a sound effect"
    if path.suffix.lower() == ".ogg":
        stated, most = ogg_seconds(read_limited(path, limit_bytes))
    elif path.suffix.lower() == ".wav":
        stated = most = wav_seconds(path)
    else:
        raise UnsafePackFile("a sound must be an .ogg (Vorbis) or .wav (PCM) file")
    if stated > cap:
        raise UnsafePackFile(f"lasts {stated:,.0f} s by its header; {kind} may last {cap:,.0f} s")
    if most > cap * PACKET_ALLOWANCE:
        raise UnsafePackFile(
            f"says it lasts {stated:,.1f} s, but its packets hold up to {most:,.0f} s of audio"
        )
    return most


def wav_seconds(path: Path) -> float:
    """Data size over byte rate: the frames the data chunk holds at the stated rate.
    Only for a file already found regular (check_named_file)."""
    try:
        with wave.open(str(path), "rb") as sound:
            frames, rate = sound.getnframes(), sound.getframerate()
    except (wave.Error, EOFError, OSError) as error:
        raise UnsafePackFile(f"not a readable WAV file ({error})") from error
    if not 0 < rate <= MAX_SAMPLE_RATE:
        raise UnsafePackFile(f"a WAV at {rate} samples a second")
    return frames / rate


def ogg_seconds(data: bytes) -> tuple[float, float]:
    """How long an Ogg Vorbis stream says it lasts (its last granule position over its
    sample rate) and the most its packets can hold. A granule position is only a
    claim, but each audio packet decodes to at most half a long block, so the packet
    count bounds what the decoder will produce whatever the granules say."""
    offset = pages = packets = granule = 0
    rate = long_block = 0
    serial: int | None = None
    if not data.startswith(b"OggS"):
        raise UnsafePackFile("not an Ogg file (it does not start with an Ogg page)")
    while offset < len(data):
        if len(data) - offset < _PAGE.size:
            raise UnsafePackFile(f"a damaged Ogg page at byte {offset}")
        magic, version, flags, page_granule, page_serial, _, _, count = _PAGE.unpack_from(
            data, offset
        )
        lacing = data[offset + _PAGE.size : offset + _PAGE.size + count]
        body = offset + _PAGE.size + count
        end = body + sum(lacing)
        if magic != b"OggS" or version != 0 or len(lacing) < count or end > len(data):
            raise UnsafePackFile(f"a damaged Ogg page at byte {offset}")
        if serial is None:
            if not flags & _FIRST_PAGE:
                raise UnsafePackFile("the Ogg stream does not start with its first page")
            serial, (rate, long_block) = page_serial, _vorbis_identification(data[body:end])
        elif page_serial != serial or flags & _FIRST_PAGE:
            raise UnsafePackFile("more than one stream in one Ogg file")
        if page_granule < -1:
            raise UnsafePackFile(f"a negative granule position at byte {offset}")
        granule = max(granule, page_granule)
        packets += count - lacing.count(255)  # a lacing value under 255 ends a packet
        pages += 1
        if pages > MAX_OGG_PAGES:
            raise UnsafePackFile(f"more than {MAX_OGG_PAGES} Ogg pages")
        offset = end
    if serial is None:
        raise UnsafePackFile("an empty Ogg file")
    return granule / rate, packets * (long_block // 2) / rate


def _vorbis_identification(packet: bytes) -> tuple[int, int]:
    """(sample rate, long block size) from the Vorbis identification header."""
    if len(packet) < 30 or not packet.startswith(_VORBIS_ID):
        raise UnsafePackFile("not Ogg Vorbis (the only Ogg codec packs may use)")
    version, channels, rate = struct.unpack_from("<IBI", packet, 7)
    short_block, long_block = 1 << (packet[28] & 0x0F), 1 << (packet[28] >> 4)
    if version != 0 or channels == 0 or not 0 < rate <= MAX_SAMPLE_RATE:
        raise UnsafePackFile("a damaged Vorbis identification header")
    if not 64 <= short_block <= long_block <= 8192:
        raise UnsafePackFile("a damaged Vorbis identification header")
    return rate, long_block
