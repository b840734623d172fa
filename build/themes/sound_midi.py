"""A Standard MIDI File writer, just enough to hand our compositions to FluidSynth.

One track (format 0), up to 16 channels, a tempo, programs and notes. Times are
in beats; the file counts 480 ticks per beat.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

TICKS_PER_BEAT = 480
DRUMS = 9  # General MIDI's percussion channel


@dataclass(frozen=True)
class Note:
    channel: int
    start: float  # beats
    length: float  # beats
    pitch: int
    velocity: int = 90


@dataclass
class Song:
    bpm: float
    programs: dict[int, int] = field(default_factory=dict)  # channel -> GM program (0-based)
    volumes: dict[int, int] = field(default_factory=dict)  # channel -> CC7
    reverb: dict[int, int] = field(default_factory=dict)  # channel -> CC91
    notes: list[Note] = field(default_factory=list)

    def add(self, channel: int, start: float, length: float, pitch: int, velocity: int) -> None:
        self.notes.append(Note(channel, start, length, pitch, max(1, min(127, velocity))))

    def seconds(self, beats: float) -> float:
        return beats * 60.0 / self.bpm

    def to_bytes(self) -> bytes:
        events: list[tuple[int, int, bytes]] = []  # (tick, order, data): offs before ons
        tempo = round(60_000_000 / self.bpm)
        events.append((0, 0, b"\xff\x51\x03" + tempo.to_bytes(3, "big")))
        for channel, program in self.programs.items():
            events.append((0, 1, bytes([0xC0 | channel, program])))
        for channel, volume in self.volumes.items():
            events.append((0, 1, bytes([0xB0 | channel, 7, volume])))
        for channel, amount in self.reverb.items():
            events.append((0, 1, bytes([0xB0 | channel, 91, amount])))
        for n in self.notes:
            on = round(n.start * TICKS_PER_BEAT)
            off = max(on + 1, round((n.start + n.length) * TICKS_PER_BEAT))
            events.append((on, 3, bytes([0x90 | n.channel, n.pitch, n.velocity])))
            events.append((off, 2, bytes([0x80 | n.channel, n.pitch, 0])))
        events.sort(key=lambda e: (e[0], e[1]))
        track = bytearray()
        now = 0
        for tick, _, data in events:
            track += _varlen(tick - now) + data
            now = tick
        track += _varlen(0) + b"\xff\x2f\x00"
        header = b"MThd" + struct.pack(">IHHH", 6, 0, 1, TICKS_PER_BEAT)
        return header + b"MTrk" + struct.pack(">I", len(track)) + bytes(track)


def _varlen(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))
