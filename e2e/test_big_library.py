"""10,000 tracks: the library and the queue render only the rows on screen, and search stays
fast. A server of its own (its main room queues the whole library)."""

from __future__ import annotations

import time

import pytest
from conftest import unique
from helpers import Server, js_wait, sign_up_in_page, text_of, tone_pcm, wav_from_pcm

COUNT = 10_000


@pytest.fixture(scope="module")
def big_server():
    server = Server()
    pcm = tone_pcm(1.0, freq=300, rate=4000, bits=8)
    folder = server.music
    for i in range(COUNT):
        sub = folder / f"artist{i % 50:02d}"
        sub.mkdir(parents=True, exist_ok=True)
        tags = {"INAM": f"Track {i:05d}", "IART": f"Artist {i % 50:02d}", "IPRD": f"Album {i % 400:03d}"}
        (sub / f"{i:05d}.wav").write_bytes(wav_from_pcm(pcm, rate=4000, bits=8, tags=tags))
    server.start()
    try:
        server.wait_for_library(COUNT, timeout=120)
        yield server
    finally:
        server.cleanup()


def test_ten_thousand_tracks_render_only_what_is_on_screen(big_server, browsers):
    page = browsers()
    sign_up_in_page(page, big_server.base, unique("bigfan"))
    js_wait(page, "document.getElementById('library-count').textContent.includes('10,000')", 20, "the whole library")
    rows = page.execute_script("return document.querySelectorAll('#library-list .track-row').length")
    assert 0 < rows < 80, rows
    js_wait(page, "document.querySelectorAll('#queue-list .queue-row').length > 0", 20, "the queue")
    assert page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length") < 80
    assert page.execute_script("return document.querySelector('#queue-count').textContent").startswith("10,000")

    # Scrolling to the end shows the last rows.
    page.execute_script("const l = document.getElementById('library-list'); l.scrollTop = l.scrollHeight;")
    js_wait(page, "[...document.querySelectorAll('#library-list .tr-title')].some(t => t.textContent === 'Track 09999' || t.textContent.startsWith('Track 09'))", 5)

    # Search as you type: one keystroke at a time, each filtered quickly.
    search = page.find_element("id", "library-search")
    started = time.time()
    search.send_keys("track 0424")
    # Track 04240–04249 and Track 00424.
    js_wait(page, "document.getElementById('library-count').textContent.startsWith('11 of')", 5, "eleven matches")
    elapsed = time.time() - started
    assert elapsed < 3, f"search took {elapsed:.2f} s"
    search.send_keys("2")
    js_wait(page, "document.querySelectorAll('#library-list .track-row').length === 1", 5)
    assert text_of(page, "#library-list .tr-title") == "Track 04242"
    took = page.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const input = document.getElementById('library-search');
      const t0 = performance.now();
      input.value = '09999';
      input.dispatchEvent(new Event('input'));
      const check = () => {
        const title = document.querySelector('#library-list .tr-title');
        if (title && title.textContent === 'Track 09999') done(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      check();
    """)
    assert took < 400, f"filtering 10,000 tracks took {took:.0f} ms (60 ms of it is the typing debounce)"
    js_wait(page, "document.querySelector('#library-list .tr-title').textContent === 'Track 09999'", 5)
    assert text_of(page, "#library-count").startswith("1 of")
    assert took < 500
