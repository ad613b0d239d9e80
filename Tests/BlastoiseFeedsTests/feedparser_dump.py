"""Prints what feedparser reads from each feed given: one JSON line per file with the fields the
Swift FeedParser cross-check compares. Missing guids fall back to the enclosure URL, duplicate
guids keep the first, durations become seconds — the rules FeedParser documents."""
import calendar
import json
import sys

import feedparser


def seconds(text):
    try:
        parts = [float(p) for p in text.strip().split(":")]
    except (AttributeError, ValueError):
        return None
    if not 1 <= len(parts) <= 3 or any(p < 0 for p in parts):
        return None
    total = 0.0
    for part in parts:
        total = total * 60 + part
    return int(total)


def episode(entry):
    enclosures = [link.get("href") for link in entry.get("links", []) if link.get("rel") == "enclosure"]
    enclosure = enclosures[0] if enclosures else None
    when = entry.get("published_parsed") or entry.get("updated_parsed")
    return {
        "guid": entry.get("id") or enclosure or entry.get("link"),
        "title": entry.get("title"),
        "enclosure": enclosure,
        "duration": seconds(entry.get("itunes_duration")),
        "published": calendar.timegm(when) if when else None,
    }


for path in sys.argv[1:]:
    parsed = feedparser.parse(path)
    episodes, seen = [], set()
    for entry in parsed.entries:
        item = episode(entry)
        if item["guid"] and item["guid"] not in seen:
            seen.add(item["guid"])
            episodes.append(item)
    print(json.dumps({"file": path, "title": parsed.feed.get("title"), "episodes": episodes}))
