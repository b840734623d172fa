"""Short sound effects synthesised from scratch with the standard library.

Mono, 22050 Hz, 16-bit, a fraction of a second each. Every pack gets the same
events with its own timbre: soft sines (classic), square waves (minecraft),
wobbly triangles (monster_high). Seeded noise keeps the output reproducible.
"""

from __future__ import annotations

import io
import math
import random
import struct
import wave
from collections.abc import Callable

RATE = 22050
Samples = list[float]
Wave = Callable[[float], float]

WAVES: dict[str, Wave] = {
    "sine": lambda p: math.sin(2 * math.pi * p),
    "square": lambda p: 0.6 if (p % 1.0) < 0.5 else -0.6,
    "triangle": lambda p: 4 * abs((p % 1.0) - 0.5) - 1,
}
TIMBRE = {"classic": "sine", "minecraft": "square", "monster_high": "triangle"}
VIBRATO = {"classic": 0.0, "minecraft": 0.0, "monster_high": 0.012}


def tone(freq: float, dur: float, shape: str, vibrato: float = 0.0, end_freq: float | None = None,
         volume: float = 0.5) -> Samples:
    """A note with a quick attack and an exponential fade; may glide to end_freq."""
    n = int(dur * RATE)
    out, phase = [], 0.0
    wave_fn = WAVES[shape]
    for i in range(n):
        t = i / RATE
        f = freq if end_freq is None else freq + (end_freq - freq) * i / n
        f *= 1 + vibrato * math.sin(2 * math.pi * 6 * t)
        phase += f / RATE
        env = min(1.0, t / 0.008) * math.exp(-4.0 * t / dur)
        out.append(volume * env * wave_fn(phase))
    return out


def noise(dur: float, rng: random.Random, volume: float = 0.4, rise: bool = False) -> Samples:
    """Filtered noise: a swish for cards sliding; `rise` swells instead of fading."""
    n = int(dur * RATE)
    out, last = [], 0.0
    for i in range(n):
        last = 0.55 * last + 0.45 * rng.uniform(-1, 1)  # soften the hiss
        frac = i / n
        env = frac**2 if rise else math.exp(-5 * frac) * min(1.0, i / 60)
        out.append(volume * env * last)
    return out


def silence(dur: float) -> Samples:
    return [0.0] * int(dur * RATE)


def seq(*parts: Samples) -> Samples:
    return [s for part in parts for s in part]


def mix(*parts: Samples) -> Samples:
    out = [0.0] * max(len(p) for p in parts)
    for part in parts:
        for i, s in enumerate(part):
            out[i] += s
    return out


def notes(freqs: list[float], step: float, shape: str, vib: float, volume: float = 0.45) -> Samples:
    return seq(*(tone(f, step, shape, vib, volume=volume) for f in freqs))


def effects(pack_id: str, preset: str) -> dict[str, Samples]:
    shape, vib = TIMBRE[pack_id], VIBRATO[pack_id]
    rng = random.Random(f"{pack_id}-sounds")
    low = 0.5 if pack_id == "monster_high" else 1.0  # the spooky pack sits an octave down
    out = {
        "deal": noise(0.09, rng, 0.35),
        "play": mix(noise(0.12, rng, 0.3), tone(180 * low, 0.12, "sine", volume=0.35)),
        "draw": mix(noise(0.16, rng, 0.3, rise=True), tone(300, 0.16, shape, end_freq=520,
                                                          volume=0.15)),
        "shuffle": seq(*(seq(noise(0.05, rng, 0.3), silence(0.02)) for _ in range(8))),
        "skip": notes([660 * low, 440 * low], 0.11, shape, vib),
        "reverse": seq(tone(400 * low, 0.18, shape, vib, end_freq=700 * low),
                       tone(700 * low, 0.18, shape, vib, end_freq=400 * low)),
        "wild": notes([523 * low, 659 * low, 784 * low, 1047 * low], 0.08, shape, vib),
        "draw_penalty": notes([392 * low, 330 * low, 262 * low], 0.13, shape, vib),
        "uno_call": notes([784 * low, 1047 * low], 0.14, shape, vib, 0.5),
        "catch": mix(tone(150, 0.3, "square", volume=0.3), tone(157, 0.3, "square", volume=0.3)),
        "round_won": notes([523 * low, 659 * low, 784 * low, 1047 * low, 784 * low, 1047 * low],
                           0.12, shape, vib),
        "match_won": seq(notes([392, 523, 659, 784], 0.12, shape, vib),
                         tone(1047, 0.7, shape, vib, volume=0.5)),
        "music": _music(shape, vib, low),
    }
    if preset == "minecraft":
        out["creeper_reveal"] = seq(noise(0.7, rng, 0.35, rise=True),
                                    mix(noise(0.45, rng, 0.7), tone(70, 0.45, "sine", volume=0.6)))
    if preset == "monster_high":
        out["urrrh_giveaway"] = mix(tone(110, 0.9, "triangle", 0.04, end_freq=82, volume=0.5),
                                    tone(111, 0.9, "sine", 0.03, end_freq=80, volume=0.3))
    return out


def _music(shape: str, vib: float, low: float) -> Samples:
    """A calm four-bar loop; it starts and ends on silence so it repeats cleanly."""
    bars = [[262, 330, 392, 330], [220, 262, 330, 262], [175, 220, 262, 220], [196, 247, 294, 247]]
    melody = [f * low * 2 for bar in bars for f in bar]
    return seq(*(tone(f, 0.25, shape, vib, volume=0.18) for f in melody))


def wav_bytes(samples: Samples) -> bytes:
    peak = max((abs(x) for x in samples), default=0.0)
    if peak > 0.85:  # mixed layers can add up past full scale; soften rather than clip
        samples = [x * 0.85 / peak for x in samples]
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        clipped = (max(-1.0, min(1.0, s)) for s in samples)
        out.writeframes(b"".join(struct.pack("<h", round(s * 32000)) for s in clipped))
    return buffer.getvalue()


def pack_sounds(pack_id: str, preset: str) -> dict[str, bytes]:
    return {f"sounds/{name}.wav": wav_bytes(s) for name, s in effects(pack_id, preset).items()}
