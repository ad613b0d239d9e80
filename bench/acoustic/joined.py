"""When a player asked to join its room, in seconds after EPOCH: the first `joined` event of its
log (`blastoise listen --status-json` and web_player.py both write one, `wall` in Unix milliseconds).
For bench/acoustic/run's join → sound.

    python3 joined.py PLAYER.log EPOCH
"""
from __future__ import annotations

import json
import sys


def main() -> int:
    log, epoch = sys.argv[1], float(sys.argv[2])
    with open(log, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("event") == "joined":
                print(round(event["wall"] / 1000 - epoch, 3))
                return 0
    print("nan")
    return 0


if __name__ == "__main__":
    sys.exit(main())
