"""Two browser pages in one room: how far apart do they play?

Run by bench/web-sync/run [SECONDS] [ROUNDS], or by hand: SYNC_SECONDS=60 python3 e2e/sync_harness.py
(SYNC_ROUNDS repeats it). It prints p50/p95 skew; the target is p95 ≤ 20 ms (exit status 1 when
missed). The e2e suite's test_sync.py checks only the behaviour (the pages converge and stay
together), which holds on a busy machine too.

The room is seeked so that its track changes halfway through the measurement, and sampling starts
WARM_UP seconds after that seek.

Each page exposes window.__blastoise.syncInfo(), which reads, at one instant, the audio element's
position and the room's target position on the server clock (the page's own clock-offset
estimate). drift = position − target. Sampled every ~100 ms on both pages, the skew between the
two pages is driftA − driftB: how far apart two listeners hear the same music. Samples where a
page is not steadily playing the room's track (loading, a track change) are counted apart.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import Api, Server, chrome, js_wait, make_music, sign_up_in_page, switch_room_in_page  # noqa: E402

SAMPLE_JS = "return window.__blastoise.syncInfo();"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def measure(page_a, page_b, seconds: float, interval: float = 0.1) -> dict:
    skews, drifts_a, drifts_b = [], [], []
    excluded = 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        a = page_a.execute_script(SAMPLE_JS)
        b = page_b.execute_script(SAMPLE_JS)
        steady = (a["phase"] == "playing" and b["phase"] == "playing" and a["trackId"] == b["trackId"]
                  and a["drift"] is not None and b["drift"] is not None)
        if steady:
            skews.append(abs(a["drift"] - b["drift"]) * 1000)
            drifts_a.append(abs(a["drift"]) * 1000)
            drifts_b.append(abs(b["drift"]) * 1000)
        else:
            excluded += 1
        time.sleep(interval)
    a, b = page_a.execute_script(SAMPLE_JS), page_b.execute_script(SAMPLE_JS)
    return {
        "samples": len(skews),
        "excluded": excluded,
        "skew_p50": percentile(skews, 50), "skew_p95": percentile(skews, 95), "skew_max": max(skews, default=float("nan")),
        "skew_mean": statistics.fmean(skews) if skews else float("nan"),
        "driftA_p95": percentile(drifts_a, 95), "driftB_p95": percentile(drifts_b, 95),
        "seeksA": a["seeks"], "seeksB": b["seeks"],
        "clockA": f"offset {a['offset']:+.2f} ms ±{a['uncertainty']:.2f}", "clockB": f"offset {b['offset']:+.2f} ms ±{b['uncertainty']:.2f}",
        "seconds": seconds,
        "skews": skews,
    }


def format_report(r: dict) -> str:
    return (f"sync over {r['seconds']:.0f} s: {r['samples']} paired samples ({r['excluded']} during track changes or loading)\n"
            f"  skew between pages  p50 {r['skew_p50']:.1f} ms   p95 {r['skew_p95']:.1f} ms   max {r['skew_max']:.1f} ms   mean {r['skew_mean']:.1f} ms\n"
            f"  |drift| vs server   page A p95 {r['driftA_p95']:.1f} ms   page B p95 {r['driftB_p95']:.1f} ms\n"
            f"  seeks A {r['seeksA']}  B {r['seeksB']};  clock A {r['clockA']};  clock B {r['clockB']}")


def two_pages_in_a_room(server: Server, prefix: str = "sync"):
    """Two signed-in pages in a new room that plays the standard tracks; returns (a, b, room_id)."""
    stamp = str(int(time.time() * 1000))[-7:]
    page_a = chrome()
    page_b = chrome()
    try:
        sign_up_in_page(page_a, server.base, f"{prefix}a{stamp}")
        sign_up_in_page(page_b, server.base, f"{prefix}b{stamp}")
        api = Api(server.base)
        api.signup(f"{prefix}o{stamp}", "password-123")
        tracks = [t for t in api.get("/api/library") if t["title"].endswith("Tone")]
        room = api.post("/api/channels", {"name": f"Sync {stamp}"})
        api.patch(f"/api/channels/{room['id']}/queue", {"set": [t["id"] for t in tracks]})
        for page in (page_a, page_b):
            js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")", message="the new room")
            switch_room_in_page(page, room["id"])
        for page in (page_a, page_b):
            js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", message="playing")
        return page_a, page_b, room["id"], api, tracks
    except BaseException:
        page_a.quit()
        page_b.quit()
        raise


WARM_UP = 5.0  # seconds after a seek for the controllers to converge before sampling


def run(server: Server, seconds: float) -> dict:
    """Two pages in a new room; the room is placed so that the track changes halfway through."""
    page_a, page_b, room_id, api, tracks = two_pages_in_a_room(server)
    try:
        first = tracks[0]
        position = max(0.0, first["duration"] - (WARM_UP + seconds / 2))
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": position})
        time.sleep(WARM_UP)
        return measure(page_a, page_b, seconds)
    finally:
        page_a.quit()
        page_b.quit()


P95_TARGET_MS = 20


def main() -> int:
    seconds = float(os.environ.get("SYNC_SECONDS", "60"))
    rounds = int(os.environ.get("SYNC_ROUNDS", "1"))
    server = Server()
    make_music(server.music)
    server.start()
    try:
        server.wait_for_library(5)
        skews: list[float] = []
        for index in range(rounds):
            report = run(server, seconds)
            print(f"round {index + 1}/{rounds}: " + format_report(report), flush=True)
            skews += report["skews"]
        p50, p95 = percentile(skews, 50), percentile(skews, 95)
        met = p95 <= P95_TARGET_MS
        print(f"overall: {len(skews)} paired samples, skew p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
              f"max {max(skews, default=float('nan')):.1f} ms — target p95 ≤ {P95_TARGET_MS} ms: {'met' if met else 'MISSED'}")
        return 0 if met else 1
    finally:
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main())
