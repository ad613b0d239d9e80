"""Two pages in one room play together: they converge onto each other (within 50 ms), stay close
(within 250 ms on every steady sample) for a while, and do it again after the room moves on to
the next track. SYNC_SECONDS sets how long they are watched (15 s here, half on each track). A
page given an output delay plays that much ahead.

The bounds are about behaviour, loose enough for a busy machine; the precision (p50/p95 skew) is
measured by bench/web-sync (e2e/sync_harness.py), which prints the numbers.
"""

from __future__ import annotations

import os
import time

from helpers import GUARD, click, js_wait, poll_until
from sync_harness import SAMPLE_JS, two_pages_in_a_room

CONVERGED_MS = 50  # the two pages get this close at some point…
TOGETHER_MS = 250  # …and then stay within this of each other
MIN_SAMPLES = 10  # steady paired samples per track, however slowly they come


def sample(page_a, page_b) -> dict:
    a = page_a.execute_script(SAMPLE_JS)
    b = page_b.execute_script(SAMPLE_JS)
    steady = (a["phase"] == "playing" and b["phase"] == "playing" and a["trackId"] == b["trackId"]
              and a["drift"] is not None and b["drift"] is not None)
    return {"steady": steady, "track": a["trackId"] if steady else None,
            "skew_ms": abs(a["drift"] - b["drift"]) * 1000 if steady else None,
            "a": {k: a[k] for k in ("phase", "trackId", "drift", "rate", "seeks")},
            "b": {k: b[k] for k in ("phase", "trackId", "drift", "rate", "seeks")}}


def play_together(page_a, page_b, track_id: str, seconds: float) -> list[float]:
    """Waits until both pages steadily play track_id within CONVERGED_MS of each other, then
    watches them for `seconds` (and at least MIN_SAMPLES steady samples): every steady sample is
    on track_id and within TOGETHER_MS. Returns the skews seen (ms)."""
    poll_until(lambda: sample(page_a, page_b),
               lambda s: s["track"] == track_id and s["skew_ms"] < CONVERGED_MS,
               interval=0.1, message=f"both pages on {track_id} within {CONVERGED_MS} ms of each other")
    skews: list[float] = []
    started = time.time()
    while time.time() - started < seconds or len(skews) < MIN_SAMPLES:
        assert time.time() - started < seconds + GUARD, f"only {len(skews)} steady samples in {time.time() - started:.0f} s"
        s = sample(page_a, page_b)
        if s["steady"]:
            assert s["track"] == track_id, s
            assert s["skew_ms"] < TOGETHER_MS, (s, f"after {len(skews)} samples within {TOGETHER_MS} ms")
            skews.append(s["skew_ms"])
        time.sleep(0.1)
    return skews


def test_two_pages_play_in_sync(server):
    seconds = float(os.environ.get("SYNC_SECONDS", "15"))
    page_a, page_b, room_id, api, tracks = two_pages_in_a_room(server)
    try:
        first, second = tracks[0], tracks[1]
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": 5})
        skews = play_together(page_a, page_b, first["id"], seconds / 2)
        # Near the end of the first track: the room moves on by itself, and both pages follow.
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": max(0.0, first["duration"] - 3)})
        skews += play_together(page_a, page_b, second["id"], seconds / 2)
        print(f"\nsync: {len(skews)} steady samples, skew max {max(skews):.1f} ms, "
              f"mean {sum(skews) / len(skews):.1f} ms (precision: bench/web-sync)")
    finally:
        page_a.quit()
        page_b.quit()


def test_an_output_delay_set_in_the_meter_plays_that_much_earlier(server):
    """A page told its speaker is 300 ms late keeps its element 300 ms ahead of the other page,
    so the two sound together; the setting stays with the browser."""
    page_a, page_b, room_id, api, tracks = two_pages_in_a_room(server, prefix="delay")
    try:
        click(page_a, ".sync-meter")
        page_a.execute_script("""
            const input = document.getElementById('output-delay');
            input.value = '300';
            input.dispatchEvent(new Event('change'));""")
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": 5})

        def ahead_ms():
            a = page_a.execute_script(SAMPLE_JS)
            b = page_b.execute_script(SAMPLE_JS)
            steady = a["phase"] == "playing" and b["phase"] == "playing" and a["trackId"] == b["trackId"]
            # Each reading is moved to the server time of the other's, so the gap between them is not counted.
            return (a["position"] - b["position"] - (a["serverNow"] - b["serverNow"]) / 1000) * 1000 if steady else None

        poll_until(ahead_ms, lambda ms: ms is not None and abs(ms - 300) < 50, interval=0.2,
                   message="page A 300 ms ahead of page B")
        assert page_a.execute_script(SAMPLE_JS)["outputDelayMs"] == 300
        page_a.refresh()
        js_wait(page_a, "!!window.__blastoise && window.__blastoise.syncInfo().outputDelayMs === 300",
                message="the delay kept after a reload")
    finally:
        page_a.quit()
        page_b.quit()
