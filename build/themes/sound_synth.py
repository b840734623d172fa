"""Instruments as small physical models, in numpy: what the effects are made of.

- struck things (a card on felt, a wood block, stone, a bell, a glass) are modal:
  a short excitation ringing a few damped partials at the object's ratios;
- plucked strings are Karplus-Strong (a noise burst in a filtered delay loop);
- brass is additive, its upper harmonics growing with loudness (Risset's rule);
- an organ is drawbars, a theremin a gliding sine with vibrato, chiptune square
  and pulse waves held to a coarse grid;
- rooms are convolution with a decaying-noise impulse response.

Build time only; every function takes a numpy Generator so a take is repeatable.
"""

from __future__ import annotations

import numpy as np
import sound_render as r

RATE = r.RATE
Audio = r.Audio


def time_axis(duration: float) -> Audio:
    return np.arange(r.seconds(duration)) / RATE


def hz(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def lowpass(audio: Audio, cutoff: float, order: int = 2) -> Audio:
    return _shaped(audio, lambda f: 1 / np.sqrt(1 + (f / cutoff) ** (2 * order)))


def highpass(audio: Audio, cutoff: float, order: int = 2) -> Audio:
    return _shaped(audio, lambda f: 1 / np.sqrt(1 + (cutoff / np.maximum(f, 1e-3)) ** (2 * order)))


def _shaped(audio: Audio, gain) -> Audio:
    n = len(audio)
    spectrum = np.fft.rfft(audio, 2 * n)  # padded: no wrap-around of the tail
    freqs = np.fft.rfftfreq(2 * n, 1 / RATE)
    return np.fft.irfft(spectrum * gain(freqs), 2 * n)[:n]


def convolve(a: Audio, b: Audio) -> Audio:
    n = len(a) + len(b) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, size) * np.fft.rfft(b, size), size)[:n]


def decay(duration: float, attack: float, tau: float) -> Audio:
    return r.envelope(r.seconds(duration), attack, tau)


def modes(
    duration: float,
    partials: list[tuple[float, float, float]],
    rng: np.random.Generator,
    attack: float = 0.0005,
) -> Audio:
    """Damped partials (frequency Hz, amplitude, decay seconds), each at a random
    phase, with a soft onset: the ring of a struck object."""
    t = time_axis(duration)
    out = np.zeros(len(t))
    for freq, amp, tau in partials:
        if freq >= RATE / 2.2:
            continue
        phase = rng.uniform(0, 2 * np.pi)
        out += amp * np.sin(2 * np.pi * freq * t + phase) * np.exp(-t / tau)
    return out * np.minimum(1.0, t / attack) * damper(duration)


def damper(duration: float, longest: float = 0.12) -> Audio:
    """The end of a note: a felt damper's quick fall to silence (a raised cosine),
    never a cut, which would click."""
    n = r.seconds(duration)
    fall = min(n // 3, r.seconds(longest))
    env = np.ones(n)
    env[n - fall :] = 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, fall))
    return env


def strike(duration: float, partials, rng: np.random.Generator, hardness: float = 6000) -> Audio:
    """Modes excited by a mallet: its contact a short noise burst, lowpassed by
    its hardness, which is also heard itself as the click of the hit."""
    body = modes(duration, partials, rng)
    click = lowpass(r.noise(0.006, rng), hardness) * decay(0.006, 0.0003, 0.0015)
    out = body.copy()
    out[: len(click)] += 0.6 * click * np.max(np.abs(body[:2000]) + 1e-9)
    return out


def pluck(midi: float, duration: float, rng: np.random.Generator, bright: float = 0.5) -> Audio:
    """Karplus-Strong: a noise burst circulating in a delay line one period long,
    averaged at each pass (the string losing its highs as it rings)."""
    period = max(2, int(round(RATE / hz(midi))))
    n = r.seconds(duration)
    out = np.zeros(n + period + 1)
    out[:period] = lowpass(rng.uniform(-1, 1, period * 4), 1000 + 6000 * bright, 4)[:period]
    loss = 0.996
    for start in range(period, n, period):
        prev = out[start - period : start + 1]
        block = min(period, n - start)
        out[start : start + block] = loss * 0.5 * (prev[1 : block + 1] + prev[:block])
    return out[:n] * decay(duration, 0.001, duration) * damper(duration)


def brass(
    midi: float, duration: float, rng: np.random.Generator, bright: float = 1.0, vib: float = 0.0
) -> Audio:
    """A brass note: a fast swell, the upper harmonics entering as it gets loud, a
    little breath noise at the start."""
    t = time_axis(duration)
    env = np.minimum(1.0, t / 0.035) * np.exp(-np.maximum(0, t - 0.05) / (duration * 0.9))
    env *= np.minimum(1.0, (duration - t) / 0.05).clip(0, 1)
    f = hz(midi) * (1 + 0.004 * np.sin(2 * np.pi * 5.5 * t) * vib * np.minimum(1, t / 0.2))
    phase = 2 * np.pi * np.cumsum(f) / RATE
    out = np.zeros(len(t))
    for h in range(1, 14):
        if h * hz(midi) > RATE / 2.3:
            break
        out += env ** (1 + (h - 1) / (2.5 * bright)) * np.sin(h * phase) / h**0.7
    breath = r.band(r.noise(duration, rng), 800, 5000) * decay(duration, 0.005, 0.04)
    return out + 0.15 * breath


def organ(midi: float, duration: float, drawbars=(1.0, 0.6, 0.5, 0.25, 0.2)) -> Audio:
    """Drawbars (octaves and a fifth) with a soft key click and a slow tremulant."""
    t = time_axis(duration)
    ratios = (1, 2, 3, 4, 6)
    out = sum(
        a * np.sin(2 * np.pi * hz(midi) * k * t) for a, k in zip(drawbars, ratios, strict=False)
    )
    env = np.minimum(1.0, t / 0.012) * np.minimum(1.0, (duration - t) / 0.08).clip(0, 1)
    return out * env * (1 + 0.12 * np.sin(2 * np.pi * 6.2 * t))


def theremin(path: list[tuple[float, float]], duration: float, vibrato: float = 0.35) -> Audio:
    """A sine gliding through (time, midi pitch) points, with a singer's vibrato
    and a hint of the second and third harmonics."""
    t = time_axis(duration)
    times, pitches = zip(*path, strict=True)
    midi = np.interp(t, times, pitches) + vibrato * np.sin(2 * np.pi * 5.8 * t) * np.minimum(
        1, t / 0.25
    )
    phase = 2 * np.pi * np.cumsum(440.0 * 2 ** ((midi - 69) / 12)) / RATE
    env = np.minimum(1.0, t / 0.06) * np.minimum(1.0, (duration - t) / 0.15).clip(0, 1)
    return env * (np.sin(phase) + 0.12 * np.sin(2 * phase) + 0.05 * np.sin(3 * phase))


def bell(midi: float, duration: float, rng: np.random.Generator, bright: float = 1.0) -> Audio:
    """A church-bell's inharmonic partials (hum, prime, tierce, quint, nominal and
    up), the higher ones dying sooner."""
    ratios = (0.5, 1.0, 1.183, 1.506, 2.0, 2.514, 2.662, 3.011, 4.166)
    amps = (0.5, 1.0, 0.7, 0.4, 0.6, 0.3 * bright, 0.25 * bright, 0.2 * bright, 0.12 * bright)
    f = hz(midi)
    partials = [(f * k, a, duration * 0.55 / k**0.6) for k, a in zip(ratios, amps, strict=True)]
    # a pair of near partials beat slowly, like a real bell's doublets
    partials.append((f * 1.003, 0.4, duration * 0.5))
    return strike(duration, partials, rng, hardness=8000)


def glass(midi: float, duration: float, rng: np.random.Generator) -> Audio:
    """A wine glass tapped: few, widely spaced, long-ringing partials."""
    f = hz(midi)
    partials = [(f, 1.0, duration * 0.45), (f * 1.002, 0.5, duration * 0.45)]
    partials += [(f * 2.32, 0.35, duration * 0.2), (f * 4.25, 0.15, duration * 0.08)]
    return strike(duration, partials, rng, hardness=12000)


def bar(midi: float, duration: float, rng: np.random.Generator, kind: str = "marimba") -> Audio:
    """A tuned bar: marimba (wood, partials 1:4:10, short) or vibraphone (metal,
    long, with its rotating-vane tremolo)."""
    f = hz(midi)
    if kind == "marimba":
        partials = [(f, 1.0, 0.35), (f * 3.93, 0.35, 0.06), (f * 9.2, 0.12, 0.02)]
        return strike(duration, partials, rng, hardness=3000)
    partials = [(f, 1.0, 1.2), (f * 4.0, 0.3, 0.3), (f * 10.0, 0.08, 0.08)]
    t = time_axis(duration)
    tremolo = 1 + 0.25 * np.sin(2 * np.pi * 5 * t)
    return strike(duration, partials, rng, hardness=7000) * tremolo


def chip(
    notes: list[tuple[float, float, float]],
    duration: float,
    duty: float = 0.5,
    slide: float = 0.0,
) -> Audio:
    """A chiptune channel: (start, length, midi) notes on a pulse wave with a
    stepped decay (16 volume levels), optionally sliding `slide` semitones."""
    t = time_axis(duration)
    out = np.zeros(len(t))
    for start, length, midi in notes:
        n0, n1 = r.seconds(start), min(len(t), r.seconds(start + length))
        if n1 <= n0:
            continue
        local = t[: n1 - n0]
        f = hz(midi) * 2 ** (slide * local / max(length, 1e-3) / 12)
        phase = np.cumsum(f) / RATE % 1.0
        wave = np.where(phase < duty, 1.0, -1.0)
        env = np.floor(15 * np.exp(-local / (length * 0.7)) + 0.5) / 15
        out[n0:n1] += wave * env * damper(len(local) / RATE, 0.004)
    return out


def chip_noise(duration: float, rng: np.random.Generator, step: int = 6) -> Audio:
    """The noise channel: random levels held for `step` samples (a coarse LFSR)."""
    n = r.seconds(duration)
    held = np.repeat(rng.choice((-1.0, 1.0), n // step + 1), step)[:n]
    return held


def room(
    audio: Audio,
    rng: np.random.Generator,
    size: float = 0.4,
    wet: float = 0.2,
    tone: float = 6000,
) -> Audio:
    """The sound in a room: convolved with exponentially decaying noise (`size`
    seconds to fall 60 dB), its highs absorbed sooner, plus a few early echoes."""
    n = r.seconds(size * 1.1)
    t = np.arange(n) / RATE
    tail = rng.standard_normal(n) * np.exp(-t * 6.9 / size)
    dark = lowpass(tail, tone * 0.35)
    mix = np.exp(-t * 6.9 / (size * 0.4))
    impulse = mix * tail + (1 - mix) * dark
    for delay, gain in ((0.011, 0.5), (0.019, 0.35), (0.027, 0.25)):
        impulse[r.seconds(delay * (0.6 + size))] += gain * np.sqrt(n / 2000)
    impulse /= np.sqrt(np.sum(impulse**2))
    tail_out = convolve(audio, impulse)
    out = np.zeros(len(tail_out))
    out[: len(audio)] = audio
    return out + wet * tail_out * np.max(np.abs(audio)) / (np.max(np.abs(tail_out)) + 1e-9) * 2


def crush(audio: Audio, hold: int = 3, levels: int = 24) -> Audio:
    """Fewer samples and fewer levels: the block world's grit."""
    peak = np.max(np.abs(audio)) or 1.0
    held = np.repeat(audio[::hold], hold)[: len(audio)] / peak
    return np.round(held * levels) / levels * peak
