"""The BS.1770 loudness measurement the effects are levelled with
(build/themes/loudness.py), checked against the standard's reference points."""

from __future__ import annotations

import math

import pytest

from tests.build_scripts import load

loudness = load("themes/loudness")
RATE = 44100


def tone(amplitude: float, seconds: float, hz: float = 997.0) -> list[float]:
    return [amplitude * math.sin(2 * math.pi * hz * i / RATE) for i in range(int(seconds * RATE))]


@pytest.mark.parametrize(("amplitude", "lufs"), [(1.0, -3.01), (0.1, -23.01)])
def test_a_997_hz_tone_at_full_scale_reads_minus_3_lufs(amplitude: float, lufs: float) -> None:
    # BS.1770: a 0 dBFS sine near 1 kHz in one channel reads -3.01 LKFS
    assert loudness.integrated(tone(amplitude, 2.0), RATE) == pytest.approx(lufs, abs=0.05)


def test_k_weighting_lifts_the_highs_and_cuts_the_lows() -> None:
    mid = loudness.integrated(tone(0.5, 1.0), RATE)
    # +3.35 dB at 8 kHz: ffmpeg's ebur128 reads -9.0 and -5.7 LUFS for these two tones
    assert loudness.integrated(tone(0.5, 1.0, 8000), RATE) == pytest.approx(mid + 3.35, abs=0.1)
    assert loudness.integrated(tone(0.5, 1.0, 30), RATE) < mid - 5


def test_quiet_stretches_are_gated_out() -> None:
    loud_then_quiet = tone(0.5, 2.0) + tone(0.005, 6.0)
    # the -40 dB stretch is under the relative gate: only the loud part counts (and the
    # blocks that straddle the change), not 6 dB less for being a quarter of the time
    assert loudness.integrated(loud_then_quiet, RATE) == pytest.approx(
        loudness.integrated(tone(0.5, 2.0), RATE), abs=0.5
    )
    assert loudness.integrated([0.0] * RATE, RATE) == -math.inf


def test_a_click_shorter_than_a_block_counts_over_the_whole_block() -> None:
    held = loudness.integrated(tone(0.5, 1.0), RATE)
    click = loudness.integrated(tone(0.5, 0.1), RATE)
    assert click == pytest.approx(held - 10 * math.log10(4), abs=0.2)
