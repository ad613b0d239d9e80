"""Per-person data in the web app: a heart on an album's page that the Favourites view then
lists (and the page shows again after a reload); a room that counts a play for each of two
people listening, which then shows under Recently played on their start view (one left open
there too); a local play counted once; the local play rule itself."""

from __future__ import annotations

from conftest import new_room, unique
from helpers import GUARD, Api, click, js_wait, open_library_view, poll_until, sign_in_in_page, sign_up_in_page, switch_room_in_page

PASSWORD = "password-123"


def album_id(api: Api, name: str) -> str:
    return [a for a in api.get("/api/albums?limit=500")["items"] if a["name"] == name][0]["id"]


def test_a_favourite_album_is_found_in_favourites(server, browsers, make_api):
    api = make_api("favlookup")
    album = album_id(api, "E2E Album")
    page = browsers()
    sign_up_in_page(page, server.base, unique("fav"))
    page.execute_script("window.location.hash = arguments[0];", f"#/album/{album}")
    js_wait(page, "!!document.querySelector('#album-favourite')", message="the album's heart")
    assert page.execute_script("return document.querySelector('#album-favourite').getAttribute('aria-pressed')") == "false"
    click(page, "#album-favourite")
    js_wait(page, "document.querySelector('#album-favourite').getAttribute('aria-pressed') === 'true'", message="the heart on")

    open_library_view(page, "favourites")
    js_wait(page, f"!!document.querySelector('#favourite-albums .album-card[data-id=\"{album}\"]')",
            message="the album in Favourites")
    # Kept by the server: the album's page shows the heart on after a reload.
    page.get(f"{server.base}/#/album/{album}")
    js_wait(page, "document.querySelector('#album-favourite')?.getAttribute('aria-pressed') === 'true'",
            message="the heart still on after a reload")
    # A track's heart, from its row, lands in Favourites too.
    click(page, "#album-tracks .track-row button[data-act='fav']")
    js_wait(page, "document.querySelector(\"#album-tracks .track-row button[data-act='fav']\").getAttribute('aria-pressed') === 'true'",
            message="the track's heart on")
    open_library_view(page, "favourites")
    js_wait(page, "document.querySelectorAll('#favourite-tracks .track-row').length === 1", message="the track in Favourites")


def test_a_room_counts_a_play_for_each_person_listening(server, browsers, make_api):
    owner = make_api("playhost")
    # The 30 s track: a play after 15 s heard.
    short = [t for t in owner.get("/api/library") if t["filename"] == "05 Hostile.wav"][0]
    room = new_room(owner, [short["id"]])
    people = []
    for index in range(2):
        name = unique(f"listener{index}")
        page = browsers()
        sign_up_in_page(page, server.base, name, PASSWORD)
        js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
        switch_room_in_page(page, room["id"])
        api = Api(server.base)
        api.login(name, PASSWORD)
        people.append((page, api))
    assert owner.get(f"/api/channels/{room['id']}")["paused"] is False

    for _, api in people:
        recent = poll_until(lambda api=api: api.get("/api/plays/recent"), lambda answer: answer["tracks"],
                            timeout=GUARD + 30, message="the room's play counted")
        assert [t["id"] for t in recent["tracks"]] == [short["id"]]
        assert recent["tracks"][0]["playCount"] == 1
        assert [a["name"] for a in recent["albums"]] == ["E2E Album"]
    # The room's owner was not listening: nothing for them.
    assert owner.get("/api/plays/recent")["tracks"] == []

    # A page left on the start view shows it too, once the room begins the track again (it repeats).
    js_wait(people[1][0], "[...document.querySelectorAll('#recent-played-albums .album-card .card-title')].map(t => t.textContent).includes('E2E Album')",
            timeout=GUARD + 30, message="Recently played updated on a page left open")
    page = people[0][0]
    open_library_view(page, "library")
    js_wait(page, "[...document.querySelectorAll('#recent-played-albums .album-card .card-title')].map(t => t.textContent).includes('E2E Album')",
            message="Recently played on the start view")


# Records the page's POSTs to /api/plays (the local plays it reports), from its first script on.
PLAYS_RECORDER = """
  window.__plays = [];
  const fetch0 = window.fetch;
  window.fetch = (url, init) => {
    if (String(url).endsWith('/api/plays') && init && init.method === 'POST') window.__plays.push(JSON.parse(init.body).trackId);
    return fetch0(url, init);
  };
"""


def test_a_local_play_counts_once_and_shows_in_recently_played(server, browsers):
    name = unique("localear")
    api = Api(server.base)
    api.signup(name, PASSWORD)
    album = album_id(api, "Hljóð")
    # The album's last song: played here it is all that plays (the songs after one play on).
    last = [t for t in api.get(f"/api/albums/{album}")["tracks"] if t["title"] == "Þriðja"][0]
    assert last["duration"] == 30  # a play after 15 s heard
    # A room with nothing queued, so the only play is the one heard here.
    room = new_room(api, [])
    page = browsers()
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PLAYS_RECORDER})
    sign_in_in_page(page, server.base, name, PASSWORD)
    js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    page.execute_script("document.querySelector(`#room-list li[data-id='${arguments[0]}'] .room-main`).click();", room["id"])
    js_wait(page, f"document.querySelector(\"#room-list li[data-id='{room['id']}']\").classList.contains('active')")
    js_wait(page, "document.querySelector('#recent-played-albums')?.textContent === 'Nothing played yet.'", message="nothing played yet")

    # The secondary action: play it here only, not synced.
    page.execute_script("window.location.hash = arguments[0];", f"#/album/{album}")
    js_wait(page, "document.querySelectorAll('#album-tracks .track-row').length === 3", message="the album's tracks")
    click(page, f"#album-tracks .track-row[data-id='{last['id']}'] button[data-act='local']")
    js_wait(page, "!document.getElementById('local-banner').hidden", message="the local banner")
    js_wait(page, "!document.getElementById('player').paused", message="the local play")
    recent = poll_until(lambda: api.get("/api/plays/recent"), lambda answer: answer["tracks"],
                        timeout=GUARD + 30, message="the local play counted")
    assert [t["id"] for t in recent["tracks"]] == [last["id"]]
    assert recent["tracks"][0]["playCount"] == 1
    assert [a["name"] for a in recent["albums"]] == ["Hljóð"]
    assert page.execute_script("return window.__plays") == [last["id"]]

    # The start view shows it under Recently played; the album's page counts the play.
    open_library_view(page, "library")
    js_wait(page, "[...document.querySelectorAll('#recent-played-albums .album-card .card-title')].map(t => t.textContent).join() === 'Hljóð'",
            message="Recently played on the start view")
    page.execute_script("window.location.hash = arguments[0];", f"#/album/{album}")
    js_wait(page, "document.querySelector('#album-head .detail-facts')?.textContent.endsWith('1 play')", message="the album's play count")

    # Heard to the end, it is still one play: reported once.
    js_wait(page, "document.getElementById('player').ended", timeout=GUARD + 30, message="the track played to its end")
    assert page.execute_script("return window.__plays") == [last["id"]]
    assert api.get("/api/plays/recent")["tracks"][0]["playCount"] == 1


def test_the_local_play_rule(server, browsers):
    """plays.js itself, driven by a stand-in for the audio element: half the track or four
    minutes, never under 30 s; a seek forward hears nothing; played to the end, a new play."""
    page = browsers()
    page.get(server.base + "/")
    result = page.execute_async_script("""
      const done = arguments[arguments.length - 1];
      import('/js/plays.js').then(({ LocalPlays, playThreshold }) => {
        const audio = new EventTarget();
        audio.paused = true;
        audio.currentTime = 0;
        const reports = [];
        const plays = new LocalPlays(audio, (id) => reports.push([id, audio.currentTime]));
        const fire = (name) => audio.dispatchEvent(new Event(name));
        const playTo = (end) => { while (audio.currentTime < end - 1e-9) { audio.currentTime = Math.round((audio.currentTime + 0.25) * 100) / 100; fire('timeupdate'); } };
        const out = { thresholds: [playThreshold(29), playThreshold(30), playThreshold(100), playThreshold(600), playThreshold(NaN)] };
        plays.start('a', 30);
        audio.paused = false; fire('playing');
        playTo(14.75); out.before = reports.length;
        playTo(15.25); out.at = reports.map((r) => r.slice());
        playTo(30); out.once = reports.length;
        // Played to the end and again: a new play. This time a seek forward past the middle hears nothing.
        fire('ended'); audio.currentTime = 0; fire('playing');
        playTo(5); fire('seeking'); audio.currentTime = 20; fire('timeupdate'); playTo(29);
        out.afterSeek = reports.length;
        // A pause hears nothing, however long.
        plays.start('b', 40); audio.currentTime = 0; fire('playing'); playTo(10);
        audio.paused = true; fire('pause'); audio.currentTime = 10; fire('timeupdate');
        audio.paused = false; fire('playing'); playTo(19.75); out.paused = reports.length;
        playTo(20.25); out.b = reports.length;
        // Too short a track never counts; stop() ends the play.
        plays.start('c', 20); audio.currentTime = 0; playTo(20); out.short = reports.length;
        plays.start('d', 30); audio.currentTime = 0; plays.stop(); playTo(30); out.stopped = reports.length;
        done(out);
      }, (error) => done(String(error)));
    """)
    assert result["thresholds"] == [None, 15, 50, 240, None]
    assert result["before"] == 0
    assert result["at"] == [["a", 15]]
    assert result["once"] == 1
    assert result["afterSeek"] == 1, "a seek forward past the middle is not listening"
    assert result["paused"] == 1 and result["b"] == 2
    assert result["short"] == 2 and result["stopped"] == 2
