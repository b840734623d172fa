"""Each theme's sound effects: the physical card sounds shaped from noise, the
table's moments played on the theme's instruments, and a voice for "UNO!".

Classic is a clean table with a vibraphone and a brass section; Minecraft
crushes the same sounds to 8-bit and plays a square-wave lead; Monster High
adds a haunted room's echo, a celesta, an organ and a choir.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import sound_render as r
from sound_midi import DRUMS, Song


@dataclass(frozen=True)
class Palette:
    lead: int  # GM programs, 0-based
    brass: int
    sweep: int  # glissandi
    low: int  # the sorry trombone of a lost round
    voice: tuple[str, int, int, tuple[str, ...]]  # espeak voice, speed, pitch, sox effects
    room: tuple[str, ...]  # sox effects over everything (the theme's acoustic)
    crush: bool = False


PALETTES = {
    "classic": Palette(11, 61, 46, 57, ("en-us+m3", 150, 62, ("gain", "-2")), ("reverb", "25")),
    "minecraft": Palette(
        80, 80, 80, 81, ("en-us+m7", 135, 38, ("pitch", "-250")), ("reverb", "15"), crush=True
    ),
    "monster_high": Palette(
        8,
        19,
        46,
        70,
        ("en-us+f4", 140, 72, ("echo", "0.8", "0.7", "90", "0.35")),
        ("reverb", "55", "50", "80"),
    ),  # fmt: skip
}


def crush(audio: r.Audio) -> r.Audio:
    """8-bit: hold every 4th sample and keep 6 bits."""
    held = np.repeat(audio[::4], 4)[: len(audio)]
    return np.round(held * 32) / 32


class Effects:
    def __init__(self, pack_id: str) -> None:
        self.pack_id = pack_id
        self.p = PALETTES[pack_id]
        self.rng = np.random.default_rng(sum(pack_id.encode()))

    # -- the cards themselves -------------------------------------------------------------

    def _slide(self, duration: float, swell: bool = False) -> r.Audio:
        n = r.seconds(duration)
        hiss = r.band(r.noise(duration, self.rng), 1200, 6500)
        if swell:
            env = r.envelope(n, duration * 0.8, duration)
        else:
            env = r.envelope(n, 0.012, duration / 3)
        return hiss * env * 0.6

    def _tap(self, weight: float = 1.0) -> r.Audio:
        """A card landing on felt: a soft low thump with a little click on top."""
        n = r.seconds(0.08)
        t = np.arange(n) / r.RATE
        thump = np.sin(2 * np.pi * 120 * t) * np.exp(-t / 0.018)
        click = r.band(r.noise(0.08, self.rng), 2500, 9000) * r.envelope(n, 0.0005, 0.004)
        return weight * (0.8 * thump + 0.5 * click)

    def play(self) -> r.Audio:
        out = np.zeros(r.seconds(0.3))
        r.place(out, self._slide(0.16), 0.0)
        r.place(out, self._tap(), 0.14)
        return out

    def deal(self) -> r.Audio:
        out = np.zeros(r.seconds(0.12))
        flick = r.band(r.noise(0.05, self.rng), 2500, 9000)
        flick *= r.envelope(len(flick), 0.002, 0.012)
        r.place(out, flick, 0.0)
        r.place(out, self._tap(0.5), 0.03)
        return out

    def draw(self) -> r.Audio:
        out = np.zeros(r.seconds(0.3))
        r.place(out, self._slide(0.2, swell=True), 0.0)
        r.place(out, self._tap(0.4), 0.2)
        return out

    def shuffle(self) -> r.Audio:
        """A riffle: fifty-odd cards flicking past a thumb, quick in the middle,
        then the bridge as they fall together, then a tap to square the deck."""
        out = np.zeros(r.seconds(1.45))
        count = 52
        for i in range(count):
            x = i / count
            at = 0.05 + 0.85 * (x - 0.18 * np.sin(2 * np.pi * x) / (2 * np.pi))
            click = r.band(r.noise(0.008, self.rng), 1800, 9000)
            click *= r.envelope(len(click), 0.0005, 0.0025)
            r.place(out, click, at, 0.35 + 0.5 * self.rng.random())
        bridge = self._slide(0.3, swell=True) * 0.7
        r.place(out, bridge, 0.9)
        r.place(out, self._tap(1.2), 1.22)
        r.place(out, self._tap(0.8), 1.32)
        return out

    # -- moments on the theme's instruments -------------------------------------------------

    def _notes(self, notes: list[tuple[float, float, int, int]], program: int, bpm: float = 120):
        song = Song(bpm=bpm, programs={0: program}, volumes={0: 110}, reverb={0: 40})
        for beat, length, pitch, velocity in notes:
            song.add(0, beat, length, pitch, velocity)
        return r.trim(r.mono(r.render(song, gain=0.8)))

    def skip(self) -> r.Audio:
        out = np.zeros(r.seconds(0.6))
        song = Song(bpm=120)
        song.add(DRUMS, 0, 0.2, 76, 110)  # wood blocks: "tok-tok"
        song.add(DRUMS, 0.25, 0.2, 77, 100)
        r.place(out, r.trim(r.mono(r.render(song, 0.9))), 0.0, 0.9)
        r.place(out, self._notes([(0, 0.25, 79, 100), (0.25, 0.5, 72, 95)], self.p.lead), 0.02, 0.8)
        return out

    def reverse(self) -> r.Audio:
        """A whoosh that swings one way and back, with the tune doing the same."""
        n = r.seconds(0.55)
        t = np.arange(n) / r.RATE
        base = r.noise(0.55, self.rng)
        centre = 800 + 2400 * np.sin(np.pi * t / 0.55)
        whoosh = np.zeros(n)
        for start in range(0, n, 1024):  # a sweeping band, block by block
            chunk = base[start : start + 1024]
            mid = centre[min(start, n - 1)]
            whoosh[start : start + len(chunk)] = r.band(chunk, mid * 0.6, mid * 1.6)
        whoosh *= np.sin(np.pi * t / 0.55) ** 2 * 0.6
        out = np.zeros(r.seconds(0.8))
        r.place(out, whoosh, 0.0)
        tune = [(0, 0.2, 72, 90), (0.2, 0.2, 79, 95), (0.5, 0.2, 79, 85), (0.7, 0.4, 72, 90)]
        r.place(out, self._notes(tune, self.p.lead, bpm=150), 0.0, 0.7)
        return out

    def wild(self) -> r.Audio:
        """A glissando up two octaves and a shimmering chord: any colour at all."""
        steps = [60, 62, 64, 67, 69, 72, 74, 76, 79, 81, 84]
        notes = [(i * 0.07, 0.4, p, 70 + i * 3) for i, p in enumerate(steps)]
        notes += [(0.8, 0.8, p, 80) for p in (72, 76, 79, 84)]
        return self._notes(notes, self.p.sweep, bpm=120)

    def draw_penalty(self) -> r.Audio:
        """Womp, womp: a falling brass figure over cards landing on the victim."""
        notes = [(0, 0.35, 67, 100), (0.4, 0.35, 66, 95), (0.8, 0.9, 65, 90)]
        out = np.zeros(r.seconds(1.1))
        r.place(out, self._notes(notes, self.p.low, bpm=160), 0.0, 0.9)
        for at in (0.05, 0.2, 0.35):
            r.place(out, self._slide(0.1), at, 0.5)
        return out

    def uno_call(self) -> r.Audio:
        voice, speed, pitch, effects = self.p.voice
        said = r.speak("Uno!", voice, speed, pitch, effects)
        stab = self._notes([(0, 0.5, p, 100) for p in (67, 72, 76)], self.p.brass)
        out = np.zeros(max(len(said), len(stab)) + r.seconds(0.1))
        r.place(out, stab, 0.02, 0.45)
        r.place(out, r.fit(r.mono(said)), 0.0, 1.0)
        return out

    def catch(self) -> r.Audio:
        """The referee's whistle, then a brass hit: caught!"""
        song = Song(bpm=120, programs={0: self.p.brass}, volumes={0: 110})
        song.add(DRUMS, 0, 0.15, 71, 120)  # short whistle
        song.add(DRUMS, 0.3, 0.5, 72, 120)  # long whistle
        for p in (55, 61, 67):  # a tense diminished hit
            song.add(0, 0.35, 0.4, p, 100)
        return r.trim(r.mono(r.render(song, 0.8)))

    def round_won(self) -> r.Audio:
        notes = [(i * 0.25, 0.3, p, 90) for i, p in enumerate((60, 64, 67, 72))]
        notes += [(1.0, 1.5, p, 95) for p in (64, 67, 72, 76)]
        return self._notes(notes, self.p.lead, bpm=140)

    def round_lost(self) -> r.Audio:
        notes = [(0, 0.5, 67, 80), (0.5, 0.5, 63, 75), (1.0, 1.5, 60, 70)]
        notes += [(1.0, 1.5, 55, 60)]
        return self._notes(notes, self.p.lead, bpm=120)

    def match_won(self) -> r.Audio:
        """A fanfare: a triplet pickup, the chord, and a cymbal."""
        song = Song(bpm=120, programs={0: self.p.brass, 1: self.p.lead}, volumes={0: 115, 1: 100})
        for i, p in enumerate((67, 67, 67)):
            song.add(0, i / 3, 0.3, p, 100)
        for p in (60, 64, 67, 72):
            song.add(0, 1.0, 0.9, p, 105)
            song.add(0, 2.0, 2.5, p + 5 if p != 72 else 77, 110)
        for i, p in enumerate((72, 76, 79, 84, 88)):
            song.add(1, 2.0 + i * 0.12, 2.0, p, 90)
        song.add(DRUMS, 2.0, 1.0, 49, 110)  # crash
        song.add(DRUMS, 0.0, 0.2, 38, 90)
        song.add(DRUMS, 1.0, 0.2, 38, 100)
        return r.trim(r.mono(r.render(song, 0.8)))

    def match_lost(self) -> r.Audio:
        """Wah, wah, wah, waaah: kind, not mocking."""
        notes = [(0, 0.6, 62, 90), (0.7, 0.6, 61, 88), (1.4, 0.6, 60, 85), (2.1, 2.0, 59, 85)]
        return self._notes(notes, self.p.low, bpm=110)

    def creeper_reveal(self) -> r.Audio:
        """The fuse hisses louder and louder, then the blast."""
        fuse = r.band(r.noise(0.85, self.rng), 3000, 10000)
        n = len(fuse)
        t = np.arange(n) / r.RATE
        crackle = 0.6 + 0.4 * (self.rng.random(n // 400 + 1).repeat(400)[:n])
        fuse *= (t / t[-1]) ** 1.5 * crackle * 0.8
        boom_n = r.seconds(0.7)
        tb = np.arange(boom_n) / r.RATE
        rumble = r.band(r.noise(0.7, self.rng), 30, 900) * r.envelope(boom_n, 0.004, 0.18)
        thump = np.sin(2 * np.pi * (70 - 40 * tb) * tb) * np.exp(-tb / 0.15)
        out = np.zeros(n + boom_n)
        r.place(out, fuse, 0.0)
        r.place(out, 1.6 * rumble + 0.9 * thump, 0.85)
        return out

    def urrrh_giveaway(self) -> r.Audio:
        """A zombie-ish groan over a low organ cluster."""
        groan = r.speak(
            "uuurrrrhh", "en-us+m2", 70, 10,
            ("pitch", "-600", "tremolo", "6", "40", "overdrive", "6"),
        )  # fmt: skip
        drone = self._notes([(0, 1.6, p, 80) for p in (38, 41, 44)], 19, bpm=60)
        out = np.zeros(max(len(groan), len(drone)) + r.seconds(0.1))
        r.place(out, drone, 0.0, 0.5)
        r.place(out, r.fit(r.mono(groan)), 0.05, 1.0)
        return out

    # -- the whole set -------------------------------------------------------------------

    def finish(self, audio: r.Audio, longest: float) -> r.Audio:
        """The theme's room and grit over any effect, at the common peak, and
        no longer than `longest` seconds (a ringing tail fades out)."""
        if self.p.crush:
            audio = crush(r.fit(audio))
        audio = r.mono(r.sox_effects(np.pad(r.fit(audio), (0, r.seconds(0.4))), *self.p.room))
        return r.fit(r.fade_after(r.trim(audio), longest), 0.85)


NAMES: dict[str, Callable[[Effects], r.Audio]] = {
    name: getattr(Effects, name)
    for name in (
        *("deal", "play", "draw", "shuffle", "skip", "reverse", "wild", "draw_penalty"),
        *("uno_call", "catch", "round_won", "round_lost", "match_won", "match_lost"),
    )
}
PRESET_ONLY = {"creeper_reveal": "minecraft", "urrrh_giveaway": "monster_high"}
NAMES["creeper_reveal"] = Effects.creeper_reveal
NAMES["urrrh_giveaway"] = Effects.urrrh_giveaway
