"""Two signed-in pages in one room: pause in one reaches the other; queue edits (add, remove,
drag to reorder) show in both; keyboard shortcuts control the room."""

from __future__ import annotations

import pytest
from conftest import new_room, tone_tracks, unique
from helpers import Api, chrome, click, js_wait, library_tracks, poll_until, sign_up_in_page, switch_room_in_page, sync_info, wait_until
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

QUEUE_TITLES = "return [...document.querySelectorAll('#queue-list .queue-row')].sort((a, b) => a.dataset.i - b.dataset.i).map(r => r.querySelector('.tr-title').textContent);"


@pytest.fixture(scope="module")
def pair(server):
    owner = Api(server.base)
    owner.signup(unique("pairowner"), "password-123")
    tracks = tone_tracks(owner)
    room = new_room(owner, [t["id"] for t in tracks])
    pages = [chrome(), chrome()]
    try:
        for index, page in enumerate(pages):
            sign_up_in_page(page, server.base, unique(f"pair{index}"))
            js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
            switch_room_in_page(page, room["id"])
            js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'")
        yield pages[0], pages[1], room, owner
    finally:
        for page in pages:
            page.quit()


# Where each page's sound is (or starts again), and where the room is.
PAUSED_AT = "const i = window.__blastoise.syncInfo(); return [i.position, i.target];"


def on_the_paused_position(readings) -> bool:
    (pa, ta), (pb, tb) = readings
    return abs(pa - ta) < 0.05 and abs(pb - tb) < 0.05 and abs(pa - pb) < 0.05


def queue_titles(page):
    return page.execute_script(QUEUE_TITLES)


def test_pause_in_one_page_reaches_the_other(pair):
    a, b, _, _ = pair
    a.find_element(By.ID, "np-play").click()
    js_wait(b, "window.__blastoise.syncInfo().paused && !window.__blastoise.syncInfo().sounding", message="B paused")
    js_wait(a, "!window.__blastoise.syncInfo().sounding", message="A paused")
    # Both pages come to rest on the room's paused position (each within 50 ms of it and of the other).
    poll_until(lambda: [page.execute_script(PAUSED_AT) for page in (a, b)], on_the_paused_position,
               message="both pages on the paused position (within 50 ms)")
    js_wait(b, "document.getElementById('np-play').getAttribute('aria-label') === 'Play'", message="B's button offering Play")
    a.find_element(By.ID, "np-play").click()
    js_wait(b, "!window.__blastoise.syncInfo().paused && window.__blastoise.syncInfo().phase === 'playing'", message="B playing again")


def test_keyboard_space_pauses_and_arrows_seek(pair):
    a, b, _, _ = pair
    body = a.find_element(By.TAG_NAME, "body")
    before = sync_info(b)["target"]
    body.send_keys(Keys.ARROW_RIGHT)
    js_wait(b, f"window.__blastoise.syncInfo().target > {before + 4}", message="B seeked forward 5 s")
    body.send_keys(Keys.SPACE)
    js_wait(b, "window.__blastoise.syncInfo().paused", message="B paused by Space in A")
    body.send_keys(Keys.SPACE)
    js_wait(b, "!window.__blastoise.syncInfo().paused", message="B playing again")


def test_queue_edits_show_in_both_pages(pair):
    a, b, _, _ = pair
    initial = queue_titles(a)
    assert len(initial) == 4 and queue_titles(b) == initial

    # Add from the library (search, then the row's "add to queue" button).
    search = library_tracks(a)
    search.clear()
    search.send_keys("Gamma")
    js_wait(a, "document.querySelectorAll('#library-list .track-row').length === 1")
    click(a, "#library-list .track-row button[data-act='add']")
    expected = initial + ["Gamma Tone"]
    for page in (a, b):
        wait_until(lambda: queue_titles(page) == expected, message=f"the added entry ({queue_titles(page)})")

    # Remove by position: the last entry (a duplicate of Gamma stays where it was).
    last = a.find_element(By.CSS_SELECTOR, "#queue-list .queue-row[data-i='4']")
    ActionChains(a).move_to_element(last).perform()
    last.find_element(By.CSS_SELECTOR, "button[data-act='remove']").click()
    for page in (a, b):
        js_wait(page, "document.querySelectorAll('#queue-list .queue-row').length === 4", message="the removal")
    assert queue_titles(a) == initial and queue_titles(b) == initial
    # The removal's toast puts it back where it was; removed again for what follows.
    a.execute_script("[...document.querySelectorAll('.toast')].find(t => t.textContent.includes('Removed'))"
                     ".querySelector('.toast-action').click()")
    for page in (a, b):
        wait_until(lambda: queue_titles(page) == expected, message=f"Undo of the removal ({queue_titles(page)})")
    last = a.find_element(By.CSS_SELECTOR, "#queue-list .queue-row[data-i='4']")
    ActionChains(a).move_to_element(last).perform()
    last.find_element(By.CSS_SELECTOR, "button[data-act='remove']").click()
    for page in (a, b):
        wait_until(lambda: queue_titles(page) == initial, message=f"the second removal ({queue_titles(page)})")

    # Drag the first entry below the third.
    grip = a.find_element(By.CSS_SELECTOR, "#queue-list .queue-row[data-i='0'] .grip")
    third = a.find_element(By.CSS_SELECTOR, "#queue-list .queue-row[data-i='2']")
    ActionChains(a).click_and_hold(grip).move_by_offset(0, 10).move_to_element_with_offset(third, 0, 20) \
        .pause(0.2).release().perform()
    moved = [initial[1], initial[2], initial[0], initial[3]]
    for page in (a, b):
        wait_until(lambda: queue_titles(page) == moved, message=f"the reorder ({queue_titles(page)})")


def test_next_previous_and_mode_reach_the_other_page(pair):
    a, b, room, owner = pair
    from selenium.webdriver.support.ui import Select

    start = sync_info(b)["roomTrackId"]
    index = lambda page: page.execute_script(  # noqa: E731
        "return Number(document.querySelector('#queue-list .queue-row.current').dataset.i)")
    before = index(b)
    click(a, "#np-next")
    wait_until(lambda: index(b) == (before + 1) % 4, message="B on the next entry")
    js_wait(b, f"window.__blastoise.syncInfo().roomTrackId !== {start!r} && window.__blastoise.syncInfo().phase === 'playing'")
    # Early in a track (≤ 3 s), Previous goes back one entry (later it restarts the track). Paused
    # at 1 s, the room stays early however long the click takes to arrive.
    click(a, "#np-play")
    js_wait(a, "window.__blastoise.syncInfo().paused", message="A paused")
    owner.post(f"/api/channels/{room['id']}/seek", {"timestamp": 1})
    js_wait(a, "window.__blastoise.syncInfo().paused && window.__blastoise.syncInfo().target < 2", message="A paused at 1 s")
    click(a, "#np-prev")
    wait_until(lambda: index(b) == before, message="B back on the first entry")
    click(a, "#np-play")
    js_wait(b, "!window.__blastoise.syncInfo().paused && window.__blastoise.syncInfo().phase === 'playing'", message="B playing again")
    Select(a.find_element(By.ID, "np-mode")).select_by_value("repeat-one")
    js_wait(b, "document.getElementById('np-mode').value === 'repeat-one'", message="B's mode selector")
    Select(a.find_element(By.ID, "np-mode")).select_by_value("repeat-all")
    js_wait(b, "document.getElementById('np-mode').value === 'repeat-all'")
