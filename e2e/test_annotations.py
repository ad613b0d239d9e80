"""Per-person data in the web app: a heart on an album's page that the Favourites view then
lists (and the page shows again after a reload), and a room that counts a play for each of two
people listening, which then shows under Recently played on their start view."""

from __future__ import annotations

from conftest import new_room, unique
from helpers import GUARD, Api, click, js_wait, poll_until, sign_up_in_page, switch_room_in_page

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

    click(page, "#library-nav a[data-view='favourites']")
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
    click(page, "#library-nav a[data-view='favourites']")
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

    page = people[0][0]
    click(page, "#library-nav a[data-view='library']")
    js_wait(page, "[...document.querySelectorAll('#recent-played-albums .album-card .card-title')].map(t => t.textContent).includes('E2E Album')",
            message="Recently played on the start view")
