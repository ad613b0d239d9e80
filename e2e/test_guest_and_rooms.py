"""A guest listens but sees no controls; rooms are created, renamed and deleted from the page."""

from __future__ import annotations

from conftest import unique
from helpers import click, js_wait, library_tracks, sign_up_in_page
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
