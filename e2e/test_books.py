"""Audiobooks in the web app, on a server with --audiobooks-dir: the list, a book's page, Play,
a chapter jump into the second file, the position saved on pause and offered as Resume after a
reload, and the book played to its end marked finished; its speed, and the sleep timer (at the
chapter's end, or in minutes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import unique
from helpers import Server, _ffmpeg, click, js_wait, make_music, poll_until, sign_in_in_page, sign_up_in_page
from selenium.webdriver.common.by import By

PROGRESS_JS = """
const done = arguments[arguments.length - 1];
fetch('/api/progress/books/' + encodeURIComponent(arguments[0]))
  .then(r => r.ok ? r.json() : null).then(done, () => done(null));
"""

RATES_JS = """
const done = arguments[arguments.length - 1];
fetch('/api/rates').then(r => r.ok ? r.json() : null).then(done, () => done(null));
"""


def make_book(directory: Path) -> None:
    folder = directory / "Bea Author" / "Two Part Book"
    folder.mkdir(parents=True)
    for name, title, frequency in [("01.mp3", "Part A", 330), ("02.mp3", "Part B", 550)]:
        _ffmpeg(["-f", "lavfi", "-i", f"sine=frequency={frequency}:sample_rate=22050:duration=4",
                 "-metadata", f"title={title}", "-metadata", "album=Two Part Book", "-c:a", "libmp3lame",
                 str(folder / name)])
    _ffmpeg(["-f", "lavfi", "-i", "color=c=orange:s=64x64", "-frames:v", "1", str(folder / "cover.jpg")])
    # Author/Series/Title: the third of a series, untagged (its title after the list's first book).
    third = directory / "Bea Author" / "Small Series" / "Book 3 - Zephyr Tale"
    third.mkdir(parents=True)
    _ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=2", "-c:a", "libmp3lame",
             str(third / "01.mp3")])


def serving_books(*, music: bool = False):
    """A server with the books of make_book (and the standard tracks when `music`), guests off."""
    server = Server(guests=False)
    if music:
        make_music(server.music)
    books = server.root / "books"
    make_book(books)
    server.extra = ["--audiobooks-dir", str(books)]
    server.start()
    try:
        yield server
    finally:
        server.cleanup()


@pytest.fixture(scope="module")
def book_server():
    yield from serving_books()


def progress(page, book_id: str):
    return page.execute_async_script(PROGRESS_JS, book_id)


def test_a_book_plays_across_its_files_and_resumes_where_it_was_left(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("reader"))
    page.execute_script("window.location.hash = '#/books';")
    js_wait(page, "!!document.querySelector('#book-list .book-link')", message="the book in the list")
    assert "Two Part Book" in page.execute_script("return document.querySelector('#book-list .book-link').textContent")
    book_id = page.execute_script("return document.querySelector('#book-list .book-link').dataset.id")
    # The folder's image is the book's cover, loaded from /api/covers.
    js_wait(page, "!!document.querySelector('#book-list .book-cover.has-cover img')?.complete", message="the book's cover")
    click(page, "#book-list .book-link")
    js_wait(page, "document.querySelector('#book-play')?.textContent === 'Play'", message="Play on the book's page")
    titles = page.execute_script("return [...document.querySelectorAll('#book-chapters .chapter-title')].map(e => e.textContent)")
    assert titles == ["Part A", "Part B"]

    click(page, "#book-play")
    js_wait(page, "(a => a.currentSrc.includes('/files/0') && !a.paused && a.currentTime > 0)(document.getElementById('player'))",
            message="the first file playing")
    # Now playing, the lock screen and the tab name the chapter, with the book under it.
    js_wait(page, "document.getElementById('np-title')?.textContent === 'Part A'", message="the chapter in Now playing")
    assert "Two Part Book" in page.execute_script("return document.getElementById('np-subtitle').textContent")
    assert page.execute_script("return navigator.mediaSession.metadata?.album") == "Two Part Book"
    assert page.execute_script("return document.title").startswith("Part A")
    # The second chapter is the second file: the jump loads it.
    click(page, "#book-chapters .chapter[data-index='1']")
    js_wait(page, "(a => a.currentSrc.includes('/files/1') && !a.paused && a.currentTime > 0.3)(document.getElementById('player'))",
            message="the second file playing")
    js_wait(page, "document.getElementById('np-title')?.textContent === 'Part B'", message="the next chapter in Now playing")
    page.execute_script("document.getElementById('player').pause();")
    saved = poll_until(lambda: progress(page, book_id), lambda p: p is not None and p["position"] >= 4,
                       message="the position saved on pause")
    assert not saved["finished"]

    page.refresh()
    js_wait(page, "!!window.__blastoise", message="the app after a reload")
    page.execute_script("window.location.hash = arguments[0];", f"#/book/{book_id}")
    js_wait(page, "document.querySelector('#book-play')?.textContent.startsWith('Resume at 0:0')", message="Resume offered")
    assert page.execute_script("return !document.querySelector('#book-restart').hidden")
    click(page, "#book-play")
    js_wait(page, "(a => a.currentSrc.includes('/files/1') && a.currentTime >= 0.3)(document.getElementById('player'))",
            message="resumed in the second file")
    # Played to the end: the book is finished, and the page shows the room again.
    finished = poll_until(lambda: progress(page, book_id), lambda p: p is not None and p["finished"],
                          message="the book marked finished at its end")
    assert finished["position"] >= 7.5, json.dumps(finished)


def test_a_book_in_a_series_says_which_and_its_place(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("series"))
    page.execute_script("window.location.hash = '#/books';")
    js_wait(page, "[...document.querySelectorAll('#book-list .book-title')].some(e => e.textContent === 'Zephyr Tale')",
            message="the series book in the list, titled without its number")
    row = page.execute_script(
        "return [...document.querySelectorAll('#book-list .book-link')].find(a => a.textContent.includes('Zephyr Tale')).textContent")
    assert "Bea Author" in row and "Small Series, book 3" in row
    page.execute_script("[...document.querySelectorAll('#book-list .book-link')].find(a => a.textContent.includes('Zephyr Tale')).click()")
    js_wait(page, "document.querySelector('.book-page-title')?.textContent === 'Zephyr Tale'", message="the book's page")
    assert "Small Series, book 3" in page.execute_script("return document.querySelector('.book-page-title').nextElementSibling.textContent")


def test_a_book_begun_is_under_continue_listening_on_the_start_view(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("resumer"))
    js_wait(page, "!!document.querySelector('#continue-listening')", message="the start view")
    assert page.execute_script("return document.querySelector('#continue-listening').children.length") == 0
    book_id = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/books').then(r => r.json()).then(a => done(a.books[0].id));")
    page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/progress/books/' + encodeURIComponent(arguments[0]), {method: 'PUT', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({position: 5, finished: false})}).then(r => done(r.status));", book_id)
    page.refresh()
    js_wait(page, f"!!document.querySelector('#continue-listening .book-link[data-id=\"{book_id}\"]')",
            message="the book under Continue listening")
    assert "left" in page.execute_script("return document.querySelector('#continue-listening .book-link').textContent")


def test_a_books_speed_is_remembered_and_the_sleep_timer_stops_at_the_chapters_end(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("sleeper"))
    page.execute_script("window.location.hash = '#/books';")
    click(page, "#book-list .book-link")
    click(page, "#book-play")
    js_wait(page, "!document.getElementById('np-spoken').hidden", message="speed and sleep timer shown")
    # Chosen while paused at the start, so that the book cannot run past the chapter meanwhile.
    page.execute_script("const a = document.getElementById('player'); a.pause(); a.currentTime = 0;")
    page.execute_script("const s = document.getElementById('np-rate'); s.value = '2'; s.dispatchEvent(new Event('change'));")
    js_wait(page, "(a => a.playbackRate === 2 && a.preservesPitch !== false)(document.getElementById('player'))", message="twice as fast, pitch kept")
    # Sleep at the end of the chapter (the first file's end, 4 s into the book): paused there.
    page.execute_script("const s = document.getElementById('np-sleep'); s.value = 'chapter'; s.dispatchEvent(new Event('change'));")
    page.execute_script("document.getElementById('player').play();")
    js_wait(page, "(a => a.paused && window.__blastoise.spoken()?.position >= 3.5)(document.getElementById('player'))",
            message="asleep at the chapter's end")
    at = page.execute_script("return window.__blastoise.spoken().position")
    assert 3.5 <= at <= 4.6, at
    assert page.execute_script("return document.getElementById('np-title').textContent") == "Part B"
    assert page.execute_script("return document.getElementById('np-sleep').value") == "0"  # the timer is spent
    # The speed stays the book's, also for its next file and after a reload.
    assert page.execute_script("return document.getElementById('player').playbackRate") == 2
    page.refresh()
    js_wait(page, "!!window.__blastoise", message="the app after a reload")
    page.execute_script("window.location.hash = '#/books';")
    click(page, "#book-list .book-link")
    click(page, "#book-play")
    js_wait(page, "(a => !a.paused && a.playbackRate === 2)(document.getElementById('player'))", message="the book's speed remembered")
    assert page.execute_script("return document.getElementById('np-rate').value") == "2"


def open_book_and_play(page) -> None:
    page.execute_script("window.location.hash = '#/books';")
    click(page, "#book-list .book-link")
    click(page, "#book-play")
    js_wait(page, "!document.getElementById('np-spoken').hidden", message="speed and sleep timer shown")


def test_a_books_speed_chosen_in_one_browser_is_used_in_another_of_the_same_person(book_server, browsers):
    name = unique("two-browsers")
    laptop = browsers()
    sign_up_in_page(laptop, book_server.base, name)
    open_book_and_play(laptop)
    laptop.execute_script("document.getElementById('player').pause();")
    laptop.execute_script("const s = document.getElementById('np-rate'); s.value = '1.5'; s.dispatchEvent(new Event('change'));")
    js_wait(laptop, "document.getElementById('player').playbackRate === 1.5", message="one and a half times as fast")
    kept = poll_until(lambda: laptop.execute_async_script(RATES_JS), lambda a: a is not None and a["rates"],
                      message="the speed kept on the server")
    assert [(r["kind"], r["rate"]) for r in kept["rates"]] == [("books", 1.5)]

    # Another browser (its own storage) signed in as the same person plays the book at that speed.
    phone = browsers()
    sign_in_in_page(phone, book_server.base, name)
    open_book_and_play(phone)
    js_wait(phone, "(a => !a.paused && a.playbackRate === 1.5)(document.getElementById('player'))",
            message="the person's speed in the second browser")
    assert phone.execute_script("return document.getElementById('np-rate').value") == "1.5"


def test_a_bookmark_with_a_note_is_listed_and_jumps_to_its_place(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("marker"))
    open_book_and_play(page)
    js_wait(page, "!!document.querySelector('#bookmarks')", message="the bookmarks on the book's page")
    assert "No bookmarks yet" in page.execute_script("return document.querySelector('#bookmarks').textContent")
    # Paused 2.5 s into the first file: the bookmark goes there.
    page.execute_script("const a = document.getElementById('player'); a.pause(); a.currentTime = 2.5;")
    js_wait(page, "Math.abs(window.__blastoise.spoken()?.position - 2.5) < 0.05", message="paused at 2.5 s")
    click(page, "#bookmark-add")
    note = page.find_element(By.CSS_SELECTOR, "dialog textarea[name='note']")
    note.send_keys("Where the tone changes")
    page.find_element(By.CSS_SELECTOR, "dialog button[type='submit']").click()
    js_wait(page, "!!document.querySelector('#bookmarks .bookmark')", message="the bookmark listed")
    listed = page.execute_script("return [...document.querySelectorAll('#bookmarks .bookmark')].map(e => e.textContent)")
    assert listed == ["Where the tone changes0:02EditDelete"], listed

    # Elsewhere in the book (the second file), the bookmark jumps back to its place.
    click(page, "#book-chapters .chapter[data-index='1']")
    # Time moving on there means its own 'playing' event has passed.
    js_wait(page, "(a => a.currentSrc.includes('/files/1') && !a.paused && a.currentTime > 0.2)(document.getElementById('player'))",
            message="the second file playing")
    # Where it starts playing is read as it starts, so a slow machine cannot move it on meanwhile.
    page.execute_script("const a = document.getElementById('player');"
                        "a.addEventListener('playing', () => { window.__jumped = { src: a.currentSrc, at: a.currentTime }; }, { once: true });")
    click(page, "#bookmarks .bookmark-jump")
    jumped = poll_until(lambda: page.execute_script("return window.__jumped || null"), lambda j: j is not None,
                        message="playing from the bookmark")
    assert "/files/0" in jumped["src"] and 2.45 <= jumped["at"] <= 2.6, jumped

    # Now playing's Bookmark button adds one where it plays, and the book's page lists it too.
    page.execute_script("document.getElementById('player').pause();")
    click(page, "#np-bookmark")
    page.find_element(By.CSS_SELECTOR, "dialog textarea[name='note']").send_keys("From Now playing")
    page.find_element(By.CSS_SELECTOR, "dialog button[type='submit']").click()
    js_wait(page, "document.querySelectorAll('#bookmarks .bookmark').length === 2", message="the second bookmark listed")

    # Deleted, the first is gone from the page and from the server.
    click(page, "#bookmarks .bookmark-delete")
    js_wait(page, "document.querySelectorAll('#bookmarks .bookmark').length === 1", message="the bookmark deleted")
    book_id = page.execute_script("return location.hash.split('/').pop()")
    left = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/progress/books/' + arguments[0] + '/bookmarks').then(r => r.json()).then(done);", book_id)
    assert [b["note"] for b in left["bookmarks"]] == ["From Now playing"], left
    assert left["bookmarks"][0]["position"] >= 2.5

    # Its note edited: the dialog shows the note, and the new one is listed.
    click(page, "#bookmarks .bookmark-edit")
    note = page.find_element(By.CSS_SELECTOR, "dialog textarea[name='note']")
    assert note.get_attribute("value") == "From Now playing"
    note.send_keys(", edited")
    page.find_element(By.CSS_SELECTOR, "dialog button[type='submit']").click()
    js_wait(page, "document.querySelector('#bookmarks .bookmark-note')?.textContent === 'From Now playing, edited'",
            message="the edited note listed")


QUEUE_TITLES = ("return [...document.querySelectorAll('#queue-list .queue-row')].sort((a, b) => a.dataset.i - b.dataset.i)"
                ".map(r => r.querySelector('.tr-title').textContent);")


def test_a_book_added_to_the_room_is_in_its_queue_by_its_parts(book_server, browsers):
    page = browsers()
    sign_up_in_page(page, book_server.base, unique("together"))
    page.execute_script("window.location.hash = '#/books';")
    js_wait(page, "!!document.querySelector('#book-list .book-link')", message="the book in the list")
    click(page, "#book-list .book-link")
    js_wait(page, "!!document.querySelector('#book-room')", message="the book's page")
    click(page, "#book-room")
    titles = poll_until(lambda: page.execute_script(QUEUE_TITLES), lambda t: t[-2:] == ["Part A", "Part B"],
                        message="the book's two parts at the end of the room's queue")
    js_wait(page, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent === 'Added 2 tracks to the queue')",
            message="the toast")
    assert titles[-2:] == ["Part A", "Part B"]


# The sleep timer's shortest choice is 5 minutes. The page's setTimeout is wrapped before the app
# loads so that a timer of 5 minutes or more (only the sleep timer asks for one) is recorded and
# runs after 1.5 s instead: what the app asked for is checked as asked, and what it does when the
# timer runs out is seen without waiting for minutes.
SHORT_SLEEP_JS = """
window.__sleepTimers = [];
const realSetTimeout = window.setTimeout.bind(window);
const realClearTimeout = window.clearTimeout.bind(window);
window.setTimeout = function (callback, delay, ...rest) {
  if (!(delay >= 300000)) return realSetTimeout(callback, delay, ...rest);
  const timer = { delay, cleared: false, fired: false };
  timer.id = realSetTimeout(() => { timer.fired = true; callback(...rest); }, 1500);
  window.__sleepTimers.push(timer);
  return timer.id;
};
window.clearTimeout = function (id) {
  for (const timer of window.__sleepTimers) if (timer.id === id) timer.cleared = true;
  return realClearTimeout(id);
};
"""


def choose_sleep(page, value: str) -> None:
    page.execute_script("const s = document.getElementById('np-sleep'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", value)


def test_the_sleep_timer_in_minutes_pauses_the_book_and_can_be_cancelled(book_server, browsers):
    page = browsers()
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHORT_SLEEP_JS})
    sign_up_in_page(page, book_server.base, unique("napper"))
    open_book_and_play(page)
    choices = page.execute_script("return [...document.getElementById('np-sleep').options].map(o => [o.value, o.textContent])")
    assert ["5", "Sleep in 5 min"] in choices and ["60", "Sleep in 1 hour"] in choices, choices
    page.execute_script("const a = document.getElementById('player'); a.pause(); a.currentTime = 0;")

    # Chosen: the timer is 15 minutes from now.
    before = page.execute_script("return Date.now()")
    choose_sleep(page, "15")
    after = page.execute_script("return Date.now()")
    sleep = page.execute_script("return window.__blastoise.spoken().sleep")
    assert sleep and before <= sleep["at"] - 15 * 60_000 <= after, (before, sleep, after)
    timers = page.execute_script("return window.__sleepTimers")
    assert [t["delay"] for t in timers] == [15 * 60_000], timers
    assert page.execute_script("return document.getElementById('np-sleep').selectedOptions[0].textContent") == "Sleep in 15 min"
    # Cancelled before it runs out: no timer left, and the choice shows none.
    choose_sleep(page, "0")
    assert page.execute_script("return window.__blastoise.spoken().sleep") is None
    assert page.execute_script("return window.__sleepTimers[0].cleared")
    assert page.execute_script("return document.getElementById('np-sleep').selectedOptions[0].textContent") == "No sleep timer"

    # Set while the book plays, the timer running out pauses it.
    page.execute_script("document.getElementById('player').play();")
    js_wait(page, "(a => !a.paused && a.currentTime > 0)(document.getElementById('player'))", message="the book playing")
    choose_sleep(page, "5")
    assert page.execute_script("return window.__sleepTimers.map(t => t.delay)") == [15 * 60_000, 5 * 60_000]
    js_wait(page, "window.__sleepTimers[1].fired && document.getElementById('player').paused", message="asleep when the timer ran out")
    assert not page.execute_script("return window.__sleepTimers[0].fired"), "the cancelled timer never runs"
    assert page.execute_script("return window.__blastoise.spoken().sleep") is None
    assert page.execute_script("return document.getElementById('np-sleep').value") == "0"  # the timer is spent
    # Where it fell asleep is kept, as on any pause.
    book_id = page.execute_script("return window.__blastoise.spoken().id")
    at = page.execute_script("return window.__blastoise.spoken().position")
    saved = poll_until(lambda: progress(page, book_id), lambda p: p is not None and abs(p["position"] - at) < 0.5,
                       message="the position saved when it fell asleep")
    assert not saved["finished"]
