"""Shared by the e2e tests and the sync harness: WAV files with tags, the real server on a free
loopback port, a small API client, and headless Chromium pages."""

from __future__ import annotations

import atexit
import contextlib
import http.cookiejar
import json
import math
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"

# How long a wait may take before the test gives up: a hang guard, not a speed target. The tests
# wait for the page to get where it should (a slow or busy machine only takes longer); how fast
# it gets there is measured by the benchmarks in bench/web and bench/web-sync.
GUARD = float(os.environ.get("E2E_GUARD", "60"))

XSS_TITLE = '<img src=x onerror="window.__xss=1">'


# ---------------------------------------------------------------- audio files


def tone_pcm(seconds: float, *, freq: float = 440.0, rate: int = 22050, bits: int = 16) -> bytes:
    frames = int(seconds * rate)
    if bits == 16:
        pcm = bytearray(frames * 2)
        step = 2 * math.pi * freq / rate
        for i in range(frames):
            struct.pack_into("<h", pcm, i * 2, int(6000 * math.sin(step * i)))
        return bytes(pcm)
    return bytes((128 + int(40 * math.sin(2 * math.pi * freq * i / rate))) & 0xFF for i in range(frames))


def wav_from_pcm(pcm: bytes, *, rate: int, bits: int, tags: dict[str, str] | None = None) -> bytes:
    """Mono PCM WAV with a RIFF LIST/INFO chunk (INAM title, IART artist, IPRD album)."""
    info = b"INFO"
    for key, value in sorted((tags or {}).items()):
        text = value.encode("utf-8") + b"\0"
        if len(text) % 2:
            text += b"\0"
        info += key.encode("ascii") + struct.pack("<I", len(text)) + text
    block = bits // 8
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * block, block, bits)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"LIST" + struct.pack("<I", len(info)) + info
    body += b"data" + struct.pack("<I", len(pcm)) + pcm
    return b"RIFF" + struct.pack("<I", len(body)) + body


def wav_bytes(seconds: float, *, freq: float = 440.0, rate: int = 22050, tags: dict[str, str] | None = None,
              bits: int = 16) -> bytes:
    return wav_from_pcm(tone_pcm(seconds, freq=freq, rate=rate, bits=bits), rate=rate, bits=bits, tags=tags)


def write_track(path: Path, seconds: float, title: str, artist: str = "E2E Ensemble", album: str = "E2E Album",
                freq: float = 440.0, **kwargs) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(wav_bytes(seconds, freq=freq, tags={"INAM": title, "IART": artist, "IPRD": album}, **kwargs))
    return path


STANDARD_TRACKS = [
    ("01 Alpha.wav", 95, "Alpha Tone", 330.0),
    ("02 Beta.wav", 80, "Beta Tone", 392.0),
    ("03 Gamma.wav", 70, "Gamma Tone", 440.0),
    ("04 Delta.wav", 60, "Delta Tone", 494.0),
    ("05 Hostile.wav", 30, XSS_TITLE, 523.0),
]


def make_music(directory: Path) -> None:
    for name, seconds, title, freq in STANDARD_TRACKS:
        write_track(directory / name, seconds, title, freq=freq)


# Tagged albums made by ffmpeg (real ID3v2 and Vorbis comments, as music libraries have them):
# (path, seconds, tags). "Hljóð" has its cover embedded (ID3 APIC) and its discs and tracks out of
# file-name order; "Folder Cover" has a cover.jpg beside its FLACs (and lyrics in its first); "Mystery Tapes" has no artist
# and no cover; the last file has no tags at all.
LYRICS = "First line of the song\nSecond line, <b>not bold</b>"
CATALOG_TRACKS = [
    ("Hljod/a-last.mp3", 30, {"title": "Þriðja", "disc": "2/2", "track": "1/1"}),
    ("Hljod/b-middle.mp3", 30, {"title": "Annað", "disc": "1/2", "track": "2/2"}),
    ("Hljod/c-first.mp3", 30, {"title": "Fyrsta", "disc": "1/2", "track": "1/2"}),
    ("Folder Cover/01 Opening.flac", 30, {"title": "Opening Number", "artist": "Cover Band", "album": "Folder Cover",
                                          "track": "1", "date": "1999", "genre": "Jazz", "LYRICS": LYRICS}),
    ("Folder Cover/02 Closing.flac", 30, {"title": "Closing Number", "artist": "Cover Band", "album": "Folder Cover",
                                          "track": "2", "date": "1999", "genre": "Jazz"}),
    ("Mystery/side-a.flac", 30, {"title": "Side A", "album": "Mystery Tapes"}),
    ("untagged-take.flac", 30, {}),
]
HLJOD_TAGS = {"artist": "Sigur Test", "album_artist": "Sigur Test", "album": "Hljóð", "date": "2002", "genre": "Post-Rock"}
HLJOD_ORDER = ["Fyrsta", "Annað", "Þriðja"]  # disc 1 track 1, disc 1 track 2, disc 2 track 1


def make_catalog_music(directory: Path) -> int:
    """Writes CATALOG_TRACKS (and their covers) under directory; returns how many tracks."""
    pictures = directory / ".covers"
    pictures.mkdir(parents=True, exist_ok=True)
    embedded = pictures / "hljod.jpg"
    _ffmpeg(["-f", "lavfi", "-i", "testsrc=size=300x300", "-frames:v", "1", str(embedded)])
    (directory / "Folder Cover").mkdir(parents=True, exist_ok=True)
    _ffmpeg(["-f", "lavfi", "-i", "smptebars=size=320x320", "-frames:v", "1", str(directory / "Folder Cover" / "cover.jpg")])
    for index, (name, seconds, tags) in enumerate(CATALOG_TRACKS):
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        source = ["-f", "lavfi", "-i", f"sine=frequency={300 + 40 * index}:sample_rate=22050:duration={seconds}"]
        metadata = [arg for key, value in ({**HLJOD_TAGS, **tags} if name.startswith("Hljod/") else tags).items()
                    for arg in ("-metadata", f"{key}={value}")]
        if name.endswith(".mp3"):
            cover = ["-i", str(embedded), "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-id3v2_version", "3",
                     "-metadata:s:v", "comment=Cover (front)"]
            _ffmpeg(source + cover + ["-c:a", "libmp3lame", "-b:a", "64k", "-ac", "1"] + metadata + [str(path)])
        else:
            _ffmpeg(source + ["-ac", "1"] + metadata + [str(path)])
    shutil.rmtree(pictures)
    return len(CATALOG_TRACKS)


def _ffmpeg(arguments: list[str]) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-y", *arguments], check=True, stdin=subprocess.DEVNULL, timeout=GUARD)


def make_big_library(directory: Path, count: int = 10_000) -> None:
    """count one-second tracks "Track 00000"… in 50 artist folders (400 albums), tiny 8-bit WAVs."""
    pcm = tone_pcm(1.0, freq=300, rate=4000, bits=8)
    for i in range(count):
        sub = directory / f"artist{i % 50:02d}"
        sub.mkdir(parents=True, exist_ok=True)
        tags = {"INAM": f"Track {i:05d}", "IART": f"Artist {i % 50:02d}", "IPRD": f"Album {i % 400:03d}"}
        (sub / f"{i:05d}.wav").write_bytes(wav_from_pcm(pcm, rate=4000, bits=8, tags=tags))


# ---------------------------------------------------------------- server


def server_binary() -> Path:
    path = Path(os.environ.get("BLASTOISE_BIN", ".build/debug/blastoise"))
    if not path.is_absolute():
        path = REPO / path
    return path


class Server:
    """The real blastoise binary on 127.0.0.1 with a temp data dir."""

    def __init__(self, music: Path | None = None, *, guests: bool = True, extra: list[str] | None = None):
        self.root = Path(tempfile.mkdtemp(prefix="blastoise-e2e-"))
        self.music = music or self.root / "music"
        self.data = self.root / "data"
        self.extra = extra or []
        self.guests = guests
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.log_path = self.root / "server.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, port: int = 0, timeout: float = GUARD) -> "Server":
        binary = server_binary()
        if not binary.exists():
            raise RuntimeError(f"{binary} does not exist: build the server (swift build) or set BLASTOISE_BIN")
        args = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(self.data),
                "--music-dir", str(self.music), "--web-dir", str(REPO / "Web")]
        if self.guests:
            args.append("--guests")
        args += self.extra
        log = open(self.log_path, "ab")
        # On a restart the log already says where the last run listened: read only this run's lines.
        earlier = log.tell()
        self.proc = subprocess.Popen(args, stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        log.close()  # the child has its own copy
        _LIVE.add(self)
        deadline = time.time() + timeout
        while time.time() < deadline:
            with open(self.log_path, "rb") as file:
                file.seek(earlier)
                text = file.read().decode(errors="replace")
            found = re.findall(r"listening on http://127\.0\.0\.1:(\d+)", text)
            if found:
                self.port = int(found[-1])
                break
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {text[-2000:]}")
            time.sleep(0.05)
        else:
            raise RuntimeError("server did not start")
        return self

    def wait_for_library(self, count: int, timeout: float = GUARD) -> list[dict]:
        api = Api(self.base)
        api.signup("e2e-probe-admin", "probe-password-1")
        deadline = time.time() + timeout
        tracks: list[dict] = []
        while time.time() < deadline:
            tracks = api.get("/api/library")
            if len(tracks) >= count:
                return tracks
            time.sleep(0.1)
        raise RuntimeError(f"library has {len(tracks)} tracks after {timeout:.0f} s, expected {count}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
        _LIVE.discard(self)


class Api:
    """JSON over HTTP with a cookie jar (one signed-in user)."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.user = None

    def request(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(req, timeout=GUARD) as response:
                text = response.read().decode()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read().decode(errors="replace")
            raise ApiError(error.code, text) from None

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, body=None):
        return self.request("POST", path, body if body is not None else {})

    def patch(self, path, body):
        return self.request("PATCH", path, body)

    def delete(self, path):
        return self.request("DELETE", path)

    def signup(self, username: str, password: str):
        self.user = self.post("/api/auth/signup", {"username": username, "password": password})["user"]
        return self.user

    def login(self, username: str, password: str):
        self.user = self.post("/api/auth/login", {"username": username, "password": password})["user"]
        return self.user


class ApiError(Exception):
    def __init__(self, status: int, body: str):
        super().__init__(f"HTTP {status}: {body[:300]}")
        self.status = status
        self.body = body


# ---------------------------------------------------------------- browser


@contextlib.contextmanager
def own_server(**options):
    """A server of the test's own on the standard music (its probe account the admin), ready with
    the library read, removed afterwards."""
    server = Server(**options)
    make_music(server.music)
    server.start()
    try:
        server.wait_for_library(len(STANDARD_TRACKS))
        yield server
    finally:
        server.cleanup()


def chrome(*, autoplay: bool = True, width: int = 1280, height: int = 800, mobile: bool = False,
           trust_any_certificate: bool = False):
    """A headless Chromium whose profile and temp files live in a folder of its own, removed by
    quit() (Chromium leaves its singleton socket and screenshot files in TMPDIR otherwise).
    `trust_any_certificate`: for a test's own https site on loopback, whose certificate it made."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    scratch = tempfile.mkdtemp(prefix="blastoise-e2e-chrome-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--mute-audio",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows", f"--window-size={width},{height}",
                f"--user-data-dir={scratch}/profile"):
        options.add_argument(arg)
    options.add_argument("--autoplay-policy=" + ("no-user-gesture-required" if autoplay else "document-user-activation-required"))
    if trust_any_certificate:
        options.add_argument("--ignore-certificate-errors")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver",
                      env={**os.environ, "TMPDIR": scratch})
    try:
        driver = webdriver.Chrome(options=options, service=service)
    except BaseException:
        _stop_service(service)
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    quit_driver = driver.quit

    def quit() -> None:
        _LIVE.discard(driver)
        try:
            quit_driver()
        except Exception:  # noqa: BLE001 - the browser may be gone already; still stop the driver
            _stop_service(service)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    driver.quit = quit
    _LIVE.add(driver)
    driver.set_script_timeout(GUARD)
    if mobile or width != 1280 or height != 800:
        set_viewport(driver, width, height, mobile=mobile)
    else:
        set_viewport(driver, width, height)
    return driver


def _stop_service(service) -> None:
    try:
        service.stop()
    except Exception:  # noqa: BLE001
        pass


# ---------------------------------------------------------------- cleanup

# Servers and browsers not yet cleaned up. A SIGTERM (`timeout`, which signals the whole process
# group) or SIGHUP becomes a KeyboardInterrupt, so pytest stops and tears its fixtures down as on
# Ctrl-C; whatever is still here at exit is stopped and its folder removed.
_LIVE: set = set()


def cleanup_all() -> None:
    for thing in list(_LIVE):
        try:
            if isinstance(thing, Server):
                thing.cleanup()
            else:
                thing.quit()
        except Exception:  # noqa: BLE001
            pass
        _LIVE.discard(thing)


def _on_signal(signum, frame):  # noqa: ARG001
    for other in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(other, signal.SIG_IGN)  # once is enough: let the teardown finish
    raise KeyboardInterrupt(f"signal {signum}")


atexit.register(cleanup_all)
for _signal in (signal.SIGTERM, signal.SIGHUP):
    try:
        signal.signal(_signal, _on_signal)
    except (ValueError, OSError):  # not the main thread
        pass


def set_viewport(driver, width: int, height: int, *, mobile: bool = False) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def wait_until(predicate, timeout: float | None = None, interval: float = 0.05, message: str = "condition"):
    """Polls predicate until it returns something true; gives up after timeout (default GUARD),
    a hang guard only."""
    timeout = GUARD if timeout is None else timeout
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except Exception as error:  # noqa: BLE001 - keep polling through transient DOM states
            last = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {message} (last: {last!r})")


def poll_until(read, accept, timeout: float | None = None, interval: float = 0.05, message: str = "condition"):
    """Reads a value (read()) until accept(value) holds and returns it; on giving up (after
    timeout, default GUARD: a hang guard only) the message shows the last value read."""
    seen = []

    def attempt():
        value = read()
        seen[:] = [value]
        return accept(value)

    try:
        wait_until(attempt, timeout, interval, message)
    except AssertionError as error:
        raise AssertionError(f"{error}; last value read: {seen[0] if seen else None!r}") from None
    return seen[0]


def js_wait(driver, expression: str, timeout: float | None = None, message: str | None = None):
    return wait_until(lambda: driver.execute_script(f"return ({expression});"), timeout, message=message or expression)


def console_errors(driver) -> list[str]:
    try:
        logs = driver.get_log("browser")
    except Exception:  # noqa: BLE001
        return []
    return [entry["message"] for entry in logs if entry.get("level") == "SEVERE"]


def sign_up_in_page(driver, base: str, username: str, password: str = "password-123") -> None:
    from selenium.webdriver.common.by import By

    driver.get(base + "/")
    js_wait(driver, "document.querySelector('#auth-form') || document.querySelector('#app')")
    if driver.execute_script("return !!document.querySelector('#app')"):
        return
    driver.find_element(By.ID, "tab-signup").click()
    driver.find_element(By.ID, "auth-username").send_keys(username)
    driver.find_element(By.ID, "auth-password").send_keys(password)
    driver.find_element(By.ID, "auth-submit").click()
    js_wait(driver, "document.querySelector('#app') && window.__blastoise", message="the app after sign-up")


def sign_in_in_page(driver, base: str, username: str, password: str = "password-123") -> None:
    from selenium.webdriver.common.by import By

    driver.get(base + "/")
    js_wait(driver, "document.querySelector('#auth-form')")
    driver.find_element(By.ID, "auth-username").send_keys(username)
    driver.find_element(By.ID, "auth-password").send_keys(password)
    driver.find_element(By.ID, "auth-submit").click()
    js_wait(driver, "document.querySelector('#app') && window.__blastoise", message="the app after sign-in")


def sync_info(driver) -> dict:
    return driver.execute_script("return window.__blastoise && window.__blastoise.syncInfo();")


def switch_room_in_page(driver, room_id: str) -> None:
    driver.execute_script(
        "document.querySelector(`#room-list li[data-id='${arguments[0]}'] .room-main`).click();", room_id)
    js_wait(driver, f"window.__blastoise.syncInfo().roomTrackId !== null && "
                    f"document.querySelector(\"#room-list li[data-id='{room_id}']\").classList.contains('active')",
            message="the room switch")


def click(driver, css: str, timeout: float | None = None) -> None:
    """Clicks the first element matching css, retrying while the page re-renders it."""
    from selenium.common.exceptions import (ElementClickInterceptedException, NoSuchElementException,
                                            StaleElementReferenceException)
    from selenium.webdriver.common.by import By

    def attempt():
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return True
        except (StaleElementReferenceException, NoSuchElementException, ElementClickInterceptedException):
            return False

    wait_until(attempt, timeout, message=f"a clickable {css}")


def open_library_view(driver, view: str) -> None:
    """Clicks the library's link to `view` until the address is the link's. A click goes to where
    the link was a moment before: a pane above that grows in between (a room's cover arriving)
    sends it beside the link, and the page stays where it was."""
    css = f"#library-nav a[data-view='{view}']"

    def attempt():
        click(driver, css)
        return driver.execute_script(
            "return window.location.hash === document.querySelector(arguments[0])?.getAttribute('href');", css)

    wait_until(attempt, message=f"the library's {view} link followed")


def library_tracks(driver):
    """Opens the library's Tracks view (where the search box filters the list of every track) and
    returns the search box."""
    from selenium.webdriver.common.by import By

    open_library_view(driver, "tracks")
    js_wait(driver, "!!document.getElementById('library-list') && "
                    "document.getElementById('library-search').placeholder.startsWith('Filter')", message="the Tracks view")
    return driver.find_element(By.ID, "library-search")


def text_of(driver, css: str) -> str | None:
    return driver.execute_script("const el = document.querySelector(arguments[0]); return el ? el.textContent : null;", css)


def qr_decode(png: bytes, path: Path) -> bytes:
    """What a real QR decoder (zbarimg, Debian's zbar-tools) reads from a PNG: the raw bytes, no
    charset guessed. The PNG is kept at `path` for a look when it fails."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg is missing: install Debian's zbar-tools (scripts/install-deps)"
    path.write_bytes(png)
    result = subprocess.run([zbarimg, "--quiet", "--raw", "-Sbinary", str(path)], capture_output=True,
                            timeout=GUARD, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"zbarimg read nothing from {path} (exit {result.returncode}): {result.stderr!r}"
    return result.stdout.removesuffix(b"\n")

