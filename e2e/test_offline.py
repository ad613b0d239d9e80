"""Install and the offline shell: the page names a manifest Chromium finds installable (its
icons load), a service worker keeps the app's files, and a page load while the server is away
shows the app saying so — not the browser's error page — and the app once the server is back.
Saved for offline: an album kept on the device plays with the server stopped."""

from __future__ import annotations

from conftest import unique
from helpers import SCREENSHOTS, click, js_wait, own_server, sign_up_in_page

APP_READY = "!!(document.querySelector('#app') && window.__blastoise)"


def test_the_app_installs_and_loads_while_the_server_is_away(browsers):
    with own_server() as server:
        page = browsers()
        sign_up_in_page(page, server.base, unique("offline"))

        manifest = page.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == [], manifest
        js_wait(page, "navigator.serviceWorker.controller !== null", message="the service worker in control")
        installable = page.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        assert installable == [], installable
        sizes = page.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/manifest.webmanifest').then((r) => r.json()).then((m) => Promise.all(m.icons.map((icon) => new Promise((resolve) => {
              const image = new Image();
              image.onload = () => resolve([icon.sizes, image.naturalWidth + 'x' + image.naturalHeight]);
              image.onerror = () => resolve([icon.sizes, 'failed']);
              image.src = icon.src;
            })))).then(done);""")
        for declared, loaded in sizes:
            assert loaded != "failed" and (declared == "any" or declared == loaded), sizes

        # Loaded once more through the worker, the app's files are kept; then the server goes away.
        page.refresh()
        js_wait(page, APP_READY, message="the app, loaded through the worker")
        port = server.port
        server.stop()
        page.refresh()
        js_wait(page, "(document.querySelector('.boot-message')?.textContent || '').includes('The server cannot be reached')",
                message="the app's own word that the server is away")
        server.start(port=port)
        js_wait(page, APP_READY, message="the app once the server is back")


def test_an_album_saved_offline_plays_with_the_server_stopped(browsers):
    with own_server() as server:
        page = browsers()
        sign_up_in_page(page, server.base, unique("traveller"))
        js_wait(page, "navigator.serviceWorker.controller !== null", message="the service worker in control")
        page.refresh()  # the app's files, through the worker, are kept for a load while the server is away
        js_wait(page, APP_READY, message="the app")
        album = page.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/albums?limit=50').then((r) => r.json()).then((page) => done(page.items[0]));""")
        page.execute_script("window.location.hash = arguments[0];", f"#/album/{album['id']}")
        click(page, "#album-download")
        js_wait(page, "document.getElementById('album-download')?.dataset.state === 'done'", message="the album saved")
        saved = page.execute_script("return document.querySelectorAll('#album-tracks .track-row').length")
        assert saved >= 1

        # The server goes away: the page loads the offline player with the album.
        port = server.port
        server.stop()
        page.refresh()
        js_wait(page, "!!document.getElementById('offline')", message="the offline player")
        names = page.execute_script("return [...document.querySelectorAll('.offline-download .offline-name')].map(e => e.textContent)")
        assert any(album["name"] in name for name in names), names
        items = page.execute_script("return document.querySelectorAll('.offline-download .offline-item').length")
        assert items == saved, (items, saved)
        click(page, ".offline-download .offline-item")
        js_wait(page, "(() => { const a = document.getElementById('player'); return !a.paused && a.currentTime > 0.5"
                      " && a.src.startsWith('blob:'); })()", message="the saved track playing from the device")
        SCREENSHOTS.mkdir(exist_ok=True)
        page.save_screenshot(str(SCREENSHOTS / "offline-player.png"))
        click(page, "#offline-next")
        if saved > 1:
            js_wait(page, "document.getElementById('offline-now').textContent !== ''", message="the next track")

        # The server is back: the music is not cut; the page offers the app.
        server.start(port=port)
        click(page, "#offline-open-app")
        js_wait(page, APP_READY, message="the app once the server is back")
        # Still saved: Storage lists it.
        click(page, "#account-button")
        page.execute_script("[...document.querySelectorAll('.menu-item')].find(b => b.textContent.includes('Storage')).click()")
        js_wait(page, f"(document.getElementById('download-list')?.textContent || '').includes({album['name']!r})",
                message="the download in Storage")
