"""The Diagnostics panel people open to report a problem: the server, who is signed in, the
socket, the room, the clock and the drift of the last minutes as a plot, recent events, and a
report to copy."""

from __future__ import annotations

import json

from conftest import unique
from helpers import click, js_wait, sign_up_in_page


def test_diagnostics_say_what_the_page_knows(server, browsers):
    page = browsers()
    name = unique("diag")
    sign_up_in_page(page, server.base, name)
    js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", message="the room playing")
    click(page, "#account-button")
    click(page, "#open-diagnostics")
    js_wait(page, "!!document.getElementById('diag-facts')", message="the panel")
    facts = page.execute_script(
        "const d = [...document.querySelectorAll('#diag-facts dt, #diag-facts dd')].map(e => e.textContent);"
        "return Object.fromEntries(d.flatMap((t, i) => i % 2 ? [] : [[t, d[i + 1]]]));")
    assert facts["Signed in"] == f"{name} (member)", facts
    assert facts["Socket"].startswith("open"), facts
    assert "offset" in facts["Clock"] and "ms" in facts["Clock"], facts
    status = json.loads(page.execute_async_script(
        "const done = arguments[arguments.length - 1]; fetch('/api/status').then(r => r.text()).then(done);"))
    assert status["version"] in facts["Server"], facts
    # The drift plot fills as the page keeps in step, and the events say the socket opened.
    js_wait(page, "document.querySelector('#diag-plot polyline').getAttribute('points').split(' ').length >= 3",
            message="drift samples in the plot")
    events = page.execute_script("return [...document.querySelectorAll('#diag-events li')].map(l => l.textContent)")
    assert any("connection: open" in e for e in events), events
    click(page, "#diag-copy")
    js_wait(page, "[...document.querySelectorAll('.toast-text')].some(t => /Report copied|Could not copy/.test(t.textContent))",
            message="the copy said")
