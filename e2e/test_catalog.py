"""The library as a catalog: the albums grid with covers that load (and a placeholder for an
album without one), an album's page in disc and track order with Add to queue and its Undo,
search that folds accents, Play next and Play in this room, multi-select, and the media session
and tab title following the playing track."""

from __future__ import annotations

import tempfile
from pathlib import Path

from conftest import new_room, tone_tracks, unique
from helpers import (HLJOD_ORDER, LYRICS, Api, click, js_wait, library_tracks, open_library_view, own_server, poll_until, sign_up_in_page,
                     switch_room_in_page, text_of, wait_until, write_track)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

CARD = "#album-grid .album-card[aria-label^={name!r}]"
QUEUE_TITLES = ("return [...document.querySelectorAll('#queue-list .queue-row')].sort((a, b) => a.dataset.i - b.dataset.i)"
                ".map(r => r.querySelector('.tr-title').textContent);")
ALBUM_TITLES = "return [...document.querySelectorAll('#album-tracks .track-row .tr-title')].map(t => t.textContent);"

# Records every toast's text, and each media session action handler (set or cleared), from the
# page's first script on.
TOAST_RECORDER = """
  window.__toasts = [];
  new MutationObserver(() => {
    for (const t of document.querySelectorAll('.toast-text')) if (!t.dataset.seen) { t.dataset.seen = '1'; window.__toasts.push(t.textContent); }
  }).observe(document.body, { childList: true, subtree: true });
"""
MEDIA_RECORDER = """
  window.__media = {};
  if (navigator.mediaSession) {
    const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
    navigator.mediaSession.setActionHandler = (name, handler) => { window.__media[name] = handler; set(name, handler); };
  }
"""


def library(api: Api) -> dict[str, dict]:
    return {t["title"]: t for t in api.get("/api/library")}


def album_id(api: Api, name: str) -> str:
    return [a for a in api.get("/api/albums?limit=500")["items"] if a["name"] == name][0]["id"]


def queue_titles(page) -> list[str]:
    return page.execute_script(QUEUE_TITLES)


def wait_for_queue(page, expected: list[str], what: str) -> None:
    """Waits for the page's queue to read `expected`; a failure says what the page showed and
    toasted, and what its socket knew."""
    try:
        wait_until(lambda: queue_titles(page) == expected, message=what)
    except AssertionError as error:
        seen = page.execute_script("return {queue: arguments[0], toasts: window.__toasts, sync: window.__blastoise.syncInfo()}",
                                   queue_titles(page))
        raise AssertionError(f"{error}; the page showed {seen}") from None


def room_state(api: Api, room_id: str) -> dict:
    return api.get(f"/api/channels/{room_id}")


def join(page, base: str, room_id: str, who: str) -> None:
    sign_up_in_page(page, base, unique(who))
    js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room_id}']\")")
    switch_room_in_page(page, room_id)
    page.execute_script(TOAST_RECORDER)


def test_the_albums_grid_shows_covers_and_an_untagged_placeholder(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("grid"))
    open_library_view(page, "albums")
    js_wait(page, "document.querySelectorAll('#album-grid .album-card:not(.skeleton)').length === 4", message="four album cards")
    # Hljóð's cover is embedded in its MP3s, Folder Cover's is the cover.jpg beside its FLACs: both load.
    for name in ("Hljóð", "Folder Cover"):
        img = CARD.format(name=name) + " img"
        js_wait(page, f"(() => {{ const i = document.querySelector({img!r}); return i && i.complete && i.naturalWidth > 0; }})()",
                message=f"{name}'s cover loaded")
        src = page.execute_script(f"return document.querySelector({img!r}).currentSrc")
        # A card is about 200 px wide: the 256 px variant, not the original.
        assert "/api/covers/" in src and "size=256" in src, src
        assert page.execute_script(f"return document.querySelector({img!r}).loading") == "lazy"
    # An album without an artist or a cover: "Unknown artist" over the generated placeholder.
    mystery = CARD.format(name="Mystery Tapes")
    assert text_of(page, mystery + " .card-sub") == "Unknown artist"
    assert page.execute_script(f"return !document.querySelector({mystery + ' img'!r})")
    # Read in one step: the grid may render its cards again (a cover arriving) between two.
    assert "no-cover" in page.execute_script("return document.querySelector(arguments[0]).className", mystery)
    # An untagged track: its file name once, then "Unknown artist · Unknown album".
    search = library_tracks(page)
    search.send_keys("untagged")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    assert text_of(page, "#library-list .tr-title") == "untagged-take"
    assert text_of(page, "#library-list .tr-sub") == "Unknown artist · Unknown album"
    # Genres list the tags, and a genre shows its albums.
    open_library_view(page, "genres")
    js_wait(page, "[...document.querySelectorAll('#genre-list .genre-name')].some(g => g.textContent === 'Jazz')")
    page.execute_script("[...document.querySelectorAll('#genre-list .genre-link')].find(g => g.textContent.startsWith('Jazz')).click()")
    js_wait(page, "document.querySelectorAll('#album-grid .album-card:not(.skeleton)').length === 1 && "
                  "document.querySelector('#album-grid .card-title').textContent === 'Folder Cover'", message="the Jazz albums")


def test_the_album_page_adds_the_album_with_one_toast_and_undo_removes_it(server, browsers, make_api):
    owner = make_api("albumowner")
    alpha = library(owner)["Alpha Tone"]
    room = new_room(owner, [alpha["id"]])
    page = browsers()
    join(page, server.base, room["id"], "albumfan")
    page.get(server.base + f"/#/album/{album_id(owner, 'Hljóð')}")
    js_wait(page, "!!window.__blastoise")
    page.execute_script(TOAST_RECORDER)
    js_wait(page, f"document.querySelectorAll('#album-tracks .track-row').length === {len(HLJOD_ORDER)}", message="the album's tracks")
    assert text_of(page, "#album-title") == "Hljóð"
    assert text_of(page, "#album-head .detail-artist") == "Sigur Test"
    # Disc 1 track 1, disc 1 track 2, disc 2 track 1 — not the file names' order.
    assert page.execute_script(ALBUM_TITLES) == HLJOD_ORDER
    # On the album's page a row's second line is its artist (the album is the page's).
    assert page.execute_script("return [...document.querySelectorAll('#album-tracks .tr-sub')].map(t => t.textContent)") == ["Sigur Test"] * 3
    js_wait(page, "(() => { const i = document.querySelector('#album-head .detail-cover img'); return i && i.complete && i.naturalWidth > 0; })()",
            message="the album's cover")

    js_wait(page, f"document.querySelectorAll('#queue-list .queue-row').length === 1", message="the room's queue")
    click(page, "#album-add")
    wait_for_queue(page, ["Alpha Tone"] + HLJOD_ORDER, "the album in the queue")
    assert room_state(owner, room["id"])["track"]["id"] == alpha["id"]
    js_wait(page, "window.__toasts.some(t => t === 'Added 3 tracks to the queue')", message="the batch toast")
    assert page.execute_script("return window.__toasts.filter(t => t.startsWith('Added')).length") == 1
    click(page, ".toast .toast-action")
    wait_for_queue(page, ["Alpha Tone"], "Undo emptying the queue again")
    poll_until(lambda: [c for c in owner.get("/api/channels") if c["id"] == room["id"]][0]["trackCount"], lambda n: n == 1,
               message="the server's queue back to one entry")

    # Multi-select: pick the first, Shift+click the third (a range), add the picked ones.
    boxes = page.find_elements("css selector", "#album-tracks input.tr-check")
    boxes[0].click()
    ActionChains(page).key_down(Keys.SHIFT).click(boxes[2]).key_up(Keys.SHIFT).perform()
    js_wait(page, "document.querySelector('#album-tracks-sel-add') && document.querySelector('.selection-bar .sel-count').textContent === '3 tracks selected'")
    boxes[1].click()  # and leave out the middle one
    js_wait(page, "document.querySelector('.selection-bar .sel-count').textContent === '2 tracks selected'")
    click(page, "#album-tracks-sel-add")
    wait_for_queue(page, ["Alpha Tone", HLJOD_ORDER[0], HLJOD_ORDER[2]], "the picked tracks")
    js_wait(page, "window.__toasts.includes('Added 2 tracks to the queue')")


def test_search_folds_accents_and_groups_the_results(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("seeker"))
    page.find_element("id", "library-search").send_keys("hljod")
    js_wait(page, "!!document.querySelector('#search-albums .album-card')", message="an album for 'hljod'")
    assert page.execute_script("return [...document.querySelectorAll('#search-albums .card-title')].map(t => t.textContent)") == ["Hljóð"]
    titles = page.execute_script("return [...document.querySelectorAll('#search-tracks .tr-title')].map(t => t.textContent).sort()")
    assert titles == sorted(HLJOD_ORDER)
    assert page.execute_script("return document.getElementById('search-group-artists').hidden")
    search = page.find_element("id", "library-search")
    search.clear()
    search.send_keys("sigur")
    js_wait(page, "[...document.querySelectorAll('#search-artists .artist-chip')].some(a => a.textContent === 'Sigur Test')", message="the artist")
    click(page, "#search-artists .artist-chip")
    js_wait(page, "document.getElementById('artist-name') && document.getElementById('artist-name').textContent === 'Sigur Test'")
    js_wait(page, "[...document.querySelectorAll('#artist-albums .card-title')].map(t => t.textContent).join() === 'Hljóð'")
    click(page, "#artist-albums .album-card")
    js_wait(page, "document.getElementById('album-title') && document.getElementById('album-title').textContent === 'Hljóð'")
    # The start view lists the albums added last.
    open_library_view(page, "library")
    js_wait(page, "document.querySelectorAll('#recent-albums .album-card').length === 4", message="recently added")


def test_play_next_goes_after_the_current_track_and_play_puts_it_on_for_the_room(server, browsers, make_api):
    owner = make_api("nextowner")
    tones = {t["title"]: t for t in tone_tracks(owner)}
    room = new_room(owner, [tones[n]["id"] for n in ("Alpha Tone", "Beta Tone", "Gamma Tone")])
    owner.post(f"/api/channels/{room['id']}/jump", {"index": 1})
    page = browsers()
    join(page, server.base, room["id"], "nextfan")
    js_wait(page, "document.querySelector('#queue-list .queue-row.current .tr-title').textContent === 'Beta Tone'", message="Beta playing")
    search = library_tracks(page)
    search.send_keys("Delta Tone")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(page, "#library-list .track-row button[data-act='next']")
    expected = ["Alpha Tone", "Beta Tone", "Delta Tone", "Gamma Tone"]
    wait_for_queue(page, expected, "Delta after Beta")
    assert room_state(owner, room["id"])["track"]["id"] == tones["Beta Tone"]["id"]

    # The row's primary action: in the room, for everyone — right after the playing entry, and on.
    search.clear()
    search.send_keys("Alpha Tone")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(page, "#library-list .track-row button[data-act='room']")
    poll_until(lambda: room_state(owner, room["id"]), lambda st: st["track"]["id"] == tones["Alpha Tone"]["id"] and st["currentIndex"] == 2,
               message="Alpha playing in the room, after Beta")
    wait_for_queue(page, ["Alpha Tone", "Beta Tone", "Alpha Tone", "Delta Tone", "Gamma Tone"], "the queue")
    assert page.execute_script("return document.getElementById('local-banner').hidden")


def test_media_session_and_tab_title_follow_the_playing_track(server, browsers, make_api):
    owner = make_api("mediaowner")
    tracks = library(owner)
    room = new_room(owner, [tracks["Fyrsta"]["id"], tracks["Alpha Tone"]["id"]])
    page = browsers()
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MEDIA_RECORDER})
    join(page, server.base, room["id"], "mediafan")
    js_wait(page, "navigator.mediaSession.metadata && navigator.mediaSession.metadata.title === 'Fyrsta'", message="the metadata")
    meta = page.execute_script("""const m = navigator.mediaSession.metadata;
      return { artist: m.artist, album: m.album, artwork: m.artwork.map(a => [a.src, a.sizes, a.type]) };""")
    assert meta["artist"] == "Sigur Test" and meta["album"] == "Hljóð"
    assert [a[1] for a in meta["artwork"]] == ["64x64", "128x128", "256x256", "512x512"]
    assert all("/api/covers/" + tracks["Fyrsta"]["coverId"] in a[0] and a[2] == "image/jpeg" for a in meta["artwork"])
    assert page.title == "Fyrsta · Sigur Test — Blastoise"
    js_wait(page, "navigator.mediaSession.playbackState === 'playing'")
    for name in ("play", "pause", "nexttrack", "previoustrack", "seekto"):
        assert page.execute_script(f"return typeof window.__media[{name!r}]") == "function", name
    # Covers in now playing, the queue and the phone's mini player.
    js_wait(page, "(() => { const i = document.querySelector('#np-cover img'); return i && i.complete && i.naturalWidth > 0; })()", message="now playing's cover")
    assert page.execute_script("return !!document.querySelector('#queue-list .queue-row.current .tr-cover img')")
    assert page.execute_script(f"return document.querySelector('#mini-player img').src.includes({tracks['Fyrsta']['coverId']!r})")

    # The system's "next track" is the room's Next: the room moves on, and the title with it.
    page.execute_script("window.__media.nexttrack()")
    poll_until(lambda: room_state(owner, room["id"])["track"]["id"], lambda tid: tid == tracks["Alpha Tone"]["id"], message="the room on Alpha")
    js_wait(page, "navigator.mediaSession.metadata.title === 'Alpha Tone' && document.title === 'Alpha Tone · E2E Ensemble — Blastoise'",
            message="the metadata and title of the next track")
    assert page.execute_script("return navigator.mediaSession.metadata.artwork.length") == 0  # no cover, no artwork
    page.execute_script("window.__media.pause()")
    js_wait(page, "navigator.mediaSession.playbackState === 'paused'", message="paused")
    assert room_state(owner, room["id"])["paused"] is True

    # A guest, who may not control the room, gets no handlers at all.
    guest = browsers()
    guest.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MEDIA_RECORDER})
    guest.get(server.base + "/")
    js_wait(guest, "document.getElementById('auth-guest')").click()
    js_wait(guest, "!!window.__blastoise && !!navigator.mediaSession.metadata", message="the guest's metadata")
    assert guest.execute_script("return Object.values(window.__media).every(h => h === null)")
    assert guest.title.endswith(" — Blastoise")


def test_the_phone_layout_browses_albums(server, browsers):
    phone = browsers(width=390, height=844, mobile=True)
    sign_up_in_page(phone, server.base, unique("pocket"))
    click(phone, ".phone-tab[data-tab='library']")
    open_library_view(phone, "albums")
    js_wait(phone, "document.querySelectorAll('#album-grid .album-card:not(.skeleton)').length === 4")
    click(phone, CARD.format(name="Hljóð"))
    js_wait(phone, f"document.querySelectorAll('#album-tracks .track-row').length === {len(HLJOD_ORDER)}")
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the phone layout overflows sideways ({width}px)"
    # The album's actions are on screen and reachable.
    assert phone.execute_script("const b = document.getElementById('album-add').getBoundingClientRect(); return b.right <= 390 && b.width > 0")


def test_lyrics_from_the_tags_open_from_now_playing(server, browsers, make_api):
    owner = make_api("lyricsowner")
    tracks = library(owner)
    assert tracks["Opening Number"].get("hasLyrics") is True
    room = new_room(owner, [tracks["Opening Number"]["id"]])
    page = browsers()
    join(page, server.base, room["id"], "lyricsfan")
    js_wait(page, "!document.getElementById('np-lyrics').hidden", message="the Lyrics button")
    click(page, "#np-lyrics")
    js_wait(page, "document.getElementById('lyrics-text')", message="the lyrics dialog")
    assert page.execute_script("return document.getElementById('lyrics-text').textContent") == LYRICS
    assert page.execute_script("return document.querySelectorAll('#lyrics-text b').length") == 0  # text, not markup


def test_the_artist_page_queues_their_tracks_album_by_album(server, browsers, make_api):
    owner = make_api("artistowner")
    alpha = library(owner)["Alpha Tone"]
    room = new_room(owner, [alpha["id"]])
    page = browsers()
    join(page, server.base, room["id"], "artistfan")
    artist = [t for t in owner.get("/api/library") if t["title"] == "Fyrsta"][0]["artistId"]
    page.execute_script("window.location.hash = arguments[0];", f"#/artist/{artist}")
    js_wait(page, "document.getElementById('artist-name')?.textContent === 'Sigur Test'")
    js_wait(page, "document.querySelectorAll('#queue-list .queue-row').length === 1", message="the room's queue")
    js_wait(page, "!document.getElementById('artist-add').disabled", message="the library, for the artist's tracks")
    click(page, "#artist-add")
    wait_for_queue(page, ["Alpha Tone"] + HLJOD_ORDER, "the artist's tracks in the queue")
    js_wait(page, "window.__toasts.includes('Added 3 tracks to the queue')", message="one toast for the three")
    assert page.execute_script("return window.__toasts.filter(t => t.startsWith('Added')).length") == 1
    for suffix in ("play", "next", "playlist"):
        assert page.execute_script(f"return !!document.getElementById('artist-{suffix}')"), suffix


def test_media_session_while_blocked_and_for_a_local_preview(server, browsers, make_api):
    owner = make_api("blockowner")
    tracks = library(owner)
    room = new_room(owner, [tracks["Alpha Tone"]["id"]])
    page = browsers(autoplay=False)
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MEDIA_RECORDER})
    join(page, server.base, room["id"], "blockedfan")
    # Typing and clicking counted as a user gesture; a fresh load of the page (in the same room) has none.
    page.refresh()
    js_wait(page, "!!window.__blastoise")
    # The browser waits for a click: nothing plays here, so the system shows "paused" (and a play button).
    js_wait(page, "!document.getElementById('autoplay-notice').hidden", message="the click-to-play notice")
    js_wait(page, "navigator.mediaSession.playbackState === 'paused'", message="paused while blocked")
    assert room_state(owner, room["id"])["paused"] is False  # the room plays on
    # A preview here (a click, so the browser lets it play): its own track, play and pause, no next.
    search = library_tracks(page)
    search.send_keys("Opening Number")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(page, "#library-list .track-row button[data-act='local']")
    js_wait(page, "navigator.mediaSession.metadata?.title === 'Opening Number' && navigator.mediaSession.playbackState === 'playing'",
            message="the preview in the media session")
    assert page.title == "Opening Number · Cover Band — Blastoise"
    assert page.execute_script("return window.__media.nexttrack") is None
    for name in ("play", "pause", "seekto", "previoustrack"):
        assert page.execute_script(f"return typeof window.__media[{name!r}]") == "function", name
    page.execute_script("window.__media.pause()")
    js_wait(page, "document.getElementById('player').paused && navigator.mediaSession.playbackState === 'paused'", message="the preview paused")
    assert room_state(owner, room["id"])["paused"] is False  # the preview is not the room


def test_the_albums_grid_takes_a_library_change(browsers):
    """An album that arrives while the grid is open (an upload here; a scan's next batch, with
    the covers it found, alike) shows without leaving the grid."""
    with own_server() as server:
        page = browsers()
        sign_up_in_page(page, server.base, unique("grid"))
        open_library_view(page, "albums")
        js_wait(page, "document.querySelectorAll('#album-grid .album-card:not(.skeleton)').length === 1", message="one album")
        with tempfile.TemporaryDirectory() as folder:
            path = write_track(Path(folder) / "later.wav", 3, "Later Tune", album="Arrived Later", freq=587.0)
            page.find_element(By.ID, "upload-input").send_keys(str(path))
            js_wait(page, "document.querySelector('#upload-list .upload-done')", message="the upload to finish")
        js_wait(page, "document.querySelectorAll('#album-grid .album-card:not(.skeleton)').length === 2 && "
                      f"!!document.querySelector({CARD.format(name='Arrived Later')!r})", message="the new album's card")
        assert text_of(page, "#albums-count") == "2 albums"
