"""The socket reconnects with backoff after the server goes away and comes back, and the page
resyncs to the room (a server of its own, restarted on the same port); meanwhile a banner says
the connection is lost and offers to try again now."""

from __future__ import annotations

import time

from conftest import unique
from helpers import js_wait, own_server, poll_until, sign_up_in_page, sync_info


def in_step(info: dict) -> bool:
    return info["phase"] == "playing" and info["drift"] is not None and abs(info["drift"]) < 0.1


def test_the_page_reconnects_and_resyncs_after_a_server_restart(browsers):
    with own_server() as server:
        page = browsers()
        sign_up_in_page(page, server.base, unique("steady"))
        js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'")
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'open'")
        queue_before = page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length")

        assert page.execute_script("return document.getElementById('connection-banner').hidden")
        port = server.port
        server.stop()
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'reconnecting'", message="the page to notice")
        # Down for more than a moment: a banner says so, when the next try is, and offers one now.
        js_wait(page, "!document.getElementById('connection-banner').hidden", message="the connection banner")
        js_wait(page, "/lost|Connecting/.test(document.getElementById('connection-text').textContent)",
                message="the banner's reason")
        page.execute_script("document.getElementById('connection-retry')?.click()")
        time.sleep(1.5)  # down for a while: the page keeps retrying with backoff
        assert not page.execute_script("return document.getElementById('connection-banner').hidden")
        server.start(port=port)
        page.execute_script("document.getElementById('connection-retry')?.click()")
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'open'", message="the reconnection")
        js_wait(page, "document.getElementById('connection-banner').hidden", message="the banner to go")
        js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", message="playback after the reconnection")
        # The page gets back in step with the room (how quickly is bench/web-sync's business).
        poll_until(lambda: sync_info(page), in_step, message="the page back in step with the room (|drift| < 0.1 s)")
        # The last known queue stayed on screen throughout, and the fresh one matches.
        assert page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length") == queue_before
