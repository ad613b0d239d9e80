"""Podcasts in the web app: subscribe by a feed's URL, the episodes newest first, an episode
played from its publisher (over https, as the page's CSP allows), the position saved on pause
and offered as Resume in a second browser of the same person, Mark played, an http-only episode
played from the server's own copy (downloaded by the server), and Unsubscribe; an OPML document
imported and exported; a refresh that fails said on the podcast's page and in the list. The feed is served over http and the audio over
https by sites on loopback that the test makes, with a certificate it makes."""

from __future__ import annotations

import http.server
import json
import ssl
import subprocess
import threading
from pathlib import Path

import pytest
from conftest import unique
from helpers import Server, _ffmpeg, click, js_wait, poll_until, sign_in_in_page, sign_up_in_page

EPISODES_JS = """
const done = arguments[arguments.length - 1];
fetch(arguments[0]).then(r => r.json()).then(page => done(page.items), () => done([]));
"""

PROGRESS_JS = """
const done = arguments[arguments.length - 1];
fetch('/api/progress/episodes/' + encodeURIComponent(arguments[0]))
  .then(r => r.ok ? r.json() : null).then(done, () => done(null));
"""


class FileSite(http.server.BaseHTTPRequestHandler):
    """Serves the files in `directory`, with byte ranges (as a publisher's CDN does)."""

    directory: Path

    def do_GET(self):  # noqa: N802 - the standard library's name
        path = self.directory / self.path.lstrip("/").split("?")[0]
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        start, end, status = 0, len(data) - 1, 200
        wanted = self.headers.get("Range", "")
        if wanted.startswith("bytes="):
            first, _, last = wanted[6:].partition("-")
            start = int(first or 0)
            end = min(int(last), end) if last else end
            status = 206
        self.send_response(status)
        self.send_header("Content-Type", "application/rss+xml" if path.suffix == ".xml" else "audio/mpeg")
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(end - start + 1))
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.end_headers()
        self.wfile.write(data[start:end + 1])

    def log_message(self, *args):
        pass


def serve(directory: Path, context: ssl.SSLContext | None = None) -> http.server.ThreadingHTTPServer:
    handler = type("Site", (FileSite,), {"directory": directory})
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    if context:
        site.socket = context.wrap_socket(site.socket, server_side=True)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    return site


def certificate(directory: Path) -> ssl.SSLContext:
    key, cert = directory / "key.pem", directory / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def feed(audio_base: str, plain_base: str) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Loopback Radio</title>
  <itunes:author>Test Host</itunes:author>
  <description>Two episodes &amp; one on plain http.</description>
  <item><title>Episode Two</title><guid>ep-2</guid><pubDate>Tue, 03 Feb 2026 10:00:00 GMT</pubDate>
    <itunes:duration>6</itunes:duration><enclosure url="{audio_base}/two.mp3" type="audio/mpeg" length="1"/></item>
  <item><title>Episode One</title><guid>ep-1</guid><pubDate>Mon, 02 Feb 2026 10:00:00 GMT</pubDate>
    <itunes:duration>6</itunes:duration><enclosure url="{plain_base}/one.mp3" type="audio/mpeg" length="1"/></item>
</channel>
</rss>"""


@pytest.fixture(scope="module")
def podcast_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("podcast-site")
    for name in ("one.mp3", "two.mp3"):
        _ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=6", "-c:a", "libmp3lame", str(root / name)])
    audio = serve(root, certificate(root))
    plain = serve(root)
    (root / "feed.xml").write_text(feed(f"https://127.0.0.1:{audio.server_port}", f"http://127.0.0.1:{plain.server_port}"))
    try:
        yield {"feed": f"http://127.0.0.1:{plain.server_port}/feed.xml", "audio": f"https://127.0.0.1:{audio.server_port}/two.mp3"}
    finally:
        audio.shutdown()
        plain.shutdown()


@pytest.fixture(scope="module")
def podcast_server():
    # The feed is on loopback, which the server fetches only when allowed.
    server = Server(guests=False, extra=["--allow-private-imports"])
    server.start()
    try:
        yield server
    finally:
        server.cleanup()


def test_subscribe_play_and_resume_in_a_second_browser(podcast_server, podcast_site, browsers):
    name = unique("listener")
    page = browsers(trust_any_certificate=True)
    sign_up_in_page(page, podcast_server.base, name)
    page.execute_script("window.location.hash = '#/podcasts';")
    js_wait(page, "!!document.querySelector('#podcast-subscribe')", message="the podcasts view")
    page.find_element("css selector", "#podcast-url").send_keys(podcast_site["feed"])
    click(page, "#podcast-subscribe button[type=submit]")
    js_wait(page, "!!document.querySelector('#podcast-list .book-link')", message="the podcast in the list")
    assert "Loopback Radio" in page.execute_script("return document.querySelector('#podcast-list .book-link').textContent")
    assert "2 unplayed" in page.execute_script("return document.querySelector('#podcast-list .book-link').textContent")

    click(page, "#podcast-list .book-link")
    js_wait(page, "document.querySelectorAll('#podcast-episodes .episode').length === 2", message="the episodes")
    titles = page.execute_script("return [...document.querySelectorAll('#podcast-episodes .episode .book-title')].map(e => e.textContent)")
    assert titles == ["Episode Two", "Episode One"]  # newest first

    click(page, ".episode[data-guid='ep-2'] [data-action=play]")
    js_wait(page, f"(a => a.currentSrc === {json.dumps(podcast_site['audio'])} && !a.paused && a.currentTime > 1)(document.getElementById('player'))",
            message="the episode playing from its publisher")
    js_wait(page, "document.getElementById('np-title')?.textContent === 'Episode Two'", message="the episode in Now playing")
    assert page.execute_script("return document.title").startswith("Episode Two")
    page.execute_script("document.getElementById('player').pause();")
    saved = poll_until(lambda: page.execute_async_script(PROGRESS_JS, podcast_site["audio"]),
                       lambda p: p is not None and p["position"] > 1, message="the position saved on pause")
    assert not saved["finished"]
    # Kept as a gPodder client keeps it: by enclosure URL, with its feed and guid.
    assert saved["feed"] == podcast_site["feed"] and saved["guid"] == "ep-2", json.dumps(saved)

    # The same person in another browser is offered to resume there.
    other = browsers(trust_any_certificate=True)
    sign_in_in_page(other, podcast_server.base, name)
    podcast_id = page.execute_async_script(
        "const done = arguments[arguments.length - 1]; fetch('/api/podcasts').then(r => r.json()).then(a => done(a.podcasts[0].id));")
    # The start view's Continue listening has it, with its podcast, and resumes it there.
    other.execute_script("window.location.hash = '#/library';")
    row = json.dumps(f"#continue-listening li:has(.book-link[data-id='{podcast_site['audio']}'])")
    js_wait(other, f"(li => !!li && li.textContent.includes('Episode Two') && li.textContent.includes('Loopback Radio'))(document.querySelector({row}))",
            message="the episode in Continue listening")
    other.execute_script(f"document.querySelector({row}).querySelector('button').click();")
    js_wait(other, f"(a => !a.paused && a.currentTime >= {saved['position'] - 0.5})(document.getElementById('player'))",
            message="resumed from the start view")
    other.execute_script("document.getElementById('player').pause();")
    other.execute_script("window.location.hash = arguments[0];", f"#/podcast/{podcast_id}")
    js_wait(other, "document.querySelector('.episode[data-guid=\"ep-2\"] [data-action=play]')?.textContent.startsWith('Resume at 0:0')",
            message="Resume offered in the second browser")
    click(other, ".episode[data-guid='ep-2'] [data-action=play]")
    js_wait(other, f"(a => !a.paused && a.currentTime >= {saved['position'] - 0.5})(document.getElementById('player'))",
            message="resumed where the first browser left off")
    other.execute_script("document.getElementById('player').pause();")

    click(other, ".episode[data-guid='ep-2'] [data-action=mark]")
    js_wait(other, "document.querySelector('.episode[data-guid=\"ep-2\"] [data-action=mark]')?.textContent === 'Mark new'",
            message="the episode marked played")
    done = poll_until(lambda: other.execute_async_script(PROGRESS_JS, podcast_site["audio"]),
                      lambda p: p is not None and p["finished"], message="finished on the server")
    assert done["guid"] == "ep-2"

    # The http-only episode, which the page may not load from its publisher, plays from the
    # server's copy (the server downloads the newest episodes; the https one fails here, its
    # certificate being the test's own).
    episodes = f"/api/podcasts/{podcast_id}/episodes"
    poll_until(lambda: other.execute_async_script(EPISODES_JS, episodes),
               lambda items: any(e["guid"] == "ep-1" and e.get("download") == "done" for e in items),
               message="the server's copy of the http-only episode")
    other.execute_script("window.location.hash = '#/podcasts';")
    js_wait(other, "!!document.querySelector('#podcast-list .book-link')", message="the podcast in the list")
    click(other, "#podcast-list .book-link")
    js_wait(other, "!!document.querySelector('.episode[data-guid=\"ep-1\"] [data-action=play]')", message="the copy offered")
    click(other, ".episode[data-guid='ep-1'] [data-action=play]")
    js_wait(other, "(a => a.currentSrc.includes('/api/tracks/sha256') && !a.paused && a.currentTime > 1)(document.getElementById('player'))",
            message="the episode playing from the server's copy")
    other.execute_script("document.getElementById('player').pause();")

    # Unsubscribing leaves the list empty.
    click(other, "#podcast-unsubscribe")
    click(other, "#dialog-confirm")
    js_wait(other, "window.location.hash === '#/podcasts' && !!document.querySelector('#podcast-list')", message="back to the list")
    js_wait(other, "!document.querySelector('#podcast-list .book-link') && document.querySelector('#podcast-list').textContent.includes('No podcasts')",
            message="no podcast left")


def test_a_podcasts_own_checking_pace_is_chosen_on_its_page(podcast_server, podcast_site, browsers):
    page = browsers(trust_any_certificate=True)
    sign_up_in_page(page, podcast_server.base, unique("pace"))
    made = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/podcasts', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({url: arguments[0]})}).then(r => r.json()).then(done, () => done(null));",
        podcast_site["feed"])
    assert made and made.get("refreshMinutes") is None, json.dumps(made)
    page.execute_script("window.location.hash = arguments[0];", f"#/podcast/{made['id']}")
    js_wait(page, "document.querySelector('#podcast-refresh-pace')?.value === '0'", message="the server's pace chosen")
    page.execute_script(
        "const s = document.getElementById('podcast-refresh-pace'); s.value = '1440'; s.dispatchEvent(new Event('change'));")
    read = "const done = arguments[arguments.length - 1]; fetch('/api/podcasts').then(r => r.json()).then(a => done(a.podcasts[0]));"
    stored = poll_until(lambda: page.execute_async_script(read), lambda p: p.get("refreshMinutes") == 1440,
                        message="the pace kept on the server")
    assert stored["nextCheckAt"] >= stored["lastCheckedAt"] + 1440 * 60_000 - 1
    page.refresh()
    js_wait(page, "!!window.__blastoise", message="the app after a reload")
    page.execute_script("window.location.hash = arguments[0];", f"#/podcast/{made['id']}")
    js_wait(page, "document.querySelector('#podcast-refresh-pace')?.value === '1440'", message="the pace shown again")


CHAPTERED_FEED = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
  <title>Chaptered Radio</title><itunes:image href="{plain}/art.png"/>
  <item><title>With Chapters</title><guid>ch-1</guid><itunes:duration>6</itunes:duration>
    <enclosure url="{audio}" type="audio/mpeg" length="1"/>
    <podcast:chapters url="{plain}/chapters.json" type="application/json+chapters"/></item>
</channel>
</rss>"""


def test_a_podcasts_picture_and_an_episodes_chapters_come_from_the_server(podcast_server, podcast_site, browsers, tmp_path):
    root = tmp_path / "chaptered"
    root.mkdir()
    _ffmpeg(["-f", "lavfi", "-i", "color=c=teal:s=96x96", "-frames:v", "1", str(root / "art.png")])
    (root / "chapters.json").write_text(
        json.dumps({"version": "1.2.0", "chapters": [{"startTime": 0, "title": "Opening"}, {"startTime": 3, "title": "Second half"}]}))
    plain = serve(root)
    try:
        base = f"http://127.0.0.1:{plain.server_port}"
        (root / "feed.xml").write_text(CHAPTERED_FEED.format(plain=base, audio=podcast_site["audio"]))
        page = browsers(trust_any_certificate=True)
        sign_up_in_page(page, podcast_server.base, unique("chapters"))
        page.execute_script("window.location.hash = '#/podcasts';")
        js_wait(page, "!!document.querySelector('#podcast-subscribe')", message="the podcasts view")
        page.find_element("css selector", "#podcast-url").send_keys(f"{base}/feed.xml")
        click(page, "#podcast-subscribe button[type=submit]")
        # The feed's picture is the server's now: the list shows it from /api/covers.
        js_wait(page, "!!document.querySelector('#podcast-list .book-cover.has-cover img')?.complete", message="the podcast's picture")
        assert "/api/covers/" in page.execute_script("return document.querySelector('#podcast-list .book-cover img').src")
        click(page, "#podcast-list .book-link")
        js_wait(page, "!!document.querySelector('.episode [data-action=chapters]')", message="the episode's Chapters")
        click(page, ".episode [data-action=chapters]")
        js_wait(page, "document.querySelectorAll('.episode-chapters .chapter').length === 2", message="the chapters listed")
        titles = page.execute_script("return [...document.querySelectorAll('.episode-chapters .chapter-title')].map(e => e.textContent)")
        assert titles == ["Opening", "Second half"]
        page.execute_script("document.querySelectorAll('.episode-chapters .chapter')[1].click();")
        js_wait(page, "(a => !a.paused && a.currentTime >= 2.9)(document.getElementById('player'))", message="playing from the second chapter")
        page.execute_script("document.getElementById('player').pause();")
    finally:
        plain.shutdown()


def simple_feed(title: str, guid: str, audio: str) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>{title}</title>
  <item><title>{title} Episode</title><guid>{guid}</guid><pubDate>Mon, 02 Feb 2026 10:00:00 GMT</pubDate>
    <enclosure url="{audio}" type="audio/mpeg" length="1"/></item>
</channel></rss>"""


PODCASTS_JS = """
const done = arguments[arguments.length - 1];
fetch('/api/podcasts').then(r => r.json()).then(a => done(a.podcasts), () => done(null));
"""

OPML = """<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another app</title></head><body>
  <outline text="Feeds">
    <outline type="rss" text="First" xmlUrl="{first}"/>
    <outline type="rss" text="Second" xmlUrl="{second}"/>
  </outline>
</body></opml>"""


def test_an_opml_document_imported_subscribes_to_its_feeds_and_the_export_lists_them(podcast_server, podcast_site, browsers, tmp_path):
    root = tmp_path / "opml-feeds"
    root.mkdir()
    site = serve(root)
    try:
        base = f"http://127.0.0.1:{site.server_port}"
        feeds = {"Imported First": f"{base}/first.xml", "Imported Second": f"{base}/second.xml"}
        for index, (title, url) in enumerate(feeds.items()):
            (root / url.rsplit("/", 1)[1]).write_text(simple_feed(title, f"opml-{index}", podcast_site["audio"]))
        document = tmp_path / "subscriptions.opml"
        document.write_text(OPML.format(first=feeds["Imported First"], second=feeds["Imported Second"]))

        page = browsers(trust_any_certificate=True)
        sign_up_in_page(page, podcast_server.base, unique("opml"))
        page.execute_script("window.location.hash = '#/podcasts';")
        js_wait(page, "document.querySelector('#podcast-list')?.textContent.includes('No podcasts')", message="the empty list")
        # Import OPML opens the file picker: the file is chosen in its (hidden) file input.
        buttons = page.execute_script("return [...document.querySelectorAll('.detail-page .book-actions button')].map(b => b.textContent)")
        assert "Import OPML" in buttons, buttons
        page.find_element("css selector", ".detail-page .book-actions input[type=file]").send_keys(str(document))
        js_wait(page, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent === 'OPML: 2 new, 0 already there')",
                message="the import's toast")
        js_wait(page, "document.querySelectorAll('#podcast-list .book-link').length === 2", message="both podcasts in the list")

        # The server fetches the imported feeds in the background: opened again, the list has their titles.
        poll_until(lambda: page.execute_async_script(PODCASTS_JS),
                   lambda podcasts: podcasts and sorted(p.get("title") or "" for p in podcasts) == sorted(feeds),
                   message="both feeds fetched")
        page.execute_script("window.location.hash = '#/library';")
        js_wait(page, "!document.querySelector('#podcast-list')", message="away from the podcasts")
        page.execute_script("window.location.hash = '#/podcasts';")
        js_wait(page, "document.querySelectorAll('#podcast-list .book-link').length === 2", message="the list again")
        titles = page.execute_script("return [...document.querySelectorAll('#podcast-list .book-title')].map(e => e.textContent)")
        assert sorted(titles) == sorted(feeds), titles

        # Export OPML is a link to the document: it lists both feeds' addresses (and their titles).
        export = page.execute_script(
            "return [...document.querySelectorAll('.detail-page .book-actions a')].find(a => a.textContent === 'Export OPML')?.href")
        assert export and export.endswith("/api/podcasts/opml"), export
        exported = page.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(async r => done([r.status, r.headers.get('Content-Type'), await r.text()]), e => done([0, '', String(e)]));",
            export)
        status, kind, text = exported
        assert status == 200 and "opml" in kind, exported
        for title, url in feeds.items():
            assert f'xmlUrl="{url}"' in text, text
            assert f'text="{title}"' in text, text
    finally:
        site.shutdown()


def test_a_feed_that_fails_to_refresh_says_so_on_its_page_and_in_the_list(podcast_server, podcast_site, browsers, tmp_path):
    root = tmp_path / "breaking-feed"
    root.mkdir()
    site = serve(root)
    try:
        url = f"http://127.0.0.1:{site.server_port}/feed.xml"
        (root / "feed.xml").write_text(simple_feed("Soon Broken", "broken-1", podcast_site["audio"]))
        page = browsers(trust_any_certificate=True)
        sign_up_in_page(page, podcast_server.base, unique("refresher"))
        page.execute_script("window.location.hash = '#/podcasts';")
        js_wait(page, "!!document.querySelector('#podcast-subscribe')", message="the podcasts view")
        page.find_element("css selector", "#podcast-url").send_keys(url)
        click(page, "#podcast-subscribe button[type=submit]")
        js_wait(page, "!!document.querySelector('#podcast-list .book-link')", message="the podcast in the list")
        row = page.execute_script("return document.querySelector('#podcast-list .book-link').textContent")
        assert "Soon Broken" in row and "failed" not in row, row
        click(page, "#podcast-list .book-link")
        js_wait(page, "!!document.querySelector('#podcast-refresh') && document.querySelectorAll('#podcast-episodes .episode').length === 1",
                message="the podcast's page")
        assert page.execute_script("return document.getElementById('podcast-error')") is None

        # The publisher's feed breaks: Refresh says why, on the page and in a toast.
        (root / "feed.xml").write_text("<?xml version='1.0'?>\n<rss version='2.0'><channel><title>Broken</title><item>\n")
        click(page, "#podcast-refresh")
        js_wait(page, "!!document.getElementById('podcast-error')", message="the refresh error on the page")
        shown = page.execute_script("return document.getElementById('podcast-error').textContent")
        assert shown.startswith("Last check failed: ") and "well-formed" in shown, shown
        js_wait(page, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent.startsWith('Refresh failed: '))",
                message="the refresh error in a toast")
        # The episodes fetched before stay listed.
        assert page.execute_script("return document.querySelectorAll('#podcast-episodes .episode').length") == 1

        page.execute_script("window.location.hash = '#/podcasts';")
        js_wait(page, "!!document.querySelector('#podcast-list .book-link')", message="the list")
        row = page.execute_script("return document.querySelector('#podcast-list .book-link').textContent")
        assert "Last check failed" in row and "well-formed" in row, row
        assert page.execute_script("return !!document.querySelector('#podcast-list .book-link .warning-text')")
    finally:
        site.shutdown()
