"""The admin's Server panel: how the server runs (folders, database, switches, the library) and
a rescan that says what it found; members have no such panel."""

from __future__ import annotations

from conftest import unique
from helpers import SCREENSHOTS, click, js_wait, own_server, sign_in_in_page, sign_up_in_page, write_track

FACTS = ("const d = [...document.querySelectorAll('#server-facts dt, #server-facts dd')].map(e => e.textContent);"
         "return Object.fromEntries(d.flatMap((t, i) => i % 2 ? [] : [[t, d[i + 1]]]));")


def test_the_server_panel_tells_an_admin_how_it_runs_and_rescans(browsers):
    with own_server() as server:
        admin = browsers()
        sign_in_in_page(admin, server.base, "e2e-probe-admin", "probe-password-1")  # wait_for_library's: the admin
        click(admin, "#account-button")
        click(admin, "#open-server")
        js_wait(admin, "!!document.querySelector('#server-facts dd')", message="the server's facts")
        facts = admin.execute_script(FACTS)
        assert facts["Music folder"] == str(server.music), facts
        assert facts["Database"].startswith("SQLite") and facts["Library"] == "5 tracks", facts
        js_wait(admin, "(document.getElementById('server-scans')?.textContent || '').includes('At start')",
                message="the start's scan in the log")
        write_track(server.music / "06 Late.wav", 3, "Late Arrival", freq=587.0)
        (server.music / "07 Broken.mp3").write_bytes(b"not audio at all" * 64)
        click(admin, "#server-rescan")
        js_wait(admin, "document.getElementById('server-scan-text').textContent.startsWith('Scan done: 1 new')",
                message="the rescan's result")
        # The log: the rescan first, with the file it passed over and why.
        js_wait(admin, "(() => { const first = document.querySelector('#server-scans .scan-entry');"
                       " return !!first && first.textContent.includes('Rescan')"
                       " && first.textContent.includes('07 Broken.mp3'); })()", message="the rescan in the log")
        js_wait(admin, "(() => { const dd = [...document.querySelectorAll('#server-facts dd')];"
                       " return dd.some(d => d.textContent === '6 tracks'); })()", message="the library after the rescan")

        member = browsers()
        sign_up_in_page(member, server.base, unique("member"))
        click(member, "#account-button")
        assert member.execute_script("return !document.getElementById('open-server')")


def _open_users(admin):
    click(admin, "#account-button")
    click(admin, "#open-users")
    js_wait(admin, "!!document.querySelector('#account-list .account-row')", message="the accounts")


def _row(username: str) -> str:
    return f"#account-list .account-row[data-username='{username}']"


def test_an_admin_adds_disables_enables_and_promotes_an_account(browsers):
    from selenium.webdriver.common.by import By

    with own_server() as server:
        admin = browsers()
        sign_in_in_page(admin, server.base, "e2e-probe-admin", "probe-password-1")
        _open_users(admin)
        name = unique("cara")
        admin.find_element(By.ID, "new-account-name").send_keys(name)
        admin.find_element(By.ID, "new-account-password").send_keys("cara-password-1")
        click(admin, "#new-account-submit")
        js_wait(admin, f"!!document.querySelector(\"{_row(name)}\")", message="the new account listed")

        cara = browsers()
        sign_in_in_page(cara, server.base, name, "cara-password-1")
        assert not cara.execute_script("return !!document.getElementById('open-users')")

        # Disabled: her page is signed out at once and says why; signing in again is refused.
        click(admin, f"{_row(name)} button")
        js_wait(cara, "(document.getElementById('auth-notice')?.textContent || '').includes('disabled')",
                message="the disabled person's page signed out")
        js_wait(admin, f"document.querySelector(\"{_row(name)} button\").textContent === 'Enable'",
                message="the row says Enable")
        cara.find_element(By.ID, "auth-username").send_keys(name)
        cara.find_element(By.ID, "auth-password").send_keys("cara-password-1")
        cara.find_element(By.ID, "auth-submit").click()
        js_wait(cara, "(document.querySelector('.auth-error')?.textContent || '').includes('disabled')",
                message="the sign-in refused as disabled")

        click(admin, f"{_row(name)} button")
        js_wait(admin, f"document.querySelector(\"{_row(name)} button\").textContent === 'Disable'",
                message="the row says Disable")
        admin.execute_script(
            f"const s = document.querySelector(\"{_row(name)} select\"); s.value = 'admin';"
            " s.dispatchEvent(new Event('change'));")
        js_wait(admin, f"document.querySelector(\"{_row(name)} select\")?.value === 'admin'"
                       f" && !document.querySelector(\"{_row(name)} select\").disabled", message="the promotion")
        sign_in_in_page(cara, server.base, name, "cara-password-1")
        click(cara, "#account-button")
        assert cara.execute_script("return !!document.getElementById('open-users')")
        SCREENSHOTS.mkdir(exist_ok=True)
        admin.save_screenshot(str(SCREENSHOTS / "admin-users.png"))
        # The admin's own row cannot disable itself.
        assert admin.execute_script(
            "return document.querySelector(\"" + _row("e2e-probe-admin") + " button\").disabled")


def test_sign_up_and_guests_are_switched_in_the_server_panel(browsers):
    with own_server(guests=False) as server:
        admin = browsers()
        sign_in_in_page(admin, server.base, "e2e-probe-admin", "probe-password-1")
        click(admin, "#account-button")
        click(admin, "#open-server")
        js_wait(admin, "!document.getElementById('switch-allowGuests').disabled", message="the switches")
        assert admin.execute_script("return document.getElementById('switch-allowSignup').checked")
        assert not admin.execute_script("return document.getElementById('switch-allowGuests').checked")
        click(admin, "#switch-allowSignup")
        click(admin, "#switch-allowGuests")
        js_wait(admin, "!document.getElementById('switch-allowGuests').disabled"
                       " && document.getElementById('switch-allowGuests').checked", message="guests on")

        visitor = browsers()
        visitor.get(server.base + "/")
        js_wait(visitor, "!!document.getElementById('auth-guest')", message="the guest button")
        assert visitor.execute_script("return !document.getElementById('tab-signup')"), "sign-up is closed"
        click(visitor, "#auth-guest")
        js_wait(visitor, "!!document.querySelector('#app') && !!window.__blastoise", message="the guest's app")

        # Guests off: the guest is signed out.
        click(admin, "#switch-allowGuests")
        js_wait(visitor, "!!document.getElementById('auth-form')", message="the guest signed out")
        js_wait(visitor, "!document.getElementById('auth-guest')", message="no guest button any more")


def test_a_display_name_shows_in_the_top_bar_and_survives_a_reload(browsers):
    from selenium.webdriver.common.by import By

    with own_server() as server:
        page = browsers()
        name = unique("dee")
        sign_up_in_page(page, server.base, name)
        click(page, "#account-button")
        click(page, "#open-profile")
        field = page.find_element(By.ID, "profile-display-name")
        field.send_keys("Dee of the Night")
        click(page, "#profile-submit")
        js_wait(page, "document.querySelector('.account-name').textContent === 'Dee of the Night'",
                message="the display name in the top bar")
        page.refresh()
        js_wait(page, "document.querySelector('.account-name')?.textContent === 'Dee of the Night'",
                message="the display name after a reload")
        click(page, "#account-button")
        click(page, "#open-profile")
        page.find_element(By.ID, "profile-display-name").send_keys("x" * 70)  # the field stops at 64
        page.execute_script("document.getElementById('profile-display-name').value = 'bad\\u0007name'")
        click(page, "#profile-submit")
        js_wait(page, "!document.getElementById('profile-error').hidden", message="the refusal shown")
        assert "control" in page.execute_script("return document.getElementById('profile-error').textContent")
