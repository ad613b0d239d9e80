"""Screenshots at 1280×800 and 390×844 (saved to e2e/screenshots/ for a person to look at), the
security headers on the page, and no console errors (CSP violations included)."""

from __future__ import annotations

import time
import urllib.request

from conftest import new_room, tone_tracks, unique
from helpers import SCREENSHOTS, click, console_errors, js_wait, set_viewport, sign_up_in_page, switch_room_in_page


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


def _has_playlists(api) -> bool:
    try:
        api.get("/api/playlists")
        return True
    except Exception:  # noqa: BLE001
        return False
