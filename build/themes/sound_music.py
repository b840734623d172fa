"""Each theme's music, composed here as notes: a chord progression, a bass line,
an accompaniment and a melody built from a motif, a minute or more long.

Each theme has three pieces on its own instruments, in different progressions,
tempos and tunes; the game plays them in turn, so a match does not hear one
loop over and over. Each piece ends on its home chord and rings out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from sound_midi import DRUMS, Song

MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
QUALITIES = {
    "": (0, 4, 7),
    "m": (0, 3, 7),
    "7": (0, 4, 7, 10),
    "maj7": (0, 4, 7, 11),
    "m7": (0, 3, 7, 10),
    "6": (0, 4, 7, 9),
    "sus4": (0, 5, 7),
    "add9": (0, 4, 7, 14),
}
NAMES = {"C": 0, "Db": 1, "D": 2, "Eb": 3, "E": 4, "F": 5, "Gb": 6, "G": 7, "Ab": 8, "A": 9}
NAMES |= {"Bb": 10, "B": 11}


@dataclass(frozen=True)
class Chord:
    root: int  # pitch class
    tones: tuple[int, ...]  # intervals above the root

    @staticmethod
    def parse(symbol: str) -> Chord:
        name = symbol[:2] if symbol[1:2] in ("b",) else symbol[:1]
        return Chord(NAMES[name], QUALITIES[symbol[len(name) :]])

    def pitches(self, base: int) -> list[int]:
        """The chord's tones from the first root at or above `base`."""
        root = base + (self.root - base) % 12
        return [root + t for t in self.tones]

    def classes(self) -> set[int]:
        return {(self.root + t) % 12 for t in self.tones}


def progression(text: str) -> list[Chord]:
    return [Chord.parse(s) for s in text.split()]


def snap(pitch: int, key: int, scale: tuple[int, ...]) -> int:
    """The nearest pitch of the key's scale (down first, for a settled sound)."""
    for step in (0, -1, 1, -2, 2):
        if (pitch + step - key) % 12 in scale:
            return pitch + step
    return pitch


def nearest_tone(pitch: int, chord: Chord) -> int:
    for step in (0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6):
        if (pitch + step) % 12 in chord.classes():
            return pitch + step
    return pitch


def melody(
    song: Song,
    channel: int,
    chords: list[Chord],
    motif: list[tuple[float, float, int]],
    key: int,
    scale: tuple[int, ...],
    centre: int,
    rng: random.Random,
    velocity: int = 80,
    rest_every: int = 4,
) -> None:
    """A motif (beat, length, scale step) carried over every bar of `chords`:
    strong beats land on chord tones, the rest walk the scale, every
    `rest_every`-th bar breathes with a held note."""
    for bar, chord in enumerate(chords):
        start = bar * 4
        anchor = nearest_tone(centre + (chord.root - centre % 12 + 6) % 12 - 6, chord)
        if bar % rest_every == rest_every - 1:
            song.add(channel, start, 3.5, nearest_tone(anchor, chord), velocity - 10)
            continue
        for beat, length, step in motif:
            pitch = snap(anchor + step + rng.choice((0, 0, 0, 1, -1)), key, scale)
            if beat in (0.0, 2.0):
                pitch = nearest_tone(pitch, chord)
            accent = 8 if beat == 0.0 else 0
            song.add(channel, start + beat, length, pitch, velocity + accent + rng.randint(-6, 6))


def add_tail(song: Song, beats: float) -> None:
    """A silent note past the end, so the renderer keeps going while the music rings."""
    song.volumes[15] = 0
    song.add(15, beats, 0.01, 60, 1)


def classic(
    seed: str = "classic-music",
    bpm: float = 104,
    programs: tuple[int, int, int] = (4, 32, 11),
    a_text: str = "Cmaj7 Am7 Dm7 G7 Em7 A7 Dm7 G7",
    b_text: str = "Fmaj7 Fm7 Em7 A7 Dm7 G7 Cmaj7 G7",
) -> Song:
    """Lounge swing for a card table: electric piano, walking bass, vibraphone, brushes."""
    rng = random.Random(seed)
    channels = dict(enumerate(programs))
    song = Song(bpm=bpm, programs=channels, volumes={0: 84, 1: 104, 2: 92, DRUMS: 70})
    song.reverb = {0: 50, 1: 20, 2: 70, DRUMS: 40}
    a, b = progression(a_text), progression(b_text)
    chords = a + b + a + progression("Fmaj7 Fm7 Em7 A7 Dm7 G7 C6 G7") + progression("C6")
    for bar, chord in enumerate(chords):
        start = bar * 4
        voicing = chord.pitches(55)
        for beat, length in ((0.0, 1.2), (1.67, 0.9), (3.0, 0.6)):
            for p in voicing:
                song.add(0, start + beat, length, p, 58 + rng.randint(-5, 5))
        _walking_bass(song, 1, start, chord, chords[(bar + 1) % len(chords)], rng)
        _brushes(song, start, rng)
    motif_a = [(0.0, 1.5, 0), (1.67, 0.33, 2), (2.0, 1.0, 4), (3.0, 0.67, 2), (3.67, 0.33, 0)]
    motif_b = [(0.0, 0.67, 4), (0.67, 0.33, 2), (1.0, 1.0, 0), (2.0, 1.67, -3), (3.67, 0.3, -1)]
    melody(song, 2, a, motif_a, 0, MAJOR, 76, rng)
    melody(song, 2, b, motif_b, 0, MAJOR, 79, rng, rest_every=2)
    melody(song, 2, a, motif_a, 0, MAJOR, 76, rng)
    melody(song, 2, chords[24:], motif_b, 0, MAJOR, 74, rng)
    add_tail(song, len(chords) * 4 + 6)
    return song


def _walking_bass(
    song: Song, channel: int, start: float, chord: Chord, following: Chord, rng: random.Random
) -> None:
    tones = chord.pitches(36)
    target = following.pitches(36)[0]
    line = [tones[0], rng.choice(tones[1:3]), tones[2], target + rng.choice((-1, 1))]
    for beat, pitch in enumerate(line):
        song.add(channel, start + beat, 0.9, pitch, 92 if beat == 0 else 80)


def _brushes(song: Song, start: float, rng: random.Random) -> None:
    for beat in (0.0, 1.0, 1.67, 2.0, 3.0, 3.67):
        song.add(DRUMS, start + beat, 0.2, 51, 50 + rng.randint(-8, 8))  # ride
    for beat in (1.0, 3.0):
        song.add(DRUMS, start + beat, 0.2, 44, 55)  # pedal hi-hat
    song.add(DRUMS, start, 0.2, 36, 52)  # a soft kick


def minecraft(
    seed: str = "minecraft-music",
    bpm: float = 76,
    programs: tuple[int, int, int, int] = (0, 89, 0, 10),
    a_text: str = "Fmaj7 C Am7 G Fmaj7 Em7 Dm7 Gsus4",
    b_text: str = "Am7 Fmaj7 C G Am7 Fmaj7 Dm7 Gsus4",
) -> Song:
    """Calm piano over a warm pad, the feel of a quiet morning in a block world."""
    rng = random.Random(seed)
    channels = dict(enumerate(programs))
    song = Song(bpm=bpm, programs=channels, volumes={0: 88, 1: 62, 2: 84, 3: 60})
    song.reverb = {0: 90, 1: 110, 2: 100, 3: 100}
    a, b = progression(a_text), progression(b_text)
    chords = a + b + a + progression("Cmaj7")
    for bar, chord in enumerate(chords):
        start = bar * 4
        song.add(1, start, 4.0, chord.pitches(48)[0], 60)
        for p in chord.pitches(60):
            song.add(1, start, 4.0, p, 52)
        low = chord.pitches(36)[0]
        song.add(0, start, 3.8, low, 62)
        pattern = [0, 1, 2, 3, 2, 1, 2, 3] if bar % 2 == 0 else [0, 2, 1, 3, 2, 0, 1, 2]
        upper = chord.pitches(55)
        for i, index in enumerate(pattern):
            pitch = upper[index % len(upper)] + (12 if index >= len(upper) else 0)
            song.add(0, start + i * 0.5, 1.2, pitch, 48 + rng.randint(-6, 6))
    motif = [(0.0, 1.5, 4), (1.5, 0.5, 2), (2.0, 2.0, 0)]
    sparse = [(0.0, 2.0, 7), (2.5, 1.5, 4)]
    melody(song, 2, a, motif, 0, MAJOR, 77, rng, velocity=66, rest_every=2)
    melody(song, 2, b, sparse, 0, MAJOR, 74, rng, velocity=62, rest_every=2)
    melody(song, 2, a, motif, 0, MAJOR, 79, rng, velocity=64, rest_every=2)
    for bar in range(0, len(chords), 4):  # a music-box glint now and then
        chord = chords[bar]
        for i, p in enumerate(chord.pitches(84)[:3]):
            song.add(3, bar * 4 + 3 + i * 0.33, 1.0, p, 40)
    add_tail(song, len(chords) * 4 + 6)
    return song


def monster_high(
    seed: str = "monster-music",
    bpm: float = 116,
    programs: tuple[int, ...] = (6, 45, 8, 52, 33),
    a_text: str = "Dm Bb Gm A7 Dm F Gm A7",
    b_text: str = "Bb C Am Dm Gm C F A7",
) -> Song:
    """Spooky but fun: harpsichord ostinato, pizzicato bass, celesta tune, a choir."""
    rng = random.Random(seed)
    song = Song(bpm=bpm, programs=dict(enumerate(programs)))
    song.volumes = {0: 72, 1: 92, 2: 100, 3: 58, 4: 96, DRUMS: 78}
    song.reverb = {0: 60, 1: 50, 2: 90, 3: 110, 4: 30, DRUMS: 50}
    a, b = progression(a_text), progression(b_text)
    chords = a + a + b + progression("Dm Bb Gm A7 Dm Bb A7 Dm") + progression("Dm")
    for bar, chord in enumerate(chords):
        start = bar * 4
        tones = chord.pitches(62)
        for i in range(8):
            pitch = tones[[0, 1, 2, 1, 0, 2, 1, 2][i] % len(tones)]
            song.add(0, start + i * 0.5, 0.45, pitch, 60 + (10 if i % 2 == 0 else 0))
        root = chord.pitches(38)[0]
        for beat, pitch in ((0.0, root), (1.5, root), (2.0, root + 7), (3.0, root + 12)):
            song.add(4, start + beat, 0.45, pitch, 90)
            song.add(1, start + beat, 0.4, pitch + 12, 70)
        if bar >= 8:
            for p in chord.pitches(57):
                song.add(3, start, 3.9, p, 50)
        _spooky_drums(song, start, bar)
    motif = [(0.0, 0.5, 0), (0.5, 0.5, 2), (1.0, 1.0, 4), (2.5, 0.5, 3), (3.0, 1.0, 1)]
    answer = [(0.0, 1.0, 7), (1.0, 0.5, 5), (1.5, 0.5, 4), (2.0, 2.0, 2)]
    melody(song, 2, a, motif, 2, MINOR, 74, rng)
    melody(song, 2, a, answer, 2, MINOR, 77, rng)
    melody(song, 2, b, motif, 2, MINOR, 76, rng, rest_every=2)
    melody(song, 2, chords[24:], answer, 2, MINOR, 74, rng)
    add_tail(song, len(chords) * 4 + 6)
    return song


def _spooky_drums(song: Song, start: float, bar: int) -> None:
    for beat in (0.0, 2.0):
        song.add(DRUMS, start + beat, 0.2, 36, 84)
    for beat in (1.0, 3.0):
        song.add(DRUMS, start + beat, 0.2, 39, 70)  # hand clap
    for i in range(8):
        song.add(DRUMS, start + i * 0.5, 0.1, 42, 44 if i % 2 else 56)
    if bar % 8 == 7:  # a tom fill into the next phrase
        for i, pitch in enumerate((50, 47, 45, 43)):
            song.add(DRUMS, start + 3 + i * 0.25, 0.2, pitch, 70)


# Each theme's pieces: the first as composed above, the others the same hand with
# other instruments (GM programs), tempo, chords and tune.
PIECES: dict[str, list[Callable[[], Song]]] = {
    "classic": [
        classic,
        # a slower ballad: nylon guitar, bass and a flute's tune
        partial(classic, "classic-bossa", 92, (24, 32, 73),
                "Cmaj7 Dm7 Em7 A7 Dm7 G7 Cmaj7 Am7", "Fmaj7 Em7 Dm7 G7 Em7 A7 Dm7 G7"),
        # brighter and quicker: a piano, bass and an alto sax
        partial(classic, "classic-uptempo", 120, (0, 32, 65),
                "C6 A7 Dm7 G7 C6 A7 Dm7 G7", "Em7 A7 Dm7 G7 Fmaj7 Fm7 Cmaj7 G7"),
    ],
    "minecraft": [
        minecraft,
        # dusk: a harp and a music box over the pad, slower
        partial(minecraft, "minecraft-dusk", 68, (46, 89, 11, 10),
                "Am7 Fmaj7 C Gsus4 Am7 Fmaj7 Dm7 Em7", "Fmaj7 G Em7 Am7 Dm7 Em7 Fmaj7 Gsus4"),
        # rain on the roof: a marimba's patter over the pad, slowest
        partial(minecraft, "minecraft-rain", 62, (12, 89, 0, 10),
                "Cmaj7 Am7 Fmaj7 G Cmaj7 Em7 Fmaj7 Gsus4", "Dm7 Em7 Fmaj7 G Am7 Em7 Fmaj7 Gsus4"),
    ],
    "monster_high": [
        monster_high,
        # a nocturne: a music box and an organ over plucked strings, creepier chords
        partial(monster_high, "monster-nocturne", 100, (10, 45, 19, 53, 32),
                "Dm Gm A7 Dm Bb Gm Eb A7", "Gm Dm Bb A7 Dm Gm Bb A7"),
        # a skeletons' march: a xylophone's tune over a clavinet and pizzicato
        partial(monster_high, "monster-march", 128, (7, 45, 13, 52, 33),
                "Dm A7 Dm Gm Dm Bb A7 Dm", "F C Dm A7 Bb Gm A7 Dm"),
    ],
}  # fmt: skip
