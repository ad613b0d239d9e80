"""10,000 tracks: the library and the queue render only the rows on screen, and search finds the
right rows. A server of its own (its main room queues the whole library). How fast search and
filtering are is measured by bench/web (it prints the numbers), not asserted here."""

from __future__ import annotations

import pytest
from conftest import unique
from helpers import GUARD, Server, js_wait, library_tracks, make_big_library, open_library_view, poll_until, sign_up_in_page, text_of

COUNT = 10_000
FEW_ROWS = 80  # a screenful and some overscan; 10,000 rendered rows would be the bug

ROWS = "document.querySelectorAll('#library-list .track-row').length"
TITLES = "[...document.querySelectorAll('#library-list .tr-title')].map(t => t.textContent).sort()"


@pytest.fixture(scope="module")
def big_server():
    server = Server()
    make_big_library(server.music, COUNT)
    server.start()
    try:
        server.wait_for_library(COUNT, timeout=max(GUARD, 300))
        yield server
    finally:
        server.cleanup()


def test_ten_thousand_tracks_render_only_what_is_on_screen(big_server, browsers):
    page = browsers()
    sign_up_in_page(page, big_server.base, unique("bigfan"))
    library_tracks(page)
    js_wait(page, "document.getElementById('library-count').textContent === '10,000 tracks'", message="the whole library")
    js_wait(page, f"{ROWS} > 0", message="the first library rows")
    assert page.execute_script(f"return {ROWS}") < FEW_ROWS
    js_wait(page, "document.querySelectorAll('#queue-list .queue-row').length > 0", message="the queue")
    assert page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length") < FEW_ROWS
    assert page.execute_script("return document.querySelector('#queue-count').textContent").startswith("10,000")

    # Scrolling to the end shows the last rows, still only a screenful of them.
    page.execute_script("const l = document.getElementById('library-list'); l.scrollTop = l.scrollHeight;")
    js_wait(page, f"{TITLES}.includes('Track 09999')", message="the last row after scrolling to the end")
    assert page.execute_script(f"return {ROWS}") < FEW_ROWS

    # Search as you type, one keystroke at a time: the list ends up showing exactly the matches.
    search = library_tracks(page)
    search.send_keys("track 0424")
    # Track 04240–04249 and Track 00424.
    js_wait(page, "document.getElementById('library-count').textContent.startsWith('11 of')", message="eleven matches")
    expected = sorted([f"Track 0424{d}" for d in range(10)] + ["Track 00424"])

    # How many of them are on screen at once depends on the list's height: the rows seen at the top
    # and at the end of the list together are exactly the matches.
    def titles_scrolled_to(where: str, index: int):
        page.execute_script(f"const l = document.getElementById('library-list'); l.scrollTop = {where};")
        js_wait(page, f"document.querySelector('#library-list .vlist-row[data-index=\"{index}\"]') !== null",
                message=f"row {index + 1} on screen")
        return page.execute_script(f"return {TITLES}")

    seen = set(titles_scrolled_to("0", 0)) | set(titles_scrolled_to("l.scrollHeight", len(expected) - 1))
    assert sorted(seen) == expected
    search.send_keys("2")
    js_wait(page, f"{ROWS} === 1", message="one match for 'track 04242'")
    assert text_of(page, "#library-list .tr-title") == "Track 04242"
    assert text_of(page, "#library-count").startswith("1 of")

    # A new query typed over the old one replaces the results.
    page.execute_script("""
      const input = document.getElementById('library-search');
      input.value = '09999';
      input.dispatchEvent(new Event('input'));
    """)
    js_wait(page, f"{ROWS} === 1 && document.querySelector('#library-list .tr-title').textContent === 'Track 09999'",
            message="the one row for '09999'")
    assert text_of(page, "#library-count").startswith("1 of")

    # Clearing the search brings back all 10,000, still rendered virtually.
    page.execute_script("""
      const input = document.getElementById('library-search');
      input.value = '';
      input.dispatchEvent(new Event('input'));
    """)
    js_wait(page, f"document.getElementById('library-count').textContent === '10,000 tracks' && {ROWS} > 0",
            message="the whole library again")
    assert page.execute_script(f"return {ROWS}") < FEW_ROWS


def test_the_albums_grid_renders_a_screenful_and_reads_pages_as_it_scrolls(big_server, browsers):
    page = browsers()
    sign_up_in_page(page, big_server.base, unique("bigbrowser"))
    open_library_view(page, "albums")
    js_wait(page, "document.getElementById('albums-count').textContent === '400 albums'", message="the album count")
    cards = "document.querySelectorAll('#album-grid .album-card').length"
    js_wait(page, f"{cards} > 0", message="the first cards")
    assert page.execute_script(f"return {cards}") < FEW_ROWS
    # The end of the list is a page the grid has not read yet: it reads it when it comes into view.
    page.execute_script("const g = document.getElementById('album-grid'); g.scrollTop = g.scrollHeight;")
    js_wait(page, "[...document.querySelectorAll('#album-grid .card-title')].some(t => t.textContent === 'Album 399')",
            message="the last album after scrolling to the end")
    assert page.execute_script(f"return {cards}") < FEW_ROWS
