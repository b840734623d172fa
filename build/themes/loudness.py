"""Loudness as ITU-R BS.1770-4 measures it (LUFS): K-weighting, then the mean
square over 400 ms blocks (75 % overlap), gated at -70 LUFS and 10 LU below.

Plain Python (stdlib only), so the tests can measure the shipped files without
numpy: build/themes/make_sounds.py levels every effect with it, and
benchmarks/loudness.py prints the figures.

One departure for sound effects: a sound shorter than a block is measured over
one whole 400 ms block (the rest silence), as the ear hears a click: our
loudness sense integrates over a couple of hundred milliseconds, so a 0.1 s tap
sounds softer than a held tone at the same level.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

BLOCK = 0.4  # seconds
HOP = 0.1
ABSOLUTE_GATE = -70.0
RELATIVE_GATE = -10.0


def _k_weighting(rate: int) -> list[tuple[float, float, float, float, float]]:
    """The two K-weighting biquads (b0, b1, b2, a1, a2) at `rate`: a high shelf of
    +4 dB for the head's effect, and the RLB high-pass (libebur128's derivation,
    which gives the standard's 48 kHz coefficients at any rate)."""
    k = math.tan(math.pi * 1681.974450955533 / rate)
    q = 0.7071752369554196
    vh = 10 ** (3.999843853973347 / 20)
    vb = vh**0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = (
        (vh + vb * k / q + k * k) / a0,
        2 * (k * k - vh) / a0,
        (vh - vb * k / q + k * k) / a0,
        2 * (k * k - 1) / a0,
        (1 - k / q + k * k) / a0,
    )
    k = math.tan(math.pi * 38.13547087602444 / rate)
    q = 0.5003270373238773
    a0 = 1 + k / q + k * k
    high_pass = (1.0, -2.0, 1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    return [shelf, high_pass]


def _biquad(x: Sequence[float], coefficients: tuple[float, ...]) -> list[float]:
    b0, b1, b2, a1, a2 = coefficients
    out = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, x0 in enumerate(x):
        y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y0
        x2, x1, y2, y1 = x1, x0, y1, y0
    return out


def _lufs(mean_square: float) -> float:
    return -0.691 + 10 * math.log10(mean_square) if mean_square > 0 else -math.inf


def integrated(samples: Sequence[float], rate: int) -> float:
    """Integrated loudness of one channel (full scale 1.0) in LUFS; -inf if silent."""
    weighted: Sequence[float] = samples
    for stage in _k_weighting(rate):
        weighted = _biquad(weighted, stage)
    block, hop = round(BLOCK * rate), round(HOP * rate)
    squares = [s * s for s in weighted]
    squares += [0.0] * max(0, block - len(squares))
    # Running sums make each block's mean square one subtraction.
    sums = [0.0]
    for s in squares:
        sums.append(sums[-1] + s)
    blocks = [
        (sums[start + block] - sums[start]) / block
        for start in range(0, len(squares) - block + 1, hop)
    ]
    loud = [z for z in blocks if _lufs(z) > ABSOLUTE_GATE]
    if not loud:
        return -math.inf
    gate = _lufs(sum(loud) / len(loud)) + RELATIVE_GATE
    kept = [z for z in loud if _lufs(z) > gate]
    return _lufs(sum(kept) / len(kept))
