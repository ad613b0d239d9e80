"""A guest listens but sees no controls; rooms are created, renamed and deleted from the page; a
room's card says what plays there (title, artist, cover, paused) and who listens."""

from __future__ import annotations

from conftest import new_room, unique
from helpers import Api, click, js_wait, library_tracks, sign_in_in_page, sign_up_in_page, switch_room_in_page
from selenium.webdriver.common.by import By


def visible(page, selector: str) -> bool:
    return page.execute_script(
        "const el = document.querySelector(arguments[0]); return !!el && el.getClientRects().length > 0;", selector)


def test_a_guest_listens_and_sees_no_controls(server, browsers):
    page = browsers()
    page.get(server.base + "/")
    js_wait(page, "document.getElementById('auth-guest')").click()
    js_wait(page, "!!window.__blastoise")
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", message="a guest hears the room")
    library_tracks(page)
    js_wait(page, "document.querySelector('#library-list .track-row')", message="the library's tracks")
    for selector in ("#np-play", "#np-prev", "#np-next", "#np-back15", "#np-fwd15", "#np-mode", "#upload-button",
                     "#new-room", "#queue-clear", "#queue-list .grip", "#queue-list button[data-act='remove']",
                     "#queue-list button[data-act='jump']", "#library-list button[data-act='add']",
                     "#library-list button[data-act='next']", "#library-list button[data-act='room']",
                     "#library-list button[data-act='playlist']", "#new-playlist"):
        assert not visible(page, selector), f"a guest sees {selector}"
    assert visible(page, "#queue-readonly")
    assert visible(page, "#library-list button[data-act='local']"), "a guest can still play a track here, not synced"
    assert visible(page, "#guest-note")
    assert page.find_element(By.ID, "np-seek").get_attribute("disabled") is not None
    assert "guest" in page.find_element(By.ID, "account-button").text.lower()
    # Space does not pause the room for everyone: the page says why, and the room plays on.
    page.execute_script("""
      window.__toasts = [];
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('.toast-text')) if (!window.__toasts.includes(t.textContent)) window.__toasts.push(t.textContent);
      }).observe(document.body, { childList: true, subtree: true });
    """)
    page.find_element(By.TAG_NAME, "body").send_keys(" ")
    js_wait(page, "window.__toasts.some(t => t.startsWith('Guests cannot'))", message="the guest notice")
    assert not page.execute_script("return window.__blastoise.syncInfo().paused")
    room = page.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/api/channels/' + encodeURIComponent(window.__blastoise.syncInfo().channelId)).then(r => r.json()).then(done);
    """)
    assert room["paused"] is False


def test_rooms_are_created_renamed_and_deleted(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("roomy"))
    js_wait(page, "window.__blastoise.syncInfo().channelId !== null")
    name = unique("Den ")
    page.find_element(By.ID, "new-room").click()
    dialog = js_wait(page, "document.querySelector('dialog[open]')")
    dialog.find_element(By.NAME, "name").send_keys(name)
    dialog.find_element(By.NAME, "description").send_keys("Quiet corner")
    dialog.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    room = js_wait(page, "[...document.querySelectorAll('#room-list li.active')].find(li => li.querySelector('.room-title').textContent === arguments_name)".replace("arguments_name", repr(name)), message="the new room, joined")
    room_id = room.get_attribute("data-id")
    js_wait(page, f"window.__blastoise.syncInfo().channelId === {room_id!r}")

    click(page, f"#room-list li[data-id='{room_id}'] button[aria-label^='Rename']")
    dialog = js_wait(page, "document.querySelector('dialog[open]')")
    field = dialog.find_element(By.NAME, "name")
    field.clear()
    field.send_keys(name + " renamed")
    dialog.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    js_wait(page, f"document.querySelector(\"#room-list li[data-id='{room_id}'] .room-title\").textContent === {name + ' renamed'!r}", message="the rename")

    click(page, f"#room-list li[data-id='{room_id}'] button[aria-label^='Delete']")
    js_wait(page, "document.getElementById('dialog-confirm')").click()
    js_wait(page, f"!document.querySelector(\"#room-list li[data-id='{room_id}']\")", message="the deletion")
    # Listeners of a deleted room move to the main room.
    js_wait(page, "document.querySelector('#room-list li.active .badge') && document.querySelector('#room-list li.active .badge').textContent === 'main'", message="back in the main room")


def test_a_rooms_card_shows_what_plays_there_and_who_listens(server, browsers):
    owner_name = unique("cardowner")
    owner = Api(server.base)
    owner.signup(owner_name, "password-123")
    library = owner.get("/api/library")
    covered = next(t for t in library if t["title"] == "Fyrsta")  # Hljóð: its cover is in the file
    plain = next(t for t in library if t["title"] == "Alpha Tone")  # a WAV without a cover
    assert covered.get("coverId") and not plain.get("coverId")
    room = new_room(owner, [covered["id"], plain["id"]])
    room_id = room["id"]
    playing = f"#room-list li[data-id='{room_id}'] .room-playing"

    # Someone in another room sees the card; the owner and a friend listen in the room.
    watcher = browsers()
    sign_up_in_page(watcher, server.base, unique("cardwatcher"))
    owner_page, friend = browsers(), browsers()
    sign_in_in_page(owner_page, server.base, owner_name)
    friend_name = unique("cardfriend")
    sign_up_in_page(friend, server.base, friend_name)
    for page in [owner_page, friend]:
        js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room_id}']\")")
        switch_room_in_page(page, room_id)
    assert watcher.execute_script("return window.__blastoise.syncInfo().channelId") != room_id

    js_wait(watcher, f"document.querySelector(\"{playing} .room-playing-text\")?.textContent === 'Fyrsta — Sigur Test'",
            message="the playing track on the card")
    js_wait(watcher, f"!!document.querySelector(\"{playing} .room-playing-cover.has-cover img\")?.complete", message="the track's cover")
    src = watcher.execute_script(f"return document.querySelector(\"{playing} .room-playing-cover img\").src")
    assert f"/api/covers/{covered['coverId']}" in src, src
    assert watcher.execute_script(f"return document.querySelector(\"{playing} .room-playing-cover img\").naturalWidth") > 0
    meta = f"#room-list li[data-id='{room_id}']"
    js_wait(watcher, f"document.querySelector(\"{meta} .listeners\").textContent === '2 listeners'", message="two listeners")
    people = watcher.execute_script(f"return document.querySelector(\"{meta} .room-people\").textContent")
    assert sorted(people.split(", ")) == sorted([owner_name, friend_name]), people

    # The owner pauses: the card says so.
    js_wait(owner_page, "!document.getElementById('np-play').disabled && document.getElementById('np-play').dataset.state === 'pause'",
            message="the owner's pause button")
    owner_page.execute_script("document.getElementById('np-play').click()")
    js_wait(watcher, f"document.querySelector(\"{playing} .room-playing-text\")?.textContent === 'Fyrsta — Sigur Test (paused)'",
            message="paused on the card")

    # The next track has no cover: the card shows the placeholder, and still says paused.
    owner_page.execute_script("document.getElementById('np-next').click()")
    js_wait(watcher, f"document.querySelector(\"{playing} .room-playing-text\")?.textContent === 'Alpha Tone — E2E Ensemble (paused)'",
            message="the next track on the card")
    assert watcher.execute_script(f"""const c = document.querySelector("{playing} .room-playing-cover");
        return !c.classList.contains('has-cover') && !c.querySelector('img') && !!c.querySelector('svg')""")

    # Played again: no longer paused.
    owner_page.execute_script("document.getElementById('np-play').click()")
    js_wait(watcher, f"document.querySelector(\"{playing} .room-playing-text\")?.textContent === 'Alpha Tone — E2E Ensemble'",
            message="playing again on the card")
