"""Ogg Vorbis files made in a test from a shipped sound's packets: a decode bomb
(one small audio packet repeated, as low-bitrate silence is), one whose granule
positions lie about its length, and damaged pages. Also used by the benchmarks."""

from __future__ import annotations

import struct
from pathlib import Path

_CRC_TABLE = []
for _i in range(256):
    _r = _i << 24
    for _ in range(8):
        _r = ((_r << 1) ^ 0x04C11DB7) if _r & 0x80000000 else _r << 1
    _CRC_TABLE.append(_r & 0xFFFFFFFF)


def ogg_crc(data: bytes) -> int:
    """Ogg's page checksum (CRC-32, polynomial 0x04c11db7, no reflection)."""
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC_TABLE[((crc >> 24) & 0xFF) ^ byte]
    return crc


def packets_of(data: bytes) -> list[bytes]:
    """The packets of a one-stream Ogg file, in order."""
    packets, current, offset = [], b"", 0
    while offset < len(data):
        count = data[offset + 26]
        lacing = data[offset + 27 : offset + 27 + count]
        body = offset + 27 + count
        for value in lacing:
            current += data[body : body + value]
            body += value
            if value < 255:
                packets.append(current)
                current = b""
        offset = body
    return packets


def page(body_packets: list[bytes], granule: int, sequence: int, flags: int = 0) -> bytes:
    lacing = b""
    for packet in body_packets:
        lacing += b"\xff" * (len(packet) // 255) + bytes([len(packet) % 255])
    header = struct.pack("<4sBBqIIIB", b"OggS", 0, flags, granule, 7, sequence, 0, len(lacing))
    raw = header + lacing + b"".join(body_packets)
    return raw[:22] + struct.pack("<I", ogg_crc(raw)) + raw[26:]


def long_block_half(data: bytes) -> int:
    """Half the long block size, from the identification header: the most samples
    one audio packet decodes to."""
    return (1 << (packets_of(data)[0][28] >> 4)) // 2


def build_ogg(
    headers: list[bytes], audio: list[bytes], samples_per_packet: int, lie_to: int | None = None
) -> bytes:
    """Headers on their own pages, then the audio packets 32 to a page, each page's
    granule position the samples so far (or, with `lie_to`, never more than that)."""
    out = page(headers[:1], 0, 0, flags=0x02) + page(headers[1:], 0, 1)
    sequence, done = 2, 0
    for start in range(0, len(audio), 32):
        chunk = audio[start : start + 32]
        done += len(chunk) * samples_per_packet
        last = start + 32 >= len(audio)
        granule = done if lie_to is None else min(done, lie_to)
        out += page(chunk, granule, sequence, flags=0x04 if last else 0)
        sequence += 1
    return out


# An audio packet of mode 1 (libvorbis's long block) that ends before its floor: the
# decoder outputs half a long block of silence for one byte, as low-bitrate silence does.
SILENT_LONG_PACKET = b"\x02"


def decode_bomb(shipped_ogg: Path, seconds: float, lie_to: int | None = None) -> bytes:
    """An Ogg that decodes to `seconds` of silence at 44.1 kHz: a shipped sound's
    headers, then one-byte long-block packets (about 11 KB a minute)."""
    data = shipped_ogg.read_bytes()
    half = long_block_half(data)
    count = int(seconds * 44100 / half) + 1
    return build_ogg(packets_of(data)[:3], [SILENT_LONG_PACKET] * count, half, lie_to)
