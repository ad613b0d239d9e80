"""Playing here, not in a room: a track chosen in a list plays on into the rest of the list; with
a crossfade chosen each track fades into the next (both elements sounding, the old one falling as
the new one rises), never between an album's songs played in order; next and previous; back to
the room."""

from __future__ import annotations

from conftest import unique
from helpers import click, js_wait, library_tracks, sign_up_in_page

LOCAL = "return window.__blastoise.local()"
# Samples of what plays here, every 40 ms, kept in the page (a fade lasts seconds).
RECORD = """
window.__samples = [];
clearInterval(window.__sampler);
window.__sampler = setInterval(() => window.__samples.push(window.__blastoise.local()), 40);
"""
ROW_TRACKS = "return [...document.querySelectorAll(arguments[0])].map(r => ({ id: r.dataset.id, title: r.querySelector('.tr-title').textContent }))"
NEAR_THE_END = "const a = document.getElementById('player'); a.currentTime = a.duration - arguments[0];"


def playing_here(page, track_id: str, what: str) -> None:
    js_wait(page, f"(() => {{ const l = window.__blastoise.local(); return l.local && l.trackId === '{track_id}' && !l.fading"
                  " && l.voices.some(v => v.current && v.playing); })()", message=what)


def samples(page) -> list[dict]:
    return page.execute_script("clearInterval(window.__sampler); return window.__samples")


def test_a_list_played_here_fades_each_track_into_the_next(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("fader"))
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'")
    click(page, "#account-button")
    click(page, "#open-playback")
    click(page, "#crossfade-5")
    assert page.execute_script("return localStorage.getItem('blastoise.crossfade')") == "5"
    click(page, "dialog[open] .dialog-head button")

    search = library_tracks(page)
    search.send_keys("Tone")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length >= 4", message="the tones")
    rows = page.execute_script(ROW_TRACKS, "#library-list .track-row")
    click(page, "#library-list .track-row button[data-act='local']")
    playing_here(page, rows[0]["id"], "the first tone here")
    assert page.execute_script(LOCAL)["upNextId"] == rows[1]["id"]
    js_wait(page, f"document.getElementById('np-up-next').textContent.includes({rows[1]['title']!r})", message="what comes next")
    assert not page.execute_script("return window.__blastoise.syncInfo().active"), "the room is not followed meanwhile"

    # Seven seconds before the end: the next tone fades in over the last five.
    page.execute_script(RECORD)
    page.execute_script(NEAR_THE_END, 7)
    playing_here(page, rows[1]["id"], "the second tone, after the fade")
    fading = [s for s in samples(page) if s["fading"]]
    assert len(fading) >= 5, "the fade was seen"
    # (The last sample may catch the old tone's element ended a moment before it says so.)
    for sample in fading[:-1]:
        assert all(v["playing"] for v in sample["voices"]), "both tones sound during the fade"
    incoming = [next(v for v in s["voices"] if v["current"])["volume"] for s in fading]
    outgoing = [next(v for v in s["voices"] if not v["current"])["volume"] for s in fading]
    assert incoming == sorted(incoming) and incoming[-1] > incoming[0], incoming
    assert outgoing == sorted(outgoing, reverse=True) and outgoing[-1] < outgoing[0], outgoing
    after = page.execute_script(LOCAL)
    old = next(v for v in after["voices"] if not v["current"])
    assert not old["playing"] and old["src"] == "", "the old tone stopped and let go"
    assert abs(next(v for v in after["voices"] if v["current"])["volume"] - 0.8) < 1e-6, "the new one at the full volume"
    js_wait(page, f"document.getElementById('np-title').textContent === {rows[1]['title']!r}", message="the title")

    # Next skips at once, without a fade; previous early in a track goes back one.
    page.execute_script("document.getElementById('np-next').click()")
    playing_here(page, rows[2]["id"], "the third tone")
    page.execute_script("document.getElementById('np-prev').click()")
    playing_here(page, rows[1]["id"], "back to the second")

    click(page, "#back-to-room")
    js_wait(page, "window.__blastoise.syncInfo().active && window.__blastoise.syncInfo().phase === 'playing'", message="the room again")
    assert not page.execute_script(LOCAL)["local"]
    if page.execute_script("return window.__blastoise.syncInfo().output") == "scheduled":
        # The room sounds through Web Audio: what played here is silent, not playing on beneath it.
        js_wait(page, "window.__blastoise.local().voices.every(v => !v.playing)", message="the tone here stopped")


def test_an_album_played_here_flows_on_without_a_fade(server, browsers, make_api):
    api = make_api("albumhere")
    album = [a for a in api.get("/api/albums?limit=500")["items"] if a["name"] == "Hljóð"][0]["id"]
    page = browsers()
    sign_up_in_page(page, server.base, unique("albumhere"))
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'")
    page.execute_script("localStorage.setItem('blastoise.crossfade', '8')")
    page.get(server.base + f"/#/album/{album}")
    js_wait(page, "document.querySelectorAll('#album-tracks .track-row').length === 3", message="the album's tracks")
    rows = page.execute_script(ROW_TRACKS, "#album-tracks .track-row")
    click(page, "#album-here")
    playing_here(page, rows[0]["id"], "the album's first song here")
    page.execute_script(RECORD)
    page.execute_script(NEAR_THE_END, 3)
    playing_here(page, rows[1]["id"], "its second song, as the first ended")
    assert not any(s["fading"] for s in samples(page)), "no fade between an album's songs in order"
