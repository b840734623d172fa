"""Each theme's sound effects, several takes of each, from the models in sound_synth.

Classic is paper and felt: cards snap and slide, land with a soft thump on the
cloth, and the table's moments play on a vibraphone and a small brass section.
Minecraft is blocks and clicks: wood and stone knocks, and a chiptune console's
square waves. Monster High is spooky chimes: glass and bells in a haunted hall,
an organ, and a theremin's wail.

A take is the same gesture played again, never copied: its own noise, its
pitch a fraction of a semitone away, its parts a few milliseconds earlier or
later, its loudness a touch different (levelled later).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import sound_render as r
import sound_synth as s

# Each take's pitch offset in semitones: close enough to be the same sound.
SHIFTS = (0.0, 0.4, -0.35, 0.75, -0.6)


class Kit:
    """A theme's instruments for one take of one effect."""

    room_size, room_wet, room_tone = 0.35, 0.12, 6000.0

    def __init__(self, name: str, take: int) -> None:
        seed = sum((i + 1) * b for i, b in enumerate(f"{type(self).__name__}/{name}".encode()))
        self.rng = np.random.default_rng(seed * 31 + take)
        self.shift = SHIFTS[take % len(SHIFTS)]
        self.scale = 2 ** (self.shift / 12)  # for frequencies of noise-made sounds

    def at(self, when: float) -> float:
        """`when`, a few milliseconds either way."""
        return max(0.0, when + self.rng.uniform(-0.012, 0.012))

    def buffer(self, duration: float) -> r.Audio:
        return np.zeros(r.seconds(duration))

    def finish(self, audio: r.Audio) -> r.Audio:
        return s.room(audio, self.rng, self.room_size, self.room_wet, self.room_tone)

    # -- shared gestures ---------------------------------------------------------------

    def slide(self, duration: float, low: float, high: float, swell: bool = False) -> r.Audio:
        """Card on cloth: band noise whose grain flutters as the fibres catch."""
        n = r.seconds(duration)
        hiss = r.band(r.noise(duration, self.rng), low * self.scale, high * self.scale)
        grain = 0.7 + 0.3 * s.lowpass(self.rng.standard_normal(n), 60) / 0.1
        env = r.envelope(n, duration * (0.7 if swell else 0.15), duration / 2.5)
        return hiss * np.clip(grain, 0.2, 1.5) * env

    def thump(self, weight: float = 1.0, pitch: float = 95.0, tau: float = 0.022) -> r.Audio:
        """A soft landing: a low knock and a puff of muffled noise."""
        t = s.time_axis(0.25)
        f = pitch * self.scale
        knock = np.sin(2 * np.pi * f * t * (1 + 0.3 * np.exp(-t / 0.01))) * np.exp(-t / tau)
        puff = s.lowpass(r.noise(0.25, self.rng), 900) * np.exp(-t / 0.012)
        return weight * (0.9 * knock + 0.8 * puff)

    def snap(self, weight: float = 1.0, tone: float = 1.0) -> r.Audio:
        """A card's edge meeting the pile: a dry paper crack with a few stiff modes."""
        crack = r.band(r.noise(0.05, self.rng), 500 * tone, 6000 * tone)
        crack *= s.decay(0.05, 0.0004, 0.005)
        f = self.scale * tone
        partials = [(f * 820, 0.5, 0.012), (f * 1740, 0.4, 0.008), (f * 3150, 0.3, 0.005)]
        return weight * (crack + 0.6 * s.modes(0.05, partials, self.rng))

    def riffle(self, out: r.Audio, count: int, start: float, length: float, click) -> None:
        """Cards flicking past a thumb: quick in the middle, slower at the ends."""
        for i in range(count):
            x = i / count
            when = start + length * (x - 0.16 * np.sin(2 * np.pi * x) / (2 * np.pi))
            r.place(out, click(), self.at(when), 0.35 + 0.5 * self.rng.random())

    def flick(self, low: float, high: float, tau: float) -> r.Audio:
        """One card's edge flicking off a thumb."""
        click = r.band(r.noise(0.01, self.rng), low, high)
        return click * s.decay(0.01, 0.0004, tau)

    def cymbal(self, duration: float) -> r.Audio:
        hiss = s.highpass(r.noise(duration, self.rng), 4500 * self.scale)
        shimmer = s.modes(duration, [(f, 0.05, 0.5) for f in (3150, 4270, 5810, 7330)], self.rng)
        return (hiss + shimmer) * s.decay(duration, 0.002, duration / 7)

    def ring(self, play: Callable[[float, float], r.Audio], midi: float, length: float) -> r.Audio:
        """One note on `play(midi, length)`, at this take's pitch."""
        return play(midi + self.shift, length)

    def notes(self, play: Callable[[float, float], r.Audio], tune, duration: float) -> r.Audio:
        """(start, length, midi, gain) notes on `play(midi, length)`, pitch-shifted, in
        at least `duration` seconds: longer if a note rings on."""
        rendered = [
            (self.at(start) if start else 0.0, play(midi + self.shift, length), gain)
            for start, length, midi, gain in tune
        ]
        end = max([r.seconds(duration)] + [r.seconds(at) + len(a) for at, a, _ in rendered])
        out = np.zeros(end)
        for at, audio, gain in rendered:
            r.place(out, audio, at, gain)
        return out


class Classic(Kit):
    """Paper and felt; vibraphone and a brass section in a small room."""

    room_size, room_wet = 0.45, 0.1

    def vibes(self, midi: float, length: float) -> r.Audio:
        return s.bar(midi, max(length, 0.9), self.rng, "vibraphone")

    def horn(self, midi: float, length: float) -> r.Audio:
        return s.brass(midi, length, self.rng, bright=1.2, vib=0.6)

    def deal(self) -> r.Audio:
        out = self.buffer(0.16)
        flick = r.band(r.noise(0.03, self.rng), 2500 * self.scale, 9000) * s.decay(
            0.03, 0.0005, 0.004
        )
        r.place(out, flick, 0.0)
        r.place(out, self.snap(0.5, 1.2), self.at(0.025))
        r.place(out, self.thump(0.5, 110), self.at(0.03))
        return out

    def play(self) -> r.Audio:
        out = self.buffer(0.32)
        r.place(out, self.slide(0.13, 1000, 5500), 0.0, 0.5)
        r.place(out, self.snap(1.0), self.at(0.12))
        r.place(out, self.thump(0.9), self.at(0.125))
        return out

    def draw(self) -> r.Audio:
        out = self.buffer(0.34)
        r.place(out, self.slide(0.2, 1200, 6500, swell=True), 0.0, 0.7)
        r.place(out, self.thump(0.4, 120), self.at(0.2))
        r.place(out, self.snap(0.3, 1.3), self.at(0.2))
        return out

    def shuffle(self) -> r.Audio:
        out = self.buffer(1.3)
        self.riffle(out, 52, 0.03, 0.8, lambda: self.flick(1800, 9000, 0.0022))
        r.place(out, self.slide(0.25, 1200, 6000, swell=True), self.at(0.85), 0.6)
        r.place(out, self.thump(1.0), self.at(1.1))
        r.place(out, self.snap(0.6), self.at(1.1))
        r.place(out, self.thump(0.7), self.at(1.2))
        return out

    def skip(self) -> r.Audio:
        tune = [(0.0, 0.3, 79, 1.0), (0.13, 0.5, 72, 0.9)]
        out = self.notes(lambda m, n: s.bar(m, 0.6, self.rng, "marimba"), tune, 0.7)
        r.place(out, self.snap(0.5), 0.0)
        return out

    def reverse(self) -> r.Audio:
        out = self.buffer(0.9)
        r.place(out, self.slide(0.45, 700, 4000, swell=True), 0.0, 0.6)
        tune = [(0.0, 0.2, 72, 0.8), (0.12, 0.2, 76, 0.8), (0.24, 0.2, 79, 0.9)]
        tune += [(0.42, 0.2, 76, 0.7), (0.54, 0.4, 72, 0.8)]
        r.place(out, self.notes(self.vibes, tune, 0.9), 0.0)
        return out

    def wild(self) -> r.Audio:
        steps = (60, 64, 67, 71, 72, 76, 79, 83, 84)
        tune = [(i * 0.05, 0.5, p, 0.45 + i * 0.05) for i, p in enumerate(steps)]
        tune += [(0.5, 1.0, p, 0.6) for p in (72, 76, 79, 83)]
        out = self.notes(self.vibes, tune, 1.5)
        r.place(out, self.cymbal(1.0), 0.48, 0.07)
        return out

    def draw_penalty(self) -> r.Audio:
        tune = [(0.0, 0.3, 55, 1.0), (0.34, 0.3, 54, 0.95), (0.68, 0.7, 53, 0.9)]
        out = self.notes(self.horn, tune, 1.4)
        for at in (0.05, 0.39, 0.73):
            r.place(out, self.snap(0.7), self.at(at))
            r.place(out, self.thump(0.5), self.at(at))
        return out

    def uno_call(self) -> r.Audio:
        """The sting: a pickup and a bright brass chord, "ta-DAH!", with a cymbal."""
        tune = [(0.0, 0.12, 67, 0.7), (0.0, 0.12, 72, 0.6)]
        tune += [(0.16, 0.75, p, 0.75) for p in (60, 67, 72, 76, 79)]
        out = self.notes(self.horn, tune, 1.2)
        r.place(out, self.cymbal(0.9), 0.16, 0.1)
        r.place(out, self.notes(self.vibes, [(0.16, 0.8, 84, 0.4)], 1.2), 0.0)
        return out

    def whistle(self, duration: float) -> r.Audio:
        t = s.time_axis(duration)
        f = 2900 * self.scale * (1 + 0.03 * np.sign(np.sin(2 * np.pi * 28 * t)))
        tone = np.sin(2 * np.pi * np.cumsum(f) / r.RATE)
        air = r.band(r.noise(duration, self.rng), 2000, 6000)
        env = np.minimum(1, t / 0.01) * np.minimum(1, (duration - t) / 0.02).clip(0, 1)
        return env * (tone + 0.25 * air)

    def catch(self) -> r.Audio:
        out = self.buffer(1.0)
        r.place(out, self.whistle(0.12), 0.0, 0.6)
        r.place(out, self.whistle(0.32), self.at(0.18), 0.6)
        tune = [(0.52, 0.4, p, 0.7) for p in (55, 61, 67)]
        r.place(out, self.notes(self.horn, tune, 1.0), 0.0)
        return out

    def guitar(self, midi: float, length: float) -> r.Audio:
        return s.pluck(midi, max(length, 1.0), self.rng, bright=0.4)

    def round_won(self) -> r.Audio:
        """A nylon guitar strums up the chord, the vibraphone rings it out."""
        strum = [(i * 0.11, 1.2, p, 0.8) for i, p in enumerate((48, 55, 60, 64, 67, 72))]
        out = self.notes(self.guitar, strum, 1.8)
        chord = [(0.6, 1.2, p, 0.45) for p in (64, 67, 72, 76)]
        r.place(out, self.notes(self.vibes, chord, 1.8), 0.0)
        return out

    def round_lost(self) -> r.Audio:
        tune = [(0.0, 0.4, 67, 0.8), (0.28, 0.4, 63, 0.75), (0.56, 1.2, 60, 0.75)]
        tune += [(0.56, 1.2, 55, 0.5)]
        return self.notes(self.vibes, tune, 1.8)

    def match_won(self) -> r.Audio:
        tune = [(i * 0.12, 0.1, 67, 0.7) for i in range(3)]
        tune += [(0.4, 0.45, p, 0.75) for p in (60, 64, 67, 72)]
        tune += [(0.9, 1.8, p, 0.8) for p in (65, 69, 72, 77)]
        out = self.notes(self.horn, tune, 3.2)
        r.place(out, self.cymbal(2.0), 0.9, 0.15)
        runs = [(0.9 + i * 0.08, 1.0, p, 0.35) for i, p in enumerate((72, 77, 81, 84, 89))]
        r.place(out, self.notes(self.vibes, runs, 3.2), 0.0)
        return out

    def match_lost(self) -> r.Audio:
        tune = [(0.0, 0.5, 50, 0.9), (0.55, 0.5, 49, 0.85), (1.1, 0.5, 48, 0.8)]
        tune += [(1.65, 1.4, 47, 0.8)]
        return self.notes(lambda m, n: s.brass(m, n, self.rng, 0.7, vib=2.5), tune, 3.2)


class Minecraft(Kit):
    """Blocks and clicks: wood and stone knocks, a console's square waves."""

    room_size, room_wet = 0.25, 0.08

    def wood(self, pitch: float = 700, tau: float = 0.03) -> r.Audio:
        f = pitch * self.scale
        partials = [(f, 1.0, tau), (f * 2.57, 0.5, tau * 0.5), (f * 4.21, 0.25, tau * 0.3)]
        return s.strike(0.12, partials, self.rng, hardness=5000)

    def stone(self, weight: float = 1.0) -> r.Audio:
        """A block set down: a gritty thud, a short rattle of stone."""
        t = s.time_axis(0.3)
        grit = r.band(r.noise(0.3, self.rng), 150 * self.scale, 2500) * np.exp(-t / 0.03)
        knock = np.sin(2 * np.pi * 85 * self.scale * t) * np.exp(-t / 0.04)
        return weight * (grit + knock)

    def chip(self, tune, duration: float, duty: float = 0.5, slide: float = 0.0) -> r.Audio:
        """(start, length, midi) notes on a pulse wave, at this take's pitch, each a
        few milliseconds early or late (less than the wood's: a console keeps time)."""
        notes = [
            (max(0.0, start + self.rng.uniform(-0.005, 0.005)) if start else 0.0, length, midi)
            for start, length, midi in tune
        ]
        notes = [(start, length, midi + self.shift) for start, length, midi in notes]
        return s.chip(notes, duration, duty, slide) * 0.35

    def finish(self, audio: r.Audio) -> r.Audio:
        """Crushed, then through a console's output filter: gritty, not fizzing."""
        return super().finish(s.lowpass(s.crush(audio), 8500, order=8))

    def deal(self) -> r.Audio:
        out = self.buffer(0.14)
        r.place(out, self.wood(1400, 0.012), 0.0, 0.8)
        r.place(out, self.stone(0.3), self.at(0.02))
        return out

    def play(self) -> r.Audio:
        out = self.buffer(0.3)
        r.place(out, self.wood(560, 0.025), 0.0, 0.5)
        r.place(out, self.stone(1.0), self.at(0.03))
        r.place(out, self.chip([(0.0, 0.05, 84)], 0.08, 0.25), 0.0, 0.3)
        return out

    def draw(self) -> r.Audio:
        """The item pick-up: a rising blip and a click."""
        out = self.buffer(0.25)
        r.place(out, self.chip([(0.0, 0.09, 74), (0.07, 0.09, 81)], 0.2, 0.25, slide=3), 0.0)
        r.place(out, self.wood(1100, 0.015), self.at(0.02), 0.6)
        return out

    def shuffle(self) -> r.Audio:
        out = self.buffer(1.2)
        self.riffle(out, 30, 0.03, 0.85, lambda: self.wood(self.rng.uniform(900, 1500), 0.01))
        r.place(out, self.stone(0.9), self.at(1.0))
        return out

    def skip(self) -> r.Audio:
        out = self.chip([(0.0, 0.09, 84), (0.11, 0.16, 72)], 0.4, 0.5)
        r.place(out, self.wood(800, 0.02), 0.0, 0.5)
        return out

    def reverse(self) -> r.Audio:
        tune = [(i * 0.06, 0.07, p) for i, p in enumerate((72, 76, 79, 84, 79, 76, 72))]
        out = self.chip(tune, 0.6, 0.25)
        r.place(out, self.wood(650, 0.02), self.at(0.0), 0.5)
        return out

    def wild(self) -> r.Audio:
        steps = (60, 64, 67, 72, 76, 79, 84, 88)
        tune = [(i * 0.045, 0.06, p) for i, p in enumerate(steps)]
        tune += [(0.4 + i * 0.03, 0.04, p) for i, p in enumerate((84, 88, 91, 96) * 3)]
        return self.chip(tune, 1.0, 0.125)

    def draw_penalty(self) -> r.Audio:
        out = self.chip([(0.0, 0.5, 72)], 0.9, 0.5, slide=-14)
        for at in (0.05, 0.28, 0.51):
            r.place(out, self.stone(0.8), self.at(at))
        return out

    def uno_call(self) -> r.Audio:
        """The sting: a quick arpeggio up to a held, trilling chord, and a noise crash."""
        tune = [(i * 0.055, 0.06, p) for i, p in enumerate((60, 64, 67, 72))]
        tune += [(0.24, 0.55, p) for p in (72, 79)]
        out = self.chip(tune, 1.0, 0.25)
        trill = [(0.24 + i * 0.05, 0.05, (84, 88)[i % 2]) for i in range(10)]
        r.place(out, self.chip(trill, 1.0, 0.125), 0.0, 0.6)
        crash = s.chip_noise(0.5, self.rng, 3) * s.decay(0.5, 0.002, 0.12) * 0.25
        r.place(out, crash, 0.24)
        return out

    def catch(self) -> r.Audio:
        tune = [(i * 0.08, 0.07, (88, 81)[i % 2]) for i in range(6)]
        out = self.chip(tune, 0.8, 0.5)
        r.place(out, self.stone(1.0), self.at(0.5))
        return out

    def round_won(self) -> r.Audio:
        tune = [(i * 0.1, 0.09, p) for i, p in enumerate((60, 64, 67, 72, 76))]
        tune += [(0.55, 0.6, 79), (0.55, 0.6, 72)]
        return self.chip(tune, 1.3, 0.25)

    def round_lost(self) -> r.Audio:
        tune = [(0.0, 0.18, 67), (0.2, 0.18, 63), (0.4, 0.6, 60)]
        return self.chip(tune, 1.2, 0.5)

    def match_won(self) -> r.Audio:
        tune = [(i * 0.1, 0.08, 67) for i in range(3)]
        tune += [(0.32, 0.2, 72), (0.54, 0.2, 76), (0.76, 0.9, 79), (0.76, 0.9, 84)]
        out = self.chip(tune, 2.2, 0.25)
        bass = [(0.32, 0.2, 48), (0.54, 0.2, 52), (0.76, 0.9, 55)]
        r.place(out, self.chip(bass, 2.2, 0.5), 0.0, 0.8)
        sparkle = [(0.8 + i * 0.05, 0.05, p) for i, p in enumerate((96, 91, 88, 84) * 4)]
        r.place(out, self.chip(sparkle, 2.2, 0.125), 0.0, 0.4)
        return out

    def match_lost(self) -> r.Audio:
        tune = [(0.0, 0.3, 62), (0.35, 0.3, 61), (0.7, 0.3, 60), (1.05, 1.0, 59)]
        return self.chip(tune, 2.4, 0.5, slide=-1)

    def creeper_reveal(self) -> r.Audio:
        """The fuse hisses louder and louder, then the blast."""
        out = self.buffer(1.8)
        fuse = s.crush(s.highpass(r.noise(0.9, self.rng), 2500))
        t = s.time_axis(0.9)
        fuse *= (t / t[-1]) ** 1.5 * (0.6 + 0.4 * (self.rng.random(len(t)) > 0.5))
        r.place(out, fuse, 0.0, 0.5)
        boom_t = s.time_axis(0.9)
        rumble = s.lowpass(s.chip_noise(0.9, self.rng, 12), 900) * np.exp(-boom_t / 0.22)
        thump = np.sin(2 * np.pi * (70 - 35 * boom_t) * boom_t) * np.exp(-boom_t / 0.15)
        r.place(out, 1.4 * rumble + thump, self.at(0.9))
        return out


class MonsterHigh(Kit):
    """Spooky chimes: glass and bells in a haunted hall, an organ, a theremin."""

    room_size, room_wet, room_tone = 1.6, 0.3, 4500.0

    def chime(self, midi: float, length: float) -> r.Audio:
        return s.glass(midi, max(length, 1.0), self.rng)

    def toll(self, midi: float, length: float) -> r.Audio:
        return s.bell(midi, max(length, 1.5), self.rng)

    def pipes(self, midi: float, length: float) -> r.Audio:
        return s.organ(midi, length)

    def ghost(self, path, duration: float) -> r.Audio:
        return s.theremin([(t, p + self.shift) for t, p in path], duration)

    def card(self, weight: float = 1.0) -> r.Audio:
        """A card in a cold hall: a dark whoosh and a hollow knock."""
        out = self.buffer(0.22)
        r.place(out, self.slide(0.12, 300, 2200), 0.0, 0.6 * weight)
        r.place(out, self.thump(weight, 75, 0.05), self.at(0.1))
        return out

    def deal(self) -> r.Audio:
        out = self.buffer(0.7)
        r.place(out, self.card(0.5), 0.0)
        # a faint glass tick: a deal is seventy of these in a row at a full table
        r.place(
            out, self.ring(self.chime, 93 + self.rng.choice((0, 3, 7)), 0.3), self.at(0.05), 0.12
        )
        return out

    def play(self) -> r.Audio:
        out = self.buffer(1.2)
        r.place(out, self.card(1.0), 0.0)
        r.place(
            out, self.ring(self.chime, 86 + self.rng.choice((0, 3, 7, 10)), 0.6), self.at(0.1), 0.4
        )
        return out

    def draw(self) -> r.Audio:
        out = self.buffer(1.0)
        r.place(out, self.slide(0.3, 400, 3000, swell=True), 0.0, 0.7)
        r.place(out, self.ring(self.chime, 81 + self.rng.choice((0, 5)), 0.4), self.at(0.28), 0.3)
        return out

    def shuffle(self) -> r.Audio:
        out = self.buffer(1.4)
        self.riffle(out, 48, 0.03, 0.8, lambda: self.flick(900, 5000, 0.003))
        r.place(out, self.thump(1.0, 70, 0.05), self.at(0.95))
        r.place(out, self.ring(self.chime, 74, 0.5), self.at(0.95), 0.3)
        return out

    def skip(self) -> r.Audio:
        tune = [(0.0, 0.18, 74, 0.6), (0.2, 0.35, 69, 0.6)]
        out = self.notes(self.pipes, tune, 0.7)
        r.place(out, self.ring(self.chime, 86, 0.5), 0.0, 0.3)
        return out

    def reverse(self) -> r.Audio:
        return self.ghost([(0.0, 62), (0.3, 74), (0.6, 62), (0.75, 60)], 0.85)

    def wild(self) -> r.Audio:
        steps = (74, 77, 81, 86, 89, 93)
        tune = [(i * 0.07, 0.9, p, 0.5) for i, p in enumerate(steps)]
        return self.notes(self.chime, tune, 1.5)

    def draw_penalty(self) -> r.Audio:
        tune = [(0.0, 0.3, 62, 0.5), (0.3, 0.3, 61, 0.5), (0.6, 0.6, 60, 0.5)]
        out = self.notes(self.pipes, tune, 1.4)
        r.place(out, self.ring(self.toll, 48, 1.4), self.at(0.6), 0.4)
        return out

    def uno_call(self) -> r.Audio:
        """The sting: a bell and an organ chord under a theremin swooping up."""
        out = self.buffer(2.0)
        chord = [(0.05, 0.8, p, 0.35) for p in (62, 69, 74, 77)]
        r.place(out, self.notes(self.pipes, chord, 2.0), 0.0)
        r.place(out, self.ring(self.toll, 74, 2.0), 0.0, 0.5)
        r.place(out, self.ghost([(0.0, 62), (0.25, 81), (0.9, 81), (1.1, 79)], 1.2), 0.03, 0.6)
        return out

    def catch(self) -> r.Audio:
        out = self.notes(self.chime, [(0.0, 0.6, 91, 0.6), (0.09, 0.6, 90, 0.6)], 1.0)
        stab = [(0.2, 0.5, p, 0.35) for p in (62, 65, 68, 71)]
        r.place(out, self.notes(self.pipes, stab, 1.0), 0.0)
        return out

    def round_won(self) -> r.Audio:
        tune = [(i * 0.12, 1.0, p, 0.5) for i, p in enumerate((74, 77, 81, 86))]
        tune += [(0.5, 1.2, p, 0.45) for p in (77, 81, 84)]
        return self.notes(self.chime, tune, 1.8)

    def round_lost(self) -> r.Audio:
        return self.ghost([(0.0, 74), (0.3, 73), (0.7, 67), (1.2, 62), (1.5, 60)], 1.6)

    def match_won(self) -> r.Audio:
        out = self.buffer(3.2)
        for i, p in enumerate((74, 69, 77, 74, 81, 86)):  # a peal
            r.place(out, self.ring(self.toll, p, 2.0), self.at(i * 0.16), 0.4)
        chord = [(1.0, 1.6, p, 0.3) for p in (50, 62, 65, 69, 74)]
        r.place(out, self.notes(self.pipes, chord, 3.2), 0.0)
        return out

    def match_lost(self) -> r.Audio:
        out = self.notes(self.pipes, [(0.0, 1.0, p, 0.3) for p in (53, 58, 62)], 3.0)
        r.place(out, self.notes(self.pipes, [(1.0, 1.6, p, 0.3) for p in (50, 57, 62)], 3.0), 0.0)
        r.place(out, self.ghost([(0.0, 69), (0.8, 67), (1.6, 62), (2.4, 61)], 2.6), 0.1, 0.5)
        return out

    def urrrh_giveaway(self) -> r.Audio:
        """A ghoul's groan, no words: a low buzzing tone falling, rattling in the
        throat (a 30 Hz flutter), through a moving hollow formant."""
        duration = 1.4
        t = s.time_axis(duration)
        midi = 45 + self.shift - 5 * t / duration + 0.4 * np.sin(2 * np.pi * 4 * t)
        phase = 2 * np.pi * np.cumsum(440 * 2 ** ((midi - 69) / 12)) / r.RATE
        buzz = sum(np.sin(h * phase) / h for h in range(1, 20))
        fry = 0.55 + 0.45 * np.sin(2 * np.pi * 31 * t) ** 2
        env = np.minimum(1, t / 0.12) * np.minimum(1, (duration - t) / 0.35).clip(0, 1)
        voice = r.band(buzz * fry * env, 180, 1300)
        breath = r.band(r.noise(duration, self.rng), 300, 1500) * env * 0.3
        return voice + breath


KITS: dict[str, type[Kit]] = {
    "classic": Classic,
    "minecraft": Minecraft,
    "monster_high": MonsterHigh,
}
EFFECTS = (
    *("deal", "play", "draw", "shuffle", "skip", "reverse", "wild", "draw_penalty"),
    *("uno_call", "catch", "round_won", "round_lost", "match_won", "match_lost"),
)
PRESET_ONLY = {"creeper_reveal": "minecraft", "urrrh_giveaway": "monster_high"}


def effect_names(pack_id: str) -> list[str]:
    return [*EFFECTS, *(name for name, pack in PRESET_ONLY.items() if pack == pack_id)]


def take(pack_id: str, name: str, index: int) -> r.Audio:
    """Take `index` of effect `name` in the pack's style, in its room, mono."""
    kit = KITS[pack_id](name, index)
    return kit.finish(getattr(kit, name)())
