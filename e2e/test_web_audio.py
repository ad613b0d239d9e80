"""Rooms on Web Audio (Web/js/scheduled-sync.js) in Chromium: two pages of one room play its track
from pieces decoded by the server, started on their AudioContexts — together, through a pause, a seek and a track
that ends by itself (the next one was scheduled on the last sample of the first: no new start) —
and a page that chose the <audio> fallback plays along with them.

Bounds are loose (a busy machine); the acoustic figures are bench/acoustic's.
"""

from __future__ import annotations

from helpers import click, js_wait, poll_until
from sync_harness import SAMPLE_JS, two_pages_in_a_room

TOGETHER_MS = 50


def info(page) -> dict:
    return page.execute_script(SAMPLE_JS)


def both_playing(page_a, page_b, track_id: str):
    """Both pages play track_id on Web Audio, each heard within TOGETHER_MS of the room."""
    def read():
        return info(page_a), info(page_b)

    def accept(pair):
        return all(i["phase"] == "playing" and i["output"] == "scheduled" and i["trackId"] == track_id
                   and i["drift"] is not None and abs(i["drift"]) * 1000 < TOGETHER_MS for i in pair)

    return poll_until(read, accept, interval=0.1, message=f"both pages playing {track_id} on Web Audio")


def test_two_pages_play_pause_seek_and_change_tracks_on_web_audio(server):
    page_a, page_b, room_id, api, tracks = two_pages_in_a_room(server, prefix="webaudio")
    try:
        first, second = tracks[0], tracks[1]
        a, b = both_playing(page_a, page_b, first["id"])
        assert a["outputLatencyMs"] is not None and a["outputLatencyMs"] >= 0
        # Decoded a piece at a time from the server, never the whole track.
        assert 0 < a["heldSeconds"] < first["duration"] / 2, a

        click(page_a, "#np-play")  # pause, for the room
        for page in (page_a, page_b):
            poll_until(lambda p=page: info(p), lambda i: i["phase"] == "paused", message="paused")
        assert not info(page_b)["sounding"], "no source plays while paused"
        click(page_a, "#np-play")
        both_playing(page_a, page_b, first["id"])

        starts = [info(p)["seeks"] for p in (page_a, page_b)]
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": 20})
        for page, before in zip((page_a, page_b), starts):
            poll_until(lambda p=page: info(p), lambda i, n=before: i["seeks"] > n and i["phase"] == "playing"
                       and abs(i["position"] - 20) < 10, message="started again where the room went")
        both_playing(page_a, page_b, first["id"])

        # Three seconds before its end, the room's track ends by itself.
        before = [info(p) for p in (page_a, page_b)]
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": first["duration"] - 3})
        both_playing(page_a, page_b, second["id"])
        for page, was in zip((page_a, page_b), before):
            now = info(page)
            assert now["gapless"] == was["gapless"] + 1, (was, now)
            assert now["seeks"] == was["seeks"] + 1, f"only the seek started a source, not the track change: {was} → {now}"

        # A jump (the server starts its track half a second ahead): both pages go on to it.
        api.post(f"/api/channels/{room_id}/jump", {"index": 0})
        both_playing(page_a, page_b, first["id"])
    finally:
        page_a.quit()
        page_b.quit()


def test_a_page_on_the_audio_element_plays_along(server):
    page_a, page_b, room_id, api, tracks = two_pages_in_a_room(server, prefix="fallback")
    try:
        page_b.execute_script("localStorage.setItem('blastoise.roomOutput', 'element'); location.reload();")
        js_wait(page_b, "!!window.__blastoise && window.__blastoise.syncInfo().phase === 'playing'",
                message="the reloaded page playing")
        api.post(f"/api/channels/{room_id}/seek", {"timestamp": 5})

        def apart_ms():
            a, b = info(page_a), info(page_b)
            if not (a["phase"] == b["phase"] == "playing" and a["trackId"] == b["trackId"]):
                return None
            assert (a["output"], b["output"]) == ("scheduled", "element")
            return abs((a["position"] - b["position"]) - (a["serverNow"] - b["serverNow"]) / 1000) * 1000

        poll_until(apart_ms, lambda ms: ms is not None and ms < TOGETHER_MS, interval=0.2,
                   message="the element page within 50 ms of the Web Audio page")
    finally:
        page_a.quit()
        page_b.quit()


def one_page_in_a_room(server, prefix: str):
    """A page playing a room of its own (the harness's second page is not needed)."""
    page_a, page_b, *_ = two_pages_in_a_room(server, prefix=prefix)
    page_b.quit()
    return page_a


def test_tapping_along_measures_the_output_delay(server):
    """The sync meter's Tap along: sixteen clicks; taps that come steadily ~200 ms after them
    (synthetic key presses, timed by the page) are offered as the output delay, and applying it
    sets it."""
    page_a = one_page_in_a_room(server, "tap")
    try:
        click(page_a, ".sync-meter")
        click(page_a, "#calibrate-delay")
        click(page_a, "#calibration-start")
        js_wait(page_a, "!document.getElementById('calibration-tap').disabled", message="the clicks started")
        # The first click is heard a second after Start (plus the browser's latency): tap 200 ms after each.
        page_a.execute_script("""
            const target = document.getElementById('calibration-tap');
            for (let k = 0; k < 16; k += 1) {
              setTimeout(() => target.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space', bubbles: true })),
                         1000 + k * 1000 + 200);
            }""")
        js_wait(page_a, "!document.getElementById('calibration-apply').hidden", timeout=60,
                message="the measurement offered")
        suggested = int(page_a.execute_script(
            "return document.getElementById('calibration-apply').textContent.match(/(-?\\d+) ms/)[1]"))
        assert 60 <= suggested <= 300, suggested
        click(page_a, "#calibration-apply")
        js_wait(page_a, f"window.__blastoise.syncInfo().outputDelayMs === {suggested}", message="the delay set")
        assert page_a.execute_script("return document.getElementById('output-delay').value") == str(suggested)
    finally:
        page_a.quit()


def test_playback_settings_are_kept_in_the_browser(server):
    """The account menu's Playback: leveling off and the room on the element, kept over a reload."""
    page_a = one_page_in_a_room(server, "prefs")
    try:
        click(page_a, "#account-button")
        click(page_a, "#open-playback")
        click(page_a, "#leveling-off")
        click(page_a, "#room-output-element")
        js_wait(page_a, "window.__blastoise.syncInfo().output === 'element'", message="the room on the element now")
        page_a.refresh()
        js_wait(page_a, "!!window.__blastoise && window.__blastoise.syncInfo().phase === 'playing'", message="playing again")
        assert page_a.execute_script("return window.__blastoise.syncInfo().output") == "element"
        click(page_a, "#account-button")
        click(page_a, "#open-playback")
        assert page_a.execute_script("return document.getElementById('leveling-off').checked")
        click(page_a, "#room-output-scheduled")
        js_wait(page_a, "window.__blastoise.syncInfo().output === 'scheduled'", message="back on Web Audio")
    finally:
        page_a.quit()
