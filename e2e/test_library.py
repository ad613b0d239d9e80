"""The library: search, upload through the page with progress, and attacker-controlled tags
rendered as text."""

from __future__ import annotations

import tempfile
from pathlib import Path

from conftest import new_room, unique
from helpers import XSS_TITLE, js_wait, library_tracks, sign_up_in_page, switch_room_in_page, text_of, write_track
from selenium.webdriver.common.by import By


def test_upload_through_the_page(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("uploader"))
    title = unique("Uploaded Tune ")
    with tempfile.TemporaryDirectory() as folder:
        path = write_track(Path(folder) / "fresh upload.wav", 12, title, freq=611.0)
        page.find_element(By.ID, "upload-input").send_keys(str(path))
        js_wait(page, "document.querySelector('#upload-list .upload')", message="the upload row")
        js_wait(page, "document.querySelector('#upload-list .upload-done')", message="the upload to finish")
    search = library_tracks(page)
    search.send_keys(title)
    js_wait(page, "document.querySelector('#library-list .track-row')", message="the uploaded track in the library")
    assert text_of(page, "#library-list .track-row .tr-title") == title
    assert page.find_element(By.ID, "library-count").text.startswith("1 of")


def test_a_hostile_title_renders_as_text(server, browsers, make_api):
    page = browsers()
    sign_up_in_page(page, server.base, unique("xss"))
    search = library_tracks(page)
    search.send_keys("onerror")
    js_wait(page, "document.querySelector('#library-list .track-row')")
    assert text_of(page, "#library-list .track-row .tr-title") == XSS_TITLE
    # Now playing and the queue show it too, still as text.
    owner = make_api("xssowner")
    hostile = [t for t in owner.get("/api/library") if t["title"] == XSS_TITLE][0]
    room = new_room(owner, [hostile["id"]])
    js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
    switch_room_in_page(page, room["id"])
    js_wait(page, f"document.getElementById('np-title').textContent === {XSS_TITLE!r}", message="the title in now playing")
    assert text_of(page, "#queue-list .queue-row .tr-title") == XSS_TITLE
    assert page.execute_script("return typeof window.__xss") == "undefined"
    # The only pictures on the page are covers from the server (the hostile track has none).
    sources = page.execute_script("return [...document.querySelectorAll('#app img')].map(i => i.getAttribute('src'))")
    assert all(src.startswith("/api/covers/") for src in sources), sources


def test_search_matches_title_artist_album_and_file_name(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("searcher"))
    search = library_tracks(page)
    count = lambda: page.execute_script("return document.querySelectorAll('#library-list .track-row').length")  # noqa: E731
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length >= 5")
    for text, expected in (("delta", 1), ("04 delta.wav", 1), ("e2e album", None), ("ensemble tone", 4), ("zzzz", 0)):
        search.clear()
        search.send_keys(text)
        if expected is None:
            js_wait(page, "document.querySelectorAll('#library-list .track-row').length >= 5", message=text)
        else:
            js_wait(page, f"document.querySelectorAll('#library-list .track-row').length === {expected}", message=f"{text} → {expected} (got {count()})")
