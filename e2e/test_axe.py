"""axe-core (PyPI's axe-selenium-python carries it) finds no serious or critical accessibility
violation in any view, at desktop and phone size: sign-in, now playing, every library view,
the phone's tabs, and the account menu's dialogs."""

from __future__ import annotations

import pytest
from axe_selenium_python import Axe
from conftest import unique
from helpers import js_wait, sign_in_in_page, sign_up_in_page

LIBRARY_VIEWS = ["library", "albums", "artists", "genres", "tracks", "favourites", "books", "podcasts", "photos"]
DIALOGS = ["open-appearance", "open-diagnostics", "open-profile", "open-password-change", "open-sessions",
           "open-app-passwords"]
ADMIN_DIALOGS = ["open-server", "open-users"]


def serious(page) -> list[str]:
    axe = Axe(page)
    axe.inject()
    result = axe.run()
    return [f"{v['impact']} {v['id']}: {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_no_view_has_a_serious_accessibility_violation(server, browsers, phone):
    page = browsers(mobile=True, width=390, height=844) if phone else browsers()
    found: dict[str, list[str]] = {}
    page.get(server.base + "/")
    js_wait(page, "!!document.querySelector('#auth-form')", message="the sign-in screen")
    found["sign-in"] = serious(page)
    sign_up_in_page(page, server.base, unique("axe"))
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", message="the room playing")
    found["now playing"] = serious(page)
    for view in LIBRARY_VIEWS:
        page.execute_script(f"location.hash = '#/{view}'")
        if phone:
            page.execute_script("document.querySelector(\".phone-tab[data-tab='library']\").click()")
        js_wait(page, f"location.hash.startsWith('#/{view}') && !!document.querySelector('#library-view > *')",
                message=f"the {view} view")
        found[view] = serious(page)
    for tab in ("rooms", "queue", "playlists") if phone else ():
        page.execute_script(f"document.querySelector(\".phone-tab[data-tab='{tab}']\").click()")
        js_wait(page, f"document.getElementById('pane-{tab}').getClientRects().length > 0", message=f"the {tab} tab")
        found[tab] = serious(page)
    found.update(dialog_issues(page, DIALOGS))
    assert {name: issues for name, issues in found.items() if issues} == {}


def dialog_issues(page, openers: list[str]) -> dict[str, list[str]]:
    found = {}
    for opener in openers:
        page.execute_script(f"document.getElementById('account-button').click(); document.getElementById('{opener}').click()")
        js_wait(page, "!!document.querySelector('dialog[open]')", message=f"the dialog of {opener}")
        js_wait(page, "!document.querySelector('dialog[open]').textContent.includes('Reading…')", message=f"{opener} read")
        found[opener] = serious(page)
        page.execute_script("const d = document.querySelector('dialog[open]'); d.close(); d.remove();")
    return found


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_admins_dialogs_have_no_serious_accessibility_violation(server, browsers, phone):
    page = browsers(mobile=True, width=390, height=844) if phone else browsers()
    sign_in_in_page(page, server.base, "e2e-probe-admin", "probe-password-1")
    found = dialog_issues(page, ADMIN_DIALOGS)
    assert {name: issues for name, issues in found.items() if issues} == {}
