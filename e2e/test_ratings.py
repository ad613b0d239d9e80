"""Ratings in the web app: stars on an album's page, an artist's page, the album's track rows,
the library's Tracks view, the queue and now playing — by click (a click on the star already rated clears it) and by keys (←/→, 1–5,
0/Delete, End), kept by the server (a reload shows them again), the same on every control for an
item; guests get no stars and no error."""

from __future__ import annotations

from conftest import new_room, unique
from helpers import Api, click, js_wait, library_tracks, poll_until, sign_in_in_page, switch_room_in_page, text_of
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

PASSWORD = "password-123"
TOAST_RECORDER = """
  window.__toasts = [];
  new MutationObserver(() => {
    for (const t of document.querySelectorAll('.toast')) if (!t.dataset.seen) {
      t.dataset.seen = '1'; window.__toasts.push([t.className, t.querySelector('.toast-text').textContent]);
    }
  }).observe(document.body, { childList: true, subtree: true });
"""


def person(server, prefix: str) -> tuple[str, Api]:
    name = unique(prefix)
    api = Api(server.base)
    api.signup(name, PASSWORD)
    return name, api


def album(api: Api, name: str) -> dict:
    return [a for a in api.get("/api/albums?limit=500")["items"] if a["name"] == name][0]


def rating_of(page, css: str) -> str:
    return page.execute_script("return document.querySelector(arguments[0])?.getAttribute('aria-valuenow')", css)


def row(track_id: str) -> str:
    """A selector for the album's track row of `track_id`."""
    return f"#album-tracks .track-row[data-id='{track_id}']"


def click_star(page, control: str, value: int) -> None:
    """Moves the pointer over the control (a row's stars show on hover) and clicks star `value`.
    A list may be drawn anew between finding the star and clicking it (its annotations arrived):
    then the new one is found and clicked."""
    for attempt in range(5):
        star = js_wait(page, f"document.querySelector(\"{control} .star[data-value='{value}']\")", message=f"{control}'s stars")
        try:
            ActionChains(page).move_to_element(star).click(star).perform()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise


def test_stars_rate_an_album_its_tracks_and_an_artist(server, browsers):
    name, api = person(server, "rater")
    hljod = album(api, "Hljóð")
    fyrsta = [t for t in api.get(f"/api/albums/{hljod['id']}")["tracks"] if t["title"] == "Fyrsta"][0]
    page = browsers()
    sign_in_in_page(page, server.base, name)
    page.execute_script(TOAST_RECORDER)
    page.execute_script("window.location.hash = arguments[0];", f"#/album/{hljod['id']}")
    js_wait(page, "document.querySelectorAll('#album-tracks .track-row').length === 3", message="the album's tracks")
    stars = page.find_element("id", "album-rating")
    assert stars.get_attribute("role") == "slider"
    assert stars.get_attribute("aria-label") == "Rating of Hljóð"
    assert stars.get_attribute("aria-valuetext") == "Not rated"
    assert rating_of(page, "#album-rating") == "0"

    def album_rating():
        return api.get(f"/api/albums/{hljod['id']}")["album"].get("rating")

    # A click on the fourth star rates four; a click on it again clears the rating.
    click_star(page, "#album-rating", 4)
    poll_until(album_rating, lambda r: r == 4, message="the album rated 4")
    assert stars.get_attribute("aria-valuetext") == "4 stars"
    click_star(page, "#album-rating", 4)
    poll_until(album_rating, lambda r: r is None, message="the album's rating cleared")
    js_wait(page, "document.getElementById('album-rating').getAttribute('aria-valuetext') === 'Not rated'")

    # Keys: → twice is two; Delete clears; End is five, ← four. A run of presses settles on the last.
    stars.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    poll_until(album_rating, lambda r: r == 2, message="two stars by keys")
    stars.send_keys(Keys.DELETE)
    poll_until(album_rating, lambda r: r is None, message="Delete clears")
    stars.send_keys(Keys.END, Keys.ARROW_LEFT)
    poll_until(album_rating, lambda r: r == 4, message="End then ←")
    assert rating_of(page, "#album-rating") == "4"

    # A track's stars, in its row.
    control = row(fyrsta["id"]) + " .tr-rating"
    assert page.execute_script(f"return document.querySelector(\"{control}\").getAttribute('aria-label')") == "Rating of Fyrsta"
    click_star(page, control, 2)
    poll_until(lambda: [t.get("rating") for t in api.get(f"/api/albums/{hljod['id']}")["tracks"] if t["id"] == fyrsta["id"]],
               lambda r: r == [2], message="Fyrsta rated 2")

    # Kept by the server: after a reload the page shows both again.
    page.get(f"{server.base}/#/album/{hljod['id']}")
    js_wait(page, "document.getElementById('album-rating')?.getAttribute('aria-valuenow') === '4'", message="the album's 4 after a reload")
    js_wait(page, f"document.querySelector(\"{control}\")?.getAttribute('aria-valuenow') === '2'", message="the track's 2 after a reload")
    assert "rated" in page.execute_script("return document.querySelector(arguments[0]).className", control)

    # The artist's page: 3 typed on the stars.
    click(page, "#album-head .detail-artist")
    js_wait(page, "document.getElementById('artist-name')?.textContent === 'Sigur Test'")
    artist = page.find_element("id", "artist-rating")
    artist.send_keys("3")
    poll_until(lambda: api.get(f"/api/artists/{hljod['artistId']}")["artist"].get("rating"), lambda r: r == 3, message="the artist rated 3")
    artist.send_keys("0")
    poll_until(lambda: api.get(f"/api/artists/{hljod['artistId']}")["artist"].get("rating"), lambda r: r is None, message="0 clears")
    errors = page.execute_script("return window.__toasts.filter(([kind]) => kind.includes('toast-error'))")
    assert errors == [], errors


def test_now_playing_stars_follow_the_playing_track_and_the_rows(server, browsers):
    name, api = person(server, "nowrater")
    hljod = album(api, "Hljóð")
    tracks = {t["title"]: t for t in api.get("/api/library")}
    fyrsta, alpha = tracks["Fyrsta"], tracks["Alpha Tone"]
    api.request("PUT", f"/api/ratings/tracks/{fyrsta['id']}", {"rating": 2})
    room = new_room(api, [fyrsta["id"], alpha["id"]])
    page = browsers()
    sign_in_in_page(page, server.base, name)
    js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(page, room["id"])
    # The room's track carries no rating: now playing learns it from the track's album.
    js_wait(page, "document.getElementById('np-rating').getAttribute('aria-valuenow') === '2'", message="now playing's 2")
    assert page.find_element("id", "np-rating").get_attribute("aria-label") == "Rating of Fyrsta"
    assert page.find_element("id", "np-favourite").get_attribute("aria-pressed") == "false"

    # Rated and made a favourite in the album's row: now playing shows the same at once.
    page.execute_script("window.location.hash = arguments[0];", f"#/album/{hljod['id']}")
    control = row(fyrsta["id"]) + " .tr-rating"
    js_wait(page, f"document.querySelector(\"{control}\")?.getAttribute('aria-valuenow') === '2'", message="the row's 2")
    click_star(page, control, 5)
    js_wait(page, "document.getElementById('np-rating').getAttribute('aria-valuenow') === '5'", message="now playing's 5")
    click(page, row(fyrsta["id"]) + " button[data-act='fav']")
    js_wait(page, "document.getElementById('np-favourite').getAttribute('aria-pressed') === 'true'", message="now playing's heart")

    # Rated from now playing: the row follows, and the server keeps it.
    page.find_element("id", "np-rating").send_keys("1")
    js_wait(page, f"document.querySelector(\"{control}\").getAttribute('aria-valuenow') === '1'", message="the row's 1")
    poll_until(lambda: [t.get("rating") for t in api.get(f"/api/albums/{hljod['id']}")["tracks"] if t["id"] == fyrsta["id"]],
               lambda r: r == [1], message="Fyrsta rated 1")

    # The next track has no rating of its own.
    api.post(f"/api/channels/{room['id']}/jump", {"index": 1})
    js_wait(page, "document.getElementById('np-rating').getAttribute('aria-label') === 'Rating of Alpha Tone'", message="Alpha's stars")
    assert rating_of(page, "#np-rating") == "0"
    assert page.find_element("id", "np-favourite").get_attribute("aria-pressed") == "false"


def test_a_star_and_a_heart_given_in_the_tracks_view_show_in_the_queue(server, browsers):
    """The library's and the queue's tracks carry no annotations: the page shows this person's,
    read once, and keeps them in step."""
    name, api = person(server, "tracksrater")
    tracks = {t["title"]: t for t in api.get("/api/library")}
    fyrsta, alpha = tracks["Fyrsta"], tracks["Alpha Tone"]
    api.request("PUT", f"/api/ratings/tracks/{alpha['id']}", {"rating": 3})  # given elsewhere, before
    room = new_room(api, [alpha["id"], fyrsta["id"]])
    page = browsers()
    sign_in_in_page(page, server.base, name)
    page.execute_script(TOAST_RECORDER)
    js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(page, room["id"])
    queued = lambda track_id: f"#queue-list .queue-row[data-id='{track_id}']"  # noqa: E731
    js_wait(page, f"document.querySelector(\"{queued(alpha['id'])} .tr-rating\")?.getAttribute('aria-valuenow') === '3'",
            message="the queue shows Alpha's 3 from before")
    assert rating_of(page, f"{queued(fyrsta['id'])} .tr-rating") == "0"

    search = library_tracks(page)
    search.send_keys("Fyrsta")
    in_tracks = "#library-list .track-row"
    js_wait(page, f"document.querySelectorAll('{in_tracks}').length === 1", message="Fyrsta alone in the Tracks view")
    assert rating_of(page, f"{in_tracks} .tr-rating") == "0"
    click_star(page, f"{in_tracks} .tr-rating", 4)
    click(page, f"{in_tracks} button[data-act='fav']")
    poll_until(lambda: api.get("/api/annotations/tracks").get(fyrsta["id"]), lambda a: a == {"favourite": True, "rating": 4},
               message="Fyrsta rated 4 and a favourite")

    # The queue's row of the same track shows both, and so does it when drawn anew (a reload
    # reads them from the server).
    js_wait(page, f"document.querySelector(\"{queued(fyrsta['id'])} .tr-rating\").getAttribute('aria-valuenow') === '4'",
            message="the queue's 4")
    js_wait(page, f"document.querySelector(\"{queued(fyrsta['id'])} button[data-act='fav']\").getAttribute('aria-pressed') === 'true'",
            message="the queue's heart")
    page.refresh()
    js_wait(page, f"document.querySelector(\"{queued(fyrsta['id'])} .tr-rating\")?.getAttribute('aria-valuenow') === '4'",
            message="the queue's 4 after a reload")
    assert page.execute_script(f"return document.querySelector(\"{queued(fyrsta['id'])} button[data-act='fav']\").getAttribute('aria-pressed')") == "true"
    errors = page.execute_script("return window.__toasts?.filter(([kind]) => kind.includes('toast-error')) || []")
    assert errors == [], errors


def test_guests_get_no_stars_and_no_error(server, browsers):
    probe = Api(server.base)
    probe.signup(unique("ratingprobe"), PASSWORD)
    hljod = album(probe, "Hljóð")
    guest = browsers()
    guest.get(server.base + "/")
    js_wait(guest, "document.getElementById('auth-guest')").click()
    js_wait(guest, "!!window.__blastoise")
    guest.execute_script(TOAST_RECORDER)
    guest.execute_script("window.location.hash = arguments[0];", f"#/album/{hljod['id']}")
    js_wait(guest, "document.querySelectorAll('#album-tracks .track-row').length === 3", message="the album for a guest")
    assert text_of(guest, "#album-title") == "Hljóð"
    click(guest, "#album-head .detail-artist")
    js_wait(guest, "document.getElementById('artist-name')?.textContent === 'Sigur Test'")
    assert guest.execute_script("return document.querySelectorAll('.rating, .heart').length") == 0
    assert guest.execute_script("return !document.getElementById('np-rating')")
    # The server refuses guests' ratings; the page never asked, so it never showed an error.
    status = guest.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/api/ratings/albums/' + encodeURIComponent(arguments[0]), { method: 'PUT', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rating: 3 }) }).then(r => done(r.status));
    """, hljod["id"])
    assert status == 403
    assert guest.execute_script("return window.__toasts") == []
