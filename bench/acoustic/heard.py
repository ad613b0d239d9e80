"""Where each side of a recording is in the track it plays, against the recording's own clock: the
absolute reference skew.py lacks. skew.py says two players are 5 ms apart; this says which of the
two moved. Each channel's windows are found in the track itself (cross-correlation, sub-sample
peak, searched near where the last one was); a player steady at the speakers is then a straight
line — sloped by how fast the sink's clock runs against the machine's, which the room keeps
(PulseAudio's null sink: ~200 ppm; PipeWire's: a few) — and every move of its sound shows as a
move off that line. Prints JSON: per side, p95 and max of how far it strays from its straight
line (ms), the line's slope (ppm), and how many windows were found.

    python3 heard.py RECORDING.raw TRACK.raw [TRACK.raw ...] [--series]   (s16le 48 kHz: the
        recording stereo, the tracks mono, as the room's tracks were)
    python3 heard.py --check      (a made-up recording whose moves are known)
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from skew import peak, pink_noise, read_stereo, shifted

RATE = 48000
WINDOW = int(0.1 * RATE)
STEP = int(0.25 * RATE)
NEAR = RATE // 20  # a window is looked for within 50 ms of where the last one puts it
FIND = 2 * RATE  # a stretch this long is looked for in the whole of each track
JUMP = 0.5  # s: a lead changing more than this at once is the sound going elsewhere, not moving


def follow(channel: np.ndarray, tracks: list[np.ndarray], clarity: float = 0.5) -> list[tuple[float, int, float]]:
    """(recording s, track index, lead s: track position minus recording time) per window with
    sound found in a track."""
    found = []
    known = None  # (track, lead in samples)
    for start in range(0, len(channel) - WINDOW, STEP):
        window = channel[start:start + WINDOW] - channel[start:start + WINDOW].mean()
        if float(np.dot(window, window)) < 1e3 * WINDOW:
            continue  # silence (below ~-50 dBFS)
        if known is not None:
            track, lead = known
            low = int(start + lead) - NEAR
            if 0 <= low and low + WINDOW + 2 * NEAR <= len(tracks[track]):
                at, how = peak(window, tracks[track][low:low + WINDOW + 2 * NEAR])
                if how >= clarity:
                    known = (track, low + at - start)
                    found.append((start / RATE, track, known[1] / RATE))
                    continue
        # Lost (the start, a jump to another place or track): the stretch from here, everywhere.
        stretch = channel[start:start + FIND] - channel[start:start + FIND].mean()
        best = max(((index, *peak(stretch, track)) for index, track in enumerate(tracks)), key=lambda hit: hit[2])
        known = (best[0], best[1] - start) if best[2] >= clarity else None
    return found


def stretches(found: list[tuple[float, int, float]]) -> list[list[tuple[float, int, float]]]:
    """`found` cut where the sound went to another track or place (a track ending, a jump)."""
    cut = [[]]
    for window in found:
        if cut[-1] and (window[1] != cut[-1][-1][1] or abs(window[2] - cut[-1][-1][2]) > JUMP):
            cut.append([])
        cut[-1].append(window)
    return cut


def wander(found: list[tuple[float, int, float]]) -> dict:
    """How far a side strays from the straight line through its leads, in ms: one line per
    stretch on one track and place, all of one slope (the sink's clock)."""
    stretched = [stretch for stretch in stretches(found) if len(stretch) >= 2]
    if not stretched:
        return {"windows": len(found)}
    times = [np.array([at for at, _, _ in stretch]) for stretch in stretched]
    leads = [np.array([lead for _, _, lead in stretch]) * 1000 for stretch in stretched]
    # The common slope: each stretch's leads and times about their own means, fitted together.
    centred_times = np.concatenate([t - t.mean() for t in times])
    centred_leads = np.concatenate([lead - lead.mean() for lead in leads])
    slope = float(np.dot(centred_times, centred_leads) / np.dot(centred_times, centred_times))
    strays = np.abs(centred_leads - slope * centred_times)
    return {"windows": len(found), "p95_ms": round(float(np.percentile(strays, 95)), 3),
            "max_ms": round(float(strays.max()), 3), "slope_ppm": round(slope * 1000, 1)}


def check() -> int:
    """A track; the left side plays it steadily, jumping 10 s on at 5 s (a room's seek: a new
    stretch, not a move), the right one 3 ms later from 4 s to 7 s (a player's sound moving there
    and back), with a little noise each."""
    generator = np.random.default_rng(11)
    track = pink_noise(generator, RATE * 30)
    start = 5 * RATE
    seconds = 10
    jumped = np.concatenate([track[start:start + 5 * RATE], track[start + 15 * RATE:start + 20 * RATE]])
    left = jumped + generator.standard_normal(seconds * RATE) * 80
    right = np.concatenate([
        shifted(track, 0)[start:start + 4 * RATE],
        shifted(track, 0.003 * RATE)[start + 4 * RATE:start + 7 * RATE],
        shifted(track, 0)[start + 7 * RATE:start + seconds * RATE],
    ]) + generator.standard_normal(seconds * RATE) * 80
    other = generator.standard_normal(RATE * 30) * 8000  # a second track, which neither plays
    sides = [follow(side, [other, track]) for side in (left, right)]
    moved = sorted(lead * 1000 for _, _, lead in sides[1])
    good = all(index == 1 for side in sides for _, index, _ in side)
    good = good and wander(sides[0])["max_ms"] < 0.02 and len(stretches(sides[0])) == 2
    good = good and abs(moved[-1] - moved[0] - 3) < 0.05 and wander(sides[1])["max_ms"] > 1.5
    print(json.dumps({"check": "ok" if good else "FAILED", "left": wander(sides[0]), "right": wander(sides[1])}))
    return 0 if good else 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("recording", nargs="?")
    parser.add_argument("tracks", nargs="*")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--series", action="store_true", help="also every window: seconds and each side's lead (ms)")
    arguments = parser.parse_args()
    if arguments.check:
        return check()
    if not arguments.recording or not arguments.tracks:
        parser.error("a recording and its tracks, or --check")
    tracks = [np.fromfile(path, dtype="<i2").astype(np.float64) for path in arguments.tracks]
    sides = [follow(side, tracks) for side in read_stereo(arguments.recording)]
    if arguments.series:
        leads = [{round(at, 2): lead * 1000 for at, _, lead in side} for side in sides]
        for at in sorted(set(leads[0]) | set(leads[1])):
            print(f"{at:8.2f} " + " ".join(f"{side[at]:+10.3f}" if at in side else f"{'-':>10}" for side in leads))
    print(json.dumps({"left": wander(sides[0]), "right": wander(sides[1])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
