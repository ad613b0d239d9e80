"""The native bridge end to end on Linux (docs/native-bridge.md): Chromium loads the real web app
with a stand-in for iOS's `webkit.messageHandlers.blastoise` that relays to `blastoise bridge-host`,
a real host process playing through libmpv (`--audio-output null`). The page's controls drive the
native player, the native player's time drives the page, a room stays in step with the host playing
it, a book's position written by the host survives the page being reloaded with an older one, and a
book's next file plays on the host while the page sleeps."""

from __future__ import annotations

import re
import subprocess
import time
from urllib.parse import quote

import pytest
from conftest import unique
from helpers import GUARD, Server, _ffmpeg, click, js_wait, library_tracks, poll_until, server_binary, sign_up_in_page
from test_books import PROGRESS_JS, serving_books

# What the iOS app installs before the page runs, here a WebSocket to the host process: page →
# host messages go out in order (queued until the socket is open), host → page messages go to
# `window.blastoiseNative.on`. Both directions are kept for the test to read. `__sleep()` holds
# the host's messages back as a locked phone's suspended page would, `__wake()` hands them over.
SHIM = """
(() => {
  const socket = new WebSocket("ws://127.0.0.1:%d/bridge");
  const waiting = [];
  const held = [];
  let asleep = false;
  window.__bridgeOut = [];
  window.__bridgeIn = [];
  window.__sleep = () => { asleep = true; };
  window.__wake = () => {
    asleep = false;
    for (const message of held.splice(0)) window.blastoiseNative?.on(message);
  };
  socket.onopen = () => { for (const text of waiting.splice(0)) socket.send(text); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    window.__bridgeIn.push(message);
    if (asleep) held.push(message);
    else if (window.blastoiseNative) window.blastoiseNative.on(message);
  };
  window.webkit = { messageHandlers: { blastoise: { postMessage(message) {
    window.__bridgeOut.push(message);
    const text = JSON.stringify(message);
    if (socket.readyState === 1) socket.send(text); else waiting.push(text);
  } } } };
})();
"""


@pytest.fixture(scope="module")
def bridge_server():
    yield from serving_books(music=True)


@pytest.fixture()
def bridge_host(bridge_server):
    """`blastoise bridge-host` for the server's page; its port."""
    yield from start_bridge_host(bridge_server)


@pytest.fixture()
def photo_host(bridge_server):
    """`bridge-host` whose phone photos are a folder of two pictures; its port."""
    photos = bridge_server.root / f"phone-{time.monotonic_ns()}"
    photos.mkdir()
    for hue in (0, 120):
        _ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240", "-vf", f"hue=h={hue}", "-frames:v", "1",
                 str(photos / f"IMG_{hue:04d}.jpg")])
    yield from start_bridge_host(bridge_server, ["--photos", str(photos), "--device", "test-phone"])


def start_bridge_host(server: Server, extra: list[str] = ()):
    log = server.root / f"bridge-host-{time.monotonic_ns()}.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([str(server_binary()), "bridge-host", server.base, "--audio-output", "null", *extra],
                                   stdout=output, stderr=output, stdin=subprocess.DEVNULL)
    try:
        port = poll_until(lambda: re.findall(r"listening on ws://127\.0\.0\.1:(\d+)/bridge", log.read_text()),
                          lambda found: found or process.poll() is not None, message="the bridge host listening")
        assert port, log.read_text()
        yield int(port[0])
    finally:
        process.terminate()
        try:
            process.wait(GUARD)
        except subprocess.TimeoutExpired:
            process.kill()


def native_page(browsers, server: Server, port: int):
    """A signed-in page of the app whose audio is the host's (the stand-in installed, then a
    reload, so the host's socket carries the session cookie as the app's cookie bridge would)."""
    page = browsers()
    sign_up_in_page(page, server.base, unique("phone"))
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIM % port})
    page.refresh()
    js_wait(page, "!!window.__blastoise && window.__bridgeOut?.[0]?.t === 'ready'", message="the page's ready to the host")
    return page


def last_in(page, kind: str):
    return page.execute_script("return [...window.__bridgeIn].reverse().find(m => m.t === arguments[0]) || null;", kind)


def test_a_room_keeps_in_step_with_the_host_playing_it(bridge_server, bridge_host, browsers):
    page = native_page(browsers, bridge_server, bridge_host)
    room = js_wait(page, "window.__bridgeOut.find(m => m.t === 'follow-room')", message="the room handed to the host")
    state = poll_until(lambda: last_in(page, "room"),
                       lambda m: m and m["state"]["connection"] == "connected" and m["state"]["playing"]
                       and m["state"]["driftMs"] is not None and abs(m["state"]["driftMs"]) < 100,
                       message="the host in step with the room")["state"]
    assert state["roomId"] == room["roomId"]
    # The page plays nothing itself; its meter shows the host's drift, and the phase is the host's.
    assert page.execute_script("return document.getElementById('player').paused")
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing' && window.__blastoise.syncInfo().drift !== null",
            message="the meter on the host's numbers")
    # The page's pause (a room action over its own socket) reaches the host's player.
    click(page, "#np-play")
    poll_until(lambda: last_in(page, "room"), lambda m: m["state"]["paused"] and not m["state"]["playing"],
               message="the host paused with the room")
    # Playing a track on this phone alone: the host leaves the room and plays it.
    search = library_tracks(page)
    search.send_keys("Beta Tone")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(page, "#library-list .track-row button[data-act='local']")
    js_wait(page, "window.__bridgeOut.some(m => m.t === 'leave-room')", message="the room left")
    load = js_wait(page, "window.__bridgeOut.find(m => m.t === 'load')", message="the track loaded on the host")
    assert load["title"] == "Beta Tone" and load["kind"] == "music" and "/api/tracks/" in load["url"]


def test_the_pages_controls_drive_the_native_player_and_its_time_drives_the_page(bridge_server, bridge_host, browsers):
    page = native_page(browsers, bridge_server, bridge_host)
    search = library_tracks(page)
    search.send_keys("Alpha Tone")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(page, "#library-list .track-row button[data-act='local']")
    js_wait(page, "window.__bridgeIn.some(m => m.t === 'state' && m.playing)", message="the host playing")
    # The host's time, not an <audio> element's, moves the page's clock and its seek bar.
    poll_until(lambda: last_in(page, "time"), lambda m: m and m["cur"] > 1.5, message="the host's time past 1.5 s")
    assert page.execute_script("return document.getElementById('player').paused"), "the <audio> element played"
    js_wait(page, "document.getElementById('np-elapsed')?.textContent !== '0:00'", message="the elapsed time shown")
    click(page, "#np-play")
    js_wait(page, "window.__bridgeOut.some(m => m.t === 'pause')", message="pause to the host")
    paused = poll_until(lambda: last_in(page, "state"), lambda m: m and not m["playing"], message="the host paused")
    assert paused
    held = last_in(page, "time")["cur"]
    time.sleep(0.5)
    assert abs(last_in(page, "time")["cur"] - held) < 0.05
    assert page.execute_script("return window.__bridgeIn.every(m => m.t !== 'error')"), last_in(page, "error")


def test_a_books_position_written_by_the_host_survives_a_reload_with_an_older_one(bridge_server, bridge_host, browsers):
    page = native_page(browsers, bridge_server, bridge_host)
    book_id = open_book(page)
    load = js_wait(page, "window.__bridgeOut.find(m => m.t === 'load' && m.kind === 'book')", message="the book on the host")
    assert load["progress"]["kind"] == "books" and load["progress"]["id"] == book_id
    poll_until(lambda: last_in(page, "time"), lambda m: m and m["cur"] > 2, message="the host 2 s into the book")
    click(page, "#np-play")
    saved = poll_until(lambda: page.execute_async_script(PROGRESS_JS, book_id),
                       lambda p: p is not None and p["position"] >= 2, message="the host's write on pause")
    # The page never wrote a position itself: it asked the host to.
    assert page.execute_script("return window.__bridgeOut.some(m => m.t === 'save')")
    # A page that slept writes an older place with an older time as it reloads: the host's stays.
    page.execute_script("""
        fetch('/api/progress/books/' + encodeURIComponent(arguments[0]), {method: 'PUT',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({position: 0.5, at: Date.now() - 60000})});""", book_id)
    page.refresh()
    js_wait(page, "!!window.__blastoise", message="the app after a reload")
    after = page.execute_async_script(PROGRESS_JS, book_id)
    assert abs(after["position"] - saved["position"]) < 0.01, (saved, after)


def test_the_photo_backup_card_backs_this_phone_up(bridge_server, photo_host, browsers):
    page = native_page(browsers, bridge_server, photo_host)
    click(page, "#account-button")
    click(page, "#open-photo-backup")
    js_wait(page, "document.getElementById('phone-backup-status')?.textContent === 'Off.'", message="this phone's backup, off")
    click(page, "#phone-backup-on")
    js_wait(page, "document.getElementById('phone-backup-status')?.textContent.startsWith('Backed up: 2 of 2')",
            message="the phone's two pictures backed up")
    sent = page.execute_script("return window.__bridgeOut.find(m => m.t === 'backup')")
    assert sent["enabled"] is True and sent["wifiOnly"] is True
    # On the server, as the person's photos from that device.
    status = page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/photos/backup/status').then(r => r.json()).then(done, () => done(null));""")
    assert [(d["name"], d["photos"]) for d in status["devices"]] == [("test-phone", 2)], status
    # Off again: the card says so, and the phone keeps the choice.
    click(page, "#phone-backup-on")
    js_wait(page, "document.getElementById('phone-backup-status')?.textContent === 'Off.'", message="off again")


def open_book(page) -> str:
    """Opens the two-part book's page and plays it; its ID."""
    page.execute_script("window.location.hash = '#/books';")
    js_wait(page, "!!document.querySelector('#book-list .book-link')", message="the book in the list")
    book_id = page.execute_script("return document.querySelector('#book-list .book-link').dataset.id")
    click(page, "#book-list .book-link")
    js_wait(page, "document.querySelector('#book-play')?.textContent === 'Play'", message="Play on the book's page")
    click(page, "#book-play")
    return book_id


def test_a_books_next_file_plays_on_the_host_while_the_page_sleeps(bridge_server, bridge_host, browsers):
    page = native_page(browsers, bridge_server, bridge_host)
    book_id = open_book(page)
    preload = js_wait(page, "window.__bridgeOut.find(m => m.t === 'preload' && m.url)", message="the next file preloaded")
    assert preload["url"].endswith(f"/api/books/{quote(book_id, safe='')}/files/1"), preload
    assert preload["progress"] == {**preload["progress"], "kind": "books", "id": book_id, "start": 4}, preload
    # The phone locks: the page hears nothing until it wakes.
    page.execute_script("window.__sleep();")
    poll_until(lambda: page.execute_script(
        "const i = window.__bridgeIn; const end = i.findIndex(m => m.t === 'ended');"
        "return end >= 0 && i.slice(end).some(m => m.t === 'time' && m.cur > 1);"),
        lambda moved_on: moved_on, message="the host 1 s into the second file, by itself")
    assert page.execute_script("return window.__bridgeOut.filter(m => m.t === 'load').length") == 1
    saved = page.execute_async_script(PROGRESS_JS, book_id)
    assert saved["position"] >= 4, saved
    # The page wakes, hears the first file ended and moves on: the host plays on where it is.
    page.execute_script("window.__wake();")
    load = js_wait(page, "window.__bridgeOut.filter(m => m.t === 'load')[1]", message="the page's load of the second file")
    assert load["url"] == preload["url"]
    poll_until(lambda: page.execute_script(
        "const i = window.__bridgeIn; return i.slice(i.findLastIndex(m => m.t === 'meta')).find(m => m.t === 'time') || null;"),
        lambda time: time is not None, message="the host's time after the page's load")
    after = page.execute_script(
        "const i = window.__bridgeIn; return i.slice(i.findLastIndex(m => m.t === 'meta')).find(m => m.t === 'time');")
    assert after["cur"] > 1, f"the second file started over: {after}"
    js_wait(page, "document.querySelector('#np-subtitle')?.textContent.includes('part 2 of 2')",
            message="the page showing the second part")
