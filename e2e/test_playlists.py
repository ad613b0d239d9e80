"""Playlists: create, add a track, share; a second user opens the link and copies it."""

from __future__ import annotations

import pytest
from conftest import unique
from helpers import Api, ApiError, click, js_wait, library_tracks, sign_up_in_page, text_of
from selenium.webdriver.common.by import By


def playlists_available(server) -> bool:
    api = Api(server.base)
    api.signup(unique("plprobe"), "password-123")
    try:
        api.get("/api/playlists")
        return True
    except ApiError as error:
        if error.status == 404:
            return False
        raise


def test_a_shared_playlist_link_is_opened_and_copied(server, browsers):
    if not playlists_available(server):
        pytest.skip("the server has no /api/playlists routes yet")
    a = browsers()
    sign_up_in_page(a, server.base, unique("sharer"))
    name = unique("Mix ")
    a.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='playlists']").click()
    a.find_element(By.ID, "new-playlist").click()
    dialog = js_wait(a, "document.querySelector('dialog[open]')")
    dialog.find_element(By.NAME, "name").send_keys(name)
    dialog.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    js_wait(a, f"document.getElementById('pl-name') && document.getElementById('pl-name').textContent === {name!r}")

    # Add a track from the library with the row's playlist button.
    a.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='library']").click()
    search = library_tracks(a)
    search.send_keys("Alpha")
    js_wait(a, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(a, "#library-list .track-row button[data-act='playlist']")
    picker = js_wait(a, "document.querySelector('dialog[open]')")
    [b for b in picker.find_elements(By.CSS_SELECTOR, ".pl-item") if b.text.startswith(name)][0].click()
    a.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='playlists']").click()
    js_wait(a, "document.querySelectorAll('#playlist-detail .pl-row').length === 1", message="the track in the playlist")

    a.find_element(By.ID, "pl-share").click()
    link = js_wait(a, "document.getElementById('pl-share-link') && document.getElementById('pl-share-link').value")
    assert "#/shared/" in link
    # The whole link shows: nothing of it scrolls out of its box.
    assert a.execute_script("const t = document.getElementById('pl-share-link');"
                            "return t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight + 1")
    # A copy that fails says so, and leaves the link selected to copy by hand.
    a.execute_script("navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));"
                     "document.execCommand = () => false;")
    click(a, "#pl-copy-link")
    js_wait(a, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent.startsWith('Could not copy'))",
            message="the copy failure said")
    assert a.execute_script("const t = document.getElementById('pl-share-link');"
                            "return t.selectionStart === 0 && t.selectionEnd === t.value.length")

    b = browsers()
    sign_up_in_page(b, server.base, unique("receiver"))
    b.get(link)
    js_wait(b, "!!window.__blastoise")
    js_wait(b, f"document.getElementById('pl-name') && document.getElementById('pl-name').textContent === {name!r}", message="the shared playlist")
    assert text_of(b, "#playlist-detail .pl-row .tr-title") == "Alpha Tone"
    b.find_element(By.ID, "pl-copy-shared").click()
    js_wait(b, f"[...document.querySelectorAll('#playlists-mine .pl-item-name')].some(n => n.textContent === {name!r})", message="the copy among mine")
    mine = b.execute_async_script("const done = arguments[arguments.length - 1]; fetch('/api/playlists').then(r => r.json()).then(done);")["mine"]
    copy = [p for p in mine if p["name"] == name]
    assert copy and len(copy[0]["trackIds"]) == 1

    # Revoking the link makes it stop working.
    a.find_element(By.ID, "pl-revoke").click()
    js_wait(a, "document.getElementById('dialog-confirm')").click()
    js_wait(a, "!document.getElementById('pl-share-link')", message="the link to go")
