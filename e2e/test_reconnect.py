"""The socket reconnects with backoff after the server goes away and comes back, and the page
resyncs to the room (a server of its own, restarted on the same port)."""

from __future__ import annotations

import time

from conftest import unique
from helpers import Server, js_wait, make_music, sign_up_in_page, sync_info


def test_the_page_reconnects_and_resyncs_after_a_server_restart(browsers):
    server = Server()
    make_music(server.music)
    server.start()
    try:
        server.wait_for_library(5)
        page = browsers()
        sign_up_in_page(page, server.base, unique("steady"))
        js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", 15)
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'open'", 5)
        queue_before = page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length")

        port = server.port
        server.stop()
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'reconnecting'", 10, "the page to notice")
        time.sleep(1.5)
        server.start(port=port)
        js_wait(page, "document.querySelector('.conn-dot').dataset.state === 'open'", 20, "the reconnection")
        js_wait(page, "window.__blastoise.syncInfo().phase === 'playing'", 15, "playback after the reconnection")
        time.sleep(2.5)
        info = sync_info(page)
        assert abs(info["drift"]) < 0.1, info
        # The last known queue stayed on screen throughout, and the fresh one matches.
        assert page.execute_script("return document.querySelectorAll('#queue-list .queue-row').length") == queue_before
    finally:
        server.cleanup()
