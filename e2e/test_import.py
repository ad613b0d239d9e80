"""URL import through the page: a file served on loopback is imported with yt-dlp, its job shows
live progress from the socket, and the track lands in the library. Needs yt-dlp on PATH; a
server of its own with --ytdlp --allow-private-imports."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading

import pytest
from conftest import unique
from helpers import Server, js_wait, library_tracks, make_music, sign_up_in_page, text_of, write_track
from selenium.webdriver.common.by import By


@pytest.fixture()
def import_server():
    if not shutil.which("yt-dlp"):
        pytest.skip("yt-dlp is not installed (scripts/install-deps installs it)")
    server = Server(extra=["--ytdlp", "--allow-private-imports"])
    make_music(server.music)
    files = server.root / "served"
    write_track(files / "far away song.wav", 6, "Far Away Song", freq=660.0)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(files))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    server.start()
    try:
        server.wait_for_library(5)
        yield server, f"http://127.0.0.1:{httpd.server_address[1]}/far%20away%20song.wav"
    finally:
        httpd.shutdown()
        server.cleanup()


def test_a_url_is_imported_with_live_progress(import_server, browsers):
    server, url = import_server
    page = browsers()
    sign_up_in_page(page, server.base, unique("importer"))
    page.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='import']").click()
    page.find_element(By.ID, "import-url").send_keys(url)
    page.find_element(By.ID, "import-submit").click()
    js_wait(page, "document.querySelector('#import-jobs .job')", message="the job in the list")
    js_wait(page, "document.querySelector('#import-jobs .job-complete')", message="the job to complete")
    page.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='library']").click()
    search = library_tracks(page)
    search.send_keys("far away")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1", message="the imported track")
    assert "far away" in text_of(page, "#library-list .tr-title").lower()


def test_on_a_phone_import_opens_from_the_library_and_five_tabs_fit(import_server, browsers):
    server, _ = import_server
    phone = browsers(mobile=True, width=390, height=844)
    sign_up_in_page(phone, server.base, unique("phoneimport"))
    tabs = phone.execute_script("return [...document.querySelectorAll('.phone-tab')].map(t => t.dataset.tab)")
    assert tabs == ["playing", "rooms", "library", "queue", "playlists"], tabs
    phone.find_element(By.CSS_SELECTOR, ".phone-tab[data-tab='library']").click()
    js_wait(phone, "document.getElementById('library-import').getClientRects().length > 0", message="the Import button")
    phone.find_element(By.ID, "library-import").click()
    js_wait(phone, "document.getElementById('pane-import').getClientRects().length > 0 && "
                   "document.getElementById('pane-library').getClientRects().length === 0", message="the import pane")
    assert phone.find_element(By.ID, "import-url").is_displayed()


def test_a_failed_import_keeps_its_reason_and_retries(import_server, browsers):
    server, url = import_server
    folder = server.root / "served"
    (folder / "later song.wav").write_bytes(b"RIFF this is not a sound file at all " * 200)
    broken = url.replace("far%20away%20song", "later%20song")
    page = browsers()
    sign_up_in_page(page, server.base, unique("retrier"))
    page.find_element(By.CSS_SELECTOR, ".center-tab[data-tab='import']").click()
    page.find_element(By.ID, "import-url").send_keys(broken)
    page.find_element(By.ID, "import-submit").click()
    js_wait(page, "!!document.querySelector('#import-jobs .job-retry')", message="the failed job with Retry")
    assert text_of(page, "#import-jobs .job-error"), "the failed job says why"
    write_track(folder / "later song.wav", 4, "Later Song", freq=523.0)
    page.find_element(By.CSS_SELECTOR, "#import-jobs .job-retry").click()
    js_wait(page, "!!document.querySelector('#import-jobs .job-complete')", message="the retried job to complete")
