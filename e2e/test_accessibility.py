"""What keyboard and screen reader users rely on: a skip link first, one <h1>, Esc closing the
account menu with the focus back on its button, the seek slider's spoken value, and track
changes said in a live region."""

from __future__ import annotations

from conftest import unique
from helpers import click, js_wait, sign_up_in_page
from selenium.webdriver.common.keys import Keys


def test_the_page_speaks_to_keyboards_and_screen_readers(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("a11y"))
    assert page.execute_script("return [...document.querySelectorAll('h1')].map(h => h.textContent)") == ["Blastoise"]

    # The first Tab reaches the skip link; following it puts the focus in the main content.
    page.execute_script("document.activeElement?.blur(); window.focus();")
    page.find_element("css selector", "body").send_keys(Keys.TAB)
    assert page.execute_script("return document.activeElement.className") == "skip-link"
    page.switch_to.active_element.send_keys(Keys.ENTER)
    assert page.execute_script("return document.activeElement.id") == "main-content"

    # Esc closes the account menu and gives the focus back to its button.
    click(page, "#account-button")
    js_wait(page, "!document.querySelector('.menu').hidden", message="the account menu")
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    js_wait(page, "document.querySelector('.menu').hidden", message="Esc to close the menu")
    assert page.execute_script("return document.activeElement.id") == "account-button"

    # The middle column's tabs: one tab stop, → and ← move between them and show their panel.
    assert page.execute_script("return [...document.querySelectorAll('.center-tab')].filter(t => t.tabIndex === 0).length") == 1
    page.execute_script("document.getElementById('center-tab-library').focus()")
    page.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    js_wait(page, "document.activeElement.id === 'center-tab-playlists' && "
                  "document.getElementById('center-tab-playlists').getAttribute('aria-selected') === 'true' && "
                  "document.getElementById('pane-playlists').getClientRects().length > 0", message="→ to the Playlists tab")
    page.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    js_wait(page, "document.activeElement.id === 'center-tab-library'", message="← back to the Library tab")

    # "?" lists the shortcuts; Esc closes the list.
    page.find_element("css selector", "body").send_keys("?")
    js_wait(page, "!!document.querySelector('dialog[open] #shortcuts')", message="the shortcuts sheet")
    assert "Play or pause" in page.execute_script("return document.getElementById('shortcuts').textContent")
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    js_wait(page, "!document.querySelector('dialog[open]')", message="Esc to close the sheet")

    # What plays is said once it changes, and the position slider says where it is in words.
    js_wait(page, "document.getElementById('np-title').textContent !== 'Nothing playing'", message="a track playing")
    js_wait(page, "document.getElementById('np-announce').textContent.startsWith("
                  "'Now playing: ' + document.getElementById('np-title').textContent)", message="the live region")
    js_wait(page, r"/^\d+:\d\d of \d+:\d\d$/.test(document.getElementById('np-seek').getAttribute('aria-valuetext'))",
            message="the slider's spoken value")


TAP_TARGETS = """
const small = [];
for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role=slider]')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || el.closest('[hidden], .visually-hidden') || el.classList.contains('visually-hidden')) continue;
  if (r.bottom < 0 || r.top > innerHeight || getComputedStyle(el).visibility === 'hidden') continue;
  if (r.width < 44 || r.height < 44) small.push((el.id ? '#' + el.id : el.className) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
}
return small;"""


def test_every_tap_target_on_a_phone_is_44_px_at_least(server, browsers):
    phone = browsers(mobile=True, width=390, height=844)
    sign_up_in_page(phone, server.base, unique("thumb"))
    js_wait(phone, "window.__blastoise.syncInfo().phase === 'playing'", message="the room playing")
    small = {}
    for tab in ("playing", "rooms", "library", "queue", "playlists"):
        click(phone, f".phone-tab[data-tab='{tab}']")
        js_wait(phone, f"document.getElementById('pane-{tab}').getClientRects().length > 0", message=f"the {tab} tab")
        small[tab] = phone.execute_script(TAP_TARGETS)
    assert {tab: found for tab, found in small.items() if found} == {}
