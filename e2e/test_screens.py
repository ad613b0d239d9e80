"""Screenshots at 1280×800 and 390×844 (saved to e2e/screenshots/ for a person to look at): the
app, the sync meter, playlists and the library's views (albums, an album with stars, an artist);
the security headers on the page, and no console errors (CSP violations included)."""

from __future__ import annotations

import time
import urllib.request

from conftest import new_room, tone_tracks, unique
from helpers import (SCREENSHOTS, Api, click, console_errors, js_wait, open_library_view, own_server, poll_until, set_viewport,
                     sign_in_in_page, sign_up_in_page, switch_room_in_page, write_track)


def test_the_page_is_served_with_a_strict_content_security_policy(server):
    with urllib.request.urlopen(server.base + "/") as response:
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "object-src 'none'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
    with urllib.request.urlopen(server.base + "/js/main.js") as response:
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert "Content-Security-Policy" in response.headers


def test_screenshots_desktop_and_phone(server, browsers, make_api):
    SCREENSHOTS.mkdir(exist_ok=True)
    owner = make_api("shots")
    tracks = tone_tracks(owner)
    room = new_room(owner, [t["id"] for t in tracks], name="Friday Night")

    desk = browsers()
    desk.get(server.base + "/")
    js_wait(desk, "document.getElementById('auth-form')")
    desk.save_screenshot(str(SCREENSHOTS / "desktop-auth.png"))
    sign_up_in_page(desk, server.base, unique("Maya"))
    with_playlists = _has_playlists(owner)
    if with_playlists:
        desk.execute_async_script("""
          const [ids, done] = [arguments[0], arguments[arguments.length - 1]];
          const post = (url, method, body) => fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(r => r.json());
          post('/api/playlists', 'POST', { name: 'Road Trip', description: 'Long drives, loud tones' })
            .then(p => post('/api/playlists/' + p.id + '/tracks', 'PATCH', { add: ids })).then(done);
        """, [t["id"] for t in tracks][:3])
        desk.refresh()
        js_wait(desk, "!!window.__blastoise")
    js_wait(desk, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(desk, room["id"])
    js_wait(desk, "window.__blastoise.syncInfo().phase === 'playing'")
    time.sleep(2.5)  # for the picture: the sync meter settles
    desk.save_screenshot(str(SCREENSHOTS / "desktop-app.png"))
    # Beside the player the queue is narrow: every row keeps room for its title (stars give way).
    widths = desk.execute_script("return [...document.querySelectorAll('#queue-list .queue-row .tr-title')].map(t => t.clientWidth)")
    assert widths and min(widths) >= 80, f"queue titles squeezed to {widths} px"
    click(desk, ".sync-meter")
    time.sleep(0.4)
    desk.save_screenshot(str(SCREENSHOTS / "desktop-sync-meter.png"))
    click(desk, ".sync-meter")
    click(desk, ".center-tab[data-tab='playlists']")
    if with_playlists:
        click(desk, "#playlists-mine .pl-item")
        js_wait(desk, "document.querySelectorAll('#playlist-detail .pl-row').length === 3")
    time.sleep(0.3)
    desk.save_screenshot(str(SCREENSHOTS / "desktop-playlists.png"))
    assert console_errors(desk) == []

    phone = browsers(width=390, height=844, mobile=True)
    set_viewport(phone, 390, 844, mobile=True)
    sign_up_in_page(phone, server.base, unique("Ola"))
    js_wait(phone, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(phone, room["id"])
    js_wait(phone, "window.__blastoise.syncInfo().phase === 'playing'")
    click(phone, ".phone-tab[data-tab='playing']")
    time.sleep(1.5)
    phone.save_screenshot(str(SCREENSHOTS / "phone-playing.png"))
    shown = "document.getElementById('pane-{}').getClientRects().length > 0"
    for tab in ("rooms", "library", "queue", "playlists"):
        click(phone, f".phone-tab[data-tab='{tab}']")
        # One pane at a time: the tab's pane shows, the rooms pane only on its own tab.
        js_wait(phone, shown.format(tab) + ("" if tab == "rooms" else " && !" + shown.format("rooms")),
                message=f"the {tab} pane alone")
        time.sleep(0.4)  # let the pane settle for the picture
        phone.save_screenshot(str(SCREENSHOTS / f"phone-{tab}.png"))
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the phone layout overflows sideways ({width}px)"
    assert console_errors(phone) == []


def test_screenshots_of_the_library(server, browsers):
    SCREENSHOTS.mkdir(exist_ok=True)
    name = unique("Noor")
    api = Api(server.base)
    api.signup(name, "password-123")
    # The scan finds covers after the tracks: the pictures are taken once two albums have theirs
    # (a page opened before shows placeholders until it reads the albums again).
    albums = poll_until(lambda: {a["name"]: a for a in api.get("/api/albums?limit=500")["items"]},
                        lambda found: sum(1 for a in found.values() if a.get("coverId")) >= 2,
                        message="two albums' covers found by the scan")
    hljod = albums["Hljóð"]
    fyrsta = [t for t in api.get(f"/api/albums/{hljod['id']}")["tracks"] if t["title"] == "Fyrsta"][0]
    api.request("PUT", f"/api/ratings/albums/{hljod['id']}", {"rating": 4})
    api.request("PUT", f"/api/ratings/tracks/{fyrsta['id']}", {"rating": 5})
    api.request("PUT", f"/api/favourites/albums/{hljod['id']}")
    room = new_room(api, [fyrsta["id"]], name="Sunday Morning")

    desk = browsers()
    sign_in_in_page(desk, server.base, name)
    js_wait(desk, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(desk, room["id"])
    open_library_view(desk, "albums")
    js_wait(desk, "[...document.querySelectorAll('#album-grid .album-card img')].filter(i => i.complete && i.naturalWidth > 0).length >= 2",
            message="the grid's covers")
    desk.save_screenshot(str(SCREENSHOTS / "desktop-albums.png"))
    desk.execute_script("window.location.hash = arguments[0];", f"#/album/{hljod['id']}")
    js_wait(desk, "document.getElementById('album-rating')?.getAttribute('aria-valuenow') === '4' && "
                  "document.querySelectorAll('#album-tracks .track-row').length === 3")
    js_wait(desk, "document.getElementById('np-rating').getAttribute('aria-valuenow') === '5'", message="now playing's stars")
    js_wait(desk, "(() => { const i = document.querySelector('#album-head .detail-cover img'); return i && i.complete && i.naturalWidth > 0; })()")
    desk.save_screenshot(str(SCREENSHOTS / "desktop-album.png"))
    click(desk, "#album-head .detail-artist")
    js_wait(desk, "document.getElementById('artist-name')?.textContent === 'Sigur Test'")
    js_wait(desk, "(() => { const i = document.querySelector('#artist-albums img'); return i && i.complete && i.naturalWidth > 0; })()")
    desk.save_screenshot(str(SCREENSHOTS / "desktop-artist.png"))
    assert console_errors(desk) == []

    phone = browsers(width=390, height=844, mobile=True)
    sign_in_in_page(phone, server.base, name)
    js_wait(phone, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(phone, room["id"])
    click(phone, ".phone-tab[data-tab='library']")
    phone.execute_script("window.location.hash = arguments[0];", f"#/album/{hljod['id']}")
    js_wait(phone, "document.querySelectorAll('#album-tracks .track-row').length === 3")
    js_wait(phone, "(() => { const i = document.querySelector('#mini-player img'); return i && i.complete && i.naturalWidth > 0; })()",
            message="the mini player's cover")
    time.sleep(0.4)  # let the pane settle for the picture
    phone.save_screenshot(str(SCREENSHOTS / "phone-album.png"))
    click(phone, ".phone-tab[data-tab='playing']")
    js_wait(phone, "document.getElementById('np-rating').getAttribute('aria-valuenow') === '5'", message="now playing's stars")
    time.sleep(0.4)
    phone.save_screenshot(str(SCREENSHOTS / "phone-playing-stars.png"))
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the phone layout overflows sideways ({width}px)"
    assert console_errors(phone) == []


CUT_TITLES = ("return [...document.querySelectorAll('#album-grid .card-title')]"
              ".filter(t => t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)"
              ".map(t => t.textContent);")


def test_album_names_are_not_cut_on_a_phone(browsers):
    long_name = "The Considerably Long Album Title of Summer"
    with own_server() as server:
        write_track(server.music / "20 Long.wav", 2, "Long One", album=long_name)
        admin = Api(server.base)
        admin.login("e2e-probe-admin", "probe-password-1")
        admin.post("/api/library/scan")
        phone = browsers(width=390, height=844, mobile=True)
        sign_in_in_page(phone, server.base, "e2e-probe-admin", "probe-password-1")
        click(phone, ".phone-tab[data-tab='library']")
        phone.execute_script("window.location.hash = '#/albums'")
        js_wait(phone, f"[...document.querySelectorAll('#album-grid .card-title')].some(t => t.textContent === '{long_name}')",
                message="the long album's card")
        assert phone.execute_script(CUT_TITLES) == []
        time.sleep(0.4)
        phone.save_screenshot(str(SCREENSHOTS / "phone-albums.png"))


def _has_playlists(api) -> bool:
    try:
        api.get("/api/playlists")
        return True
    except Exception:  # noqa: BLE001
        return False
