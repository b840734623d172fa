"""Turning notes and numbers into audio: FluidSynth for the music's instruments,
sox for Ogg Vorbis, numpy for the rest.

Build-time tools only (Debian: fluidsynth fluid-soundfont-gm sox libsox-fmt-all;
PyPI: numpy). The game itself just plays the Ogg files.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import wave
from pathlib import Path

import numpy as np
from sound_midi import Song

RATE = 44100
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
TOOLS = ("fluidsynth", "sox")
Audio = np.ndarray  # float64, shape (n,) mono or (n, 2) stereo, full scale 1.0


def missing_tools() -> list[str]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not SOUNDFONT.is_file():
        missing.append(str(SOUNDFONT))
    return missing


def read_wav(path: Path) -> Audio:
    with wave.open(str(path)) as f:
        channels, width, frames = f.getnchannels(), f.getsampwidth(), f.readframes(f.getnframes())
    dtype = {2: np.int16, 4: np.int32}[width]
    data = np.frombuffer(frames, dtype=dtype).astype(np.float64) / float(np.iinfo(dtype).max)
    return data.reshape(-1, channels) if channels > 1 else data


def write_wav(path: Path, audio: Audio) -> None:
    clipped = np.clip(audio, -1.0, 1.0)
    channels = 1 if clipped.ndim == 1 else clipped.shape[1]
    with wave.open(str(path), "wb") as f:
        f.setnchannels(channels)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes((clipped * 32767).astype("<i2").tobytes())


def run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True)


def render(song: Song, gain: float = 0.5) -> Audio:
    """The song through FluidSynth's General MIDI set, stereo."""
    with tempfile.TemporaryDirectory() as tmp:
        midi, out = Path(tmp) / "song.mid", Path(tmp) / "song.wav"
        midi.write_bytes(song.to_bytes())
        run("fluidsynth", "-ni", "-g", str(gain), "-r", str(RATE), "-F", str(out),
            str(SOUNDFONT), str(midi))  # fmt: skip
        return read_wav(out)


def write_ogg(path: Path, audio: Audio, quality: float) -> None:
    """Ogg Vorbis at sox's quality scale (-1 smallest .. 10 best)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.wav"
        write_wav(src, audio)
        path.parent.mkdir(parents=True, exist_ok=True)
        run("sox", str(src), "-C", str(quality), str(path))


# -- numpy building blocks --------------------------------------------------------------


def seconds(n: float) -> int:
    return int(round(n * RATE))


def mono(audio: Audio) -> Audio:
    return audio.mean(axis=1) if audio.ndim == 2 else audio


def stereo(audio: Audio) -> Audio:
    return np.stack([audio, audio], axis=1) if audio.ndim == 1 else audio


def noise(duration: float, rng: np.random.Generator) -> Audio:
    return rng.uniform(-1.0, 1.0, seconds(duration))


def band(audio: Audio, low: float, high: float) -> Audio:
    """Keep `low`..`high` Hz, with soft shoulders so nothing rings."""
    spectrum = np.fft.rfft(audio)
    freqs = np.fft.rfftfreq(len(audio), 1 / RATE)
    gain = 1 / (1 + (low / np.maximum(freqs, 1.0)) ** 4) / (1 + (freqs / high) ** 4)
    return np.fft.irfft(spectrum * gain, len(audio))


def envelope(n: int, attack: float, decay: float) -> Audio:
    """A linear attack, then an exponential fall with time constant `decay` seconds."""
    t = np.arange(n) / RATE
    rise = np.minimum(1.0, t / max(attack, 1e-4))
    return rise * np.exp(-np.maximum(0.0, t - attack) / decay)


def place(out: Audio, sound: Audio, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `out` starting at `at` seconds (cut, faded, at its end)."""
    start = seconds(at)
    end = min(len(out), start + len(sound))
    if end <= start:
        return
    part = gain * sound[: end - start]
    if end - start < len(sound):  # cut short: fade, so the cut is no click
        fade = min(len(part), seconds(0.02))
        part[-fade:] *= np.linspace(1.0, 0.0, fade)
    out[start:end] += part


def fit(audio: Audio, peak: float = 0.89) -> Audio:
    """Scale to a common peak, so every effect sits at the same loudness ceiling."""
    top = float(np.max(np.abs(audio))) or 1.0
    return audio * (peak / top)


def trim(audio: Audio, floor: float = 0.002) -> Audio:
    """Drop the silent tail a renderer leaves, with a short fade to avoid a click."""
    level = np.abs(mono(audio))
    loud = np.nonzero(level > floor)[0]
    end = (loud[-1] + seconds(0.05)) if len(loud) else len(audio)
    audio = audio[: min(len(audio), end)].copy()
    fade = min(len(audio), seconds(0.03))
    ramp = np.linspace(1.0, 0.0, fade)
    audio[-fade:] *= ramp[:, None] if audio.ndim == 2 else ramp
    return audio


def fade_after(audio: Audio, longest: float, fade: float = 0.4) -> Audio:
    """At most `longest` seconds, the last `fade` of them fading out."""
    n = seconds(longest)
    if len(audio) <= n:
        return audio
    audio = audio[:n].copy()
    ramp = np.linspace(1.0, 0.0, seconds(fade)) ** 2
    audio[-len(ramp) :] *= ramp[:, None] if audio.ndim == 2 else ramp
    return audio
