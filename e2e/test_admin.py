"""The admin's Server panel: how the server runs (folders, database, switches, the library) and
a rescan that says what it found; members have no such panel."""

from __future__ import annotations

from conftest import unique
from helpers import click, js_wait, own_server, sign_in_in_page, sign_up_in_page, write_track

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
        write_track(server.music / "06 Late.wav", 3, "Late Arrival", freq=587.0)
        click(admin, "#server-rescan")
        js_wait(admin, "document.getElementById('server-scan-text').textContent.startsWith('Scan done: 1 new')",
                message="the rescan's result")
        js_wait(admin, "(() => { const dd = [...document.querySelectorAll('#server-facts dd')];"
                       " return dd.some(d => d.textContent === '6 tracks'); })()", message="the library after the rescan")

        member = browsers()
        sign_up_in_page(member, server.base, unique("member"))
        click(member, "#account-button")
        assert member.execute_script("return !document.getElementById('open-server')")
