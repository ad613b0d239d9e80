"""How far apart two players' sound is, from one stereo recording: the left channel is one player,
the right the other (bench/acoustic/run). Short windows of both are cross-correlated (by FFT) and
the peak refined between samples with a parabola; a window counts when both sides carry sound
and they correlate clearly. Prints JSON: p50/p95/max of |skew| in ms, the signed median, and how
many windows counted.

    python3 skew.py RECORDING.raw [--rate 48000] [--window 0.1] [--step 0.25] [--max-lag 0.25] [--series]
    python3 skew.py --check      (the measurement on a made-up recording whose skew is known)
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np


def read_stereo(path: str) -> tuple[np.ndarray, np.ndarray]:
    """A raw s16le stereo file as two float channels."""
    samples = np.fromfile(path, dtype="<i2").astype(np.float64)
    samples = samples[: len(samples) // 2 * 2].reshape(-1, 2)
    return samples[:, 0], samples[:, 1]


def peak(needle: np.ndarray, haystack: np.ndarray) -> tuple[float, float]:
    """Where `needle` lies in `haystack` (samples, refined between samples with a parabola) and
    how clearly (the normalized correlation there), by FFT."""
    size = 1 << int(np.ceil(np.log2(len(needle) + len(haystack))))
    correlation = np.fft.irfft(np.conj(np.fft.rfft(needle, size)) * np.fft.rfft(haystack, size), size)
    correlation = correlation[: len(haystack) - len(needle) + 1]
    at = int(np.argmax(correlation))
    stretch = haystack[at:at + len(needle)]
    clarity = correlation[at] / np.sqrt(float(np.dot(needle, needle)) * float(np.dot(stretch, stretch)) + 1e-12)
    offset = 0.0
    if 0 < at < len(correlation) - 1:
        y0, y1, y2 = correlation[at - 1], correlation[at], correlation[at + 1]
        if y0 - 2 * y1 + y2 != 0:
            offset = 0.5 * (y0 - y2) / (y0 - 2 * y1 + y2)
    return at + offset, float(clarity)


def lag_seconds(left: np.ndarray, right: np.ndarray, start: int, window: int, max_lag: int, rate: int):
    """How much later `right` plays the sound `left` plays at `start` (negative: earlier), in
    seconds, and how clearly (the normalized correlation at the peak); None without sound."""
    a = left[start:start + window]
    b = right[start - max_lag:start + window + max_lag]
    if len(a) < window or len(b) < window + 2 * max_lag:
        return None
    a = a - a.mean()
    b = b - b.mean()
    if float(np.dot(a, a)) < 1e3 * window or float(np.dot(b, b)) < 1e3 * window:
        return None  # silence (below ~-50 dBFS) on a side
    at, clarity = peak(a, b)
    return (at - max_lag) / rate, clarity


def measure(left, right, rate=48000, window=0.1, step=0.25, max_lag=0.25, clarity=0.5, times=None):
    """Each clear window's skew in ms; `times`, a list, gets each one's start (s)."""
    window_n, step_n, lag_n = int(window * rate), int(step * rate), int(max_lag * rate)
    lags = []
    for start in range(lag_n, len(left) - window_n - lag_n, step_n):
        found = lag_seconds(left, right, start, window_n, lag_n, rate)
        if found and found[1] >= clarity:
            lags.append(found[0] * 1000)
            if times is not None:
                times.append(start / rate)
    return lags


def summary(lags: list[float]) -> dict:
    if not lags:
        return {"windows": 0}
    absolute = np.abs(np.array(lags))
    return {
        "windows": len(lags),
        "p50_ms": round(float(np.percentile(absolute, 50)), 3),
        "p95_ms": round(float(np.percentile(absolute, 95)), 3),
        "max_ms": round(float(absolute.max()), 3),
        "median_signed_ms": round(float(np.median(lags)), 3),
    }


def pink_noise(generator: np.random.Generator, samples: int) -> np.ndarray:
    """Pink noise (nothing repeats within a window), for the checks."""
    spectrum = np.fft.rfft(generator.standard_normal(samples))
    spectrum[1:] /= np.sqrt(np.arange(1, len(spectrum)))
    pink = np.fft.irfft(spectrum, samples)
    return pink * 8000 / pink.std()


def shifted(signal: np.ndarray, samples: float) -> np.ndarray:
    """`signal` delayed by a fractional number of samples (a phase shift)."""
    spectrum = np.fft.rfft(signal)
    frequencies = np.fft.rfftfreq(len(signal))
    return np.fft.irfft(spectrum * np.exp(-2j * np.pi * frequencies * samples), len(signal))


def check() -> int:
    """Pink noise against itself 12.34 samples later (0.257 ms at 48 kHz), with a little
    independent noise on each side, and a silent stretch that must not count."""
    rate = 48000
    generator = np.random.default_rng(7)
    pink = pink_noise(generator, rate * 10)
    left = pink + generator.standard_normal(len(pink)) * 80
    right = shifted(pink, 12.34) + generator.standard_normal(len(pink)) * 80
    left[rate * 4:rate * 5] = 0
    result = summary(measure(left, right, rate))
    expected = 12.34 / rate * 1000
    good = abs(result["median_signed_ms"] - expected) < 0.02 and result["p95_ms"] < expected + 0.03
    good = good and result["windows"] < 36  # the silent second is left out
    print(json.dumps({"check": "ok" if good else "FAILED", "expected_ms": round(expected, 3), **result}))
    return 0 if good else 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("recording", nargs="?")
    parser.add_argument("--rate", type=int, default=48000)
    parser.add_argument("--window", type=float, default=0.1)
    parser.add_argument("--step", type=float, default=0.25)
    parser.add_argument("--max-lag", type=float, default=0.25)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--series", action="store_true", help="also every window: seconds and skew (ms)")
    arguments = parser.parse_args()
    if arguments.check:
        return check()
    if not arguments.recording:
        parser.error("a recording, or --check")
    left, right = read_stereo(arguments.recording)
    times: list[float] = []
    lags = measure(left, right, arguments.rate, arguments.window, arguments.step, arguments.max_lag, times=times)
    if arguments.series:
        for at, lag in zip(times, lags):
            print(f"{at:8.2f} {lag:+8.3f}")
    print(json.dumps(summary(lags)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
