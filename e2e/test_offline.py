"""Install and the offline shell: the page names a manifest Chromium finds installable (its
icons load), a service worker keeps the app's files, and a page load while the server is away
shows the app saying so — not the browser's error page — and the app once the server is back."""

from __future__ import annotations

from conftest import unique
from helpers import js_wait, own_server, sign_up_in_page

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
