"""Reads two players' --status-json lines and prints the sync numbers (see bench/sync/run)."""
import json
import sys


def load(path):
    """Samples (at most one per 100 ms, so every stretch of time weighs the same) and events."""
    samples, events = [], []
    last_wall = None
    with open(path) as handle:
        for line in handle:
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if item.get("type") == "sample":
                if last_wall is not None and item["wall"] - last_wall < 100:
                    continue
                last_wall = item["wall"]
                # Where the server's clock says the room is at the reading's wall time.
                truth = item["ts"] + (item["wall"] - item["serverTime"]) / 1000
                item["error"] = (item["pos"] - truth) * 1000
                samples.append(item)
            elif item.get("type") == "event":
                events.append(item)
    return samples, events


def percentiles(values):
    if not values:
        return "no samples"
    ordered = sorted(values)

    def at(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return "p50 %6.2f ms  p95 %6.2f ms  p99 %6.2f ms  max %7.2f ms  (n=%d)" % (
        at(0.5), at(0.95), at(0.99), ordered[-1], len(ordered))


def skews(a, b, window=60.0):
    """|error_a − error_b| for readings of the two players at most `window` ms apart, same track."""
    result = []
    j = 0
    for sample in a:
        while j + 1 < len(b) and b[j + 1]["wall"] <= sample["wall"]:
            j += 1
        best = None
        for other in b[max(0, j - 1):j + 2]:
            if other["track"] != sample["track"]:
                continue
            gap = abs(other["wall"] - sample["wall"])
            if gap <= window and (best is None or gap < abs(best["wall"] - sample["wall"])):
                best = other
        if best is not None:
            result.append(abs(sample["error"] - best["error"]))
    return result


def main():
    players = [load(path) for path in sys.argv[1:3]]
    names = ["player A", "player B"]
    for name, (samples, events) in zip(names, players):
        joined = [e for e in events if e.get("event") == "playing"]
        join = ("join → playing %.1f ms (process start → playing %.1f ms, incl. sign-in and mpv start)" % (
            joined[0]["joinMs"], joined[0]["sinceStartMs"])) if joined else "never played"
        print("%s: %s" % (name, join))
        print("  |error| vs server clock:  %s" % percentiles([abs(s["error"]) for s in samples]))
    a, b = players[0][0], players[1][0]
    print("skew between the players: %s" % percentiles(skews(a, b)))
    tracks = len({s["track"] for s in a})
    print("(%d tracks played; readings: mpv time-pos events, one per 100 ms kept; the players leave the"
          " last 0.5 s of each track unjudged)" % tracks)


main()
