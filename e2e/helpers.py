"""Shared by the e2e tests and the sync harness: WAV files with tags, the real server on a free
loopback port, a small API client, and headless Chromium pages."""

from __future__ import annotations

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

    def start(self, port: int = 0, timeout: float = 20) -> "Server":
        binary = server_binary()
        if not binary.exists():
            raise RuntimeError(f"{binary} does not exist: build the server (swift build) or set BLASTOISE_BIN")
        args = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(self.data),
                "--music-dir", str(self.music), "--web-dir", str(REPO / "Web")]
        if self.guests:
            args.append("--guests")
        args += self.extra
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(args, stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        deadline = time.time() + timeout
        while time.time() < deadline:
            text = self.log_path.read_text(errors="replace")
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

    def wait_for_library(self, count: int, timeout: float = 60) -> list[dict]:
        api = Api(self.base)
        api.signup("e2e-probe-admin", "probe-password-1")
        deadline = time.time() + timeout
        while time.time() < deadline:
            tracks = api.get("/api/library")
            if len(tracks) >= count:
                return tracks
            time.sleep(0.1)
        raise RuntimeError(f"library has {len(tracks)} tracks, expected {count}")

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
            with self.opener.open(req, timeout=15) as response:
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


def chrome(*, autoplay: bool = True, width: int = 1280, height: int = 800, mobile: bool = False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--mute-audio",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.add_argument("--autoplay-policy=" + ("no-user-gesture-required" if autoplay else "document-user-activation-required"))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(20)
    if mobile or width != 1280 or height != 800:
        set_viewport(driver, width, height, mobile=mobile)
    else:
        set_viewport(driver, width, height)
    return driver


def set_viewport(driver, width: int, height: int, *, mobile: bool = False) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def wait_until(predicate, timeout: float = 10, interval: float = 0.05, message: str = "condition"):
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
    raise AssertionError(f"timed out waiting for {message} (last: {last!r})")


def js_wait(driver, expression: str, timeout: float = 10, message: str | None = None):
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
    js_wait(driver, "document.querySelector('#auth-form') || document.querySelector('#app')", 15)
    if driver.execute_script("return !!document.querySelector('#app')"):
        return
    driver.find_element(By.ID, "tab-signup").click()
    driver.find_element(By.ID, "auth-username").send_keys(username)
    driver.find_element(By.ID, "auth-password").send_keys(password)
    driver.find_element(By.ID, "auth-submit").click()
    js_wait(driver, "document.querySelector('#app') && window.__blastoise", 15, "the app after sign-up")


def sign_in_in_page(driver, base: str, username: str, password: str = "password-123") -> None:
    from selenium.webdriver.common.by import By

    driver.get(base + "/")
    js_wait(driver, "document.querySelector('#auth-form')", 15)
    driver.find_element(By.ID, "auth-username").send_keys(username)
    driver.find_element(By.ID, "auth-password").send_keys(password)
    driver.find_element(By.ID, "auth-submit").click()
    js_wait(driver, "document.querySelector('#app') && window.__blastoise", 15, "the app after sign-in")


def sync_info(driver) -> dict:
    return driver.execute_script("return window.__blastoise && window.__blastoise.syncInfo();")


def switch_room_in_page(driver, room_id: str) -> None:
    driver.execute_script(
        "document.querySelector(`#room-list li[data-id='${arguments[0]}'] .room-main`).click();", room_id)
    js_wait(driver, f"window.__blastoise.syncInfo().roomTrackId !== null && "
                    f"document.querySelector(\"#room-list li[data-id='{room_id}']\").classList.contains('active')",
            10, "the room switch")


def click(driver, css: str, timeout: float = 8) -> None:
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


def text_of(driver, css: str) -> str | None:
    return driver.execute_script("const el = document.querySelector(arguments[0]); return el ? el.textContent : null;", css)
