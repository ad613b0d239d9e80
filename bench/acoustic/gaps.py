"""Join → first sound and the silence at each track change, per channel of one stereo recording
(bench/acoustic/run): the recording began `--started` seconds before the players were started,
the room then changed tracks a few times. Silence is a run of samples under -60 dBFS; a gap
counts from 0.5 ms (the bench's pink noise has none longer than 0.1 ms, so a short one is a
dropout, audible as a click). Prints JSON per channel: start → sound (the player's process
started), join → sound (from when the player asked to join, given by --joined-left/-right in
seconds from the players' start: a browser's start-up is not in it), and each silence's length
and when it began (seconds from the players' start).

    python3 gaps.py RECORDING.raw --started SECONDS [--joined-left S --joined-right S] [--rate 48000]
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from skew import read_stereo

SILENT = 33  # of 32,768: -60 dBFS
SHORTEST = 0.0005  # s


def silences(channel: np.ndarray, rate: int) -> list[tuple[int, int]]:
    """(start, length) of every run of silent samples at least SHORTEST long, in samples."""
    quiet = np.abs(channel) < SILENT
    edges = np.diff(np.concatenate(([0], quiet.astype(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    shortest = int(SHORTEST * rate)
    return [(int(s), int(e - s)) for s, e in zip(starts, ends) if e - s >= shortest]


def describe(channel: np.ndarray, rate: int, started: float, joined: float | None) -> dict:
    runs = silences(channel, rate)
    if not runs or runs[0][0] != 0:
        return {"first_sound": None}  # never silent at first: the recording began too late
    first = runs[0][1]
    later = [(start, length) for start, length in runs[1:] if start + length < len(channel)]
    return {"start_to_sound_ms": round((first / rate - started) * 1000),
            "join_to_sound_ms": None if joined is None else round((first / rate - started - joined) * 1000),
            "gaps_ms": [round(length / rate * 1000, 1) for _, length in later],
            # when each began, in seconds from the players' start: the run says what happened when
            "gaps_at_s": [round(start / rate - started, 2) for start, _ in later]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("recording")
    parser.add_argument("--started", type=float, required=True)
    parser.add_argument("--joined-left", type=float)
    parser.add_argument("--joined-right", type=float)
    parser.add_argument("--rate", type=int, default=48000)
    arguments = parser.parse_args()
    left, right = read_stereo(arguments.recording)
    joined = {"left": arguments.joined_left, "right": arguments.joined_right}
    print(json.dumps({side: describe(channel, arguments.rate, arguments.started, joined[side])
                      for side, channel in (("left", left), ("right", right))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
