"""One page of the web app playing its room into a PulseAudio sink, for bench/acoustic/run: a
headless Chromium whose PULSE_SINK is that sink, signed in, left playing until the process is
stopped. With ACOUSTIC_WEB_LOBBY and ACOUSTIC_WEB_ROOM (room IDs) the page waits, signed in, in the
lobby (an empty room: silent) for ACOUSTIC_WEB_OPEN_S seconds (15 by default: a listener who had
the app open; 1 for one who joins as the page opens — a new output's timing is misread for its
first ~10 s through PulseAudio), then joins the room as a listener does, by switching to it, and
prints a `joined` event then; without, a page lands in the main room on signing in, and the event
is printed when it signs in. Then "playing" once the page's sync says so, and the page's sync
numbers twice a second.
ACOUSTIC_WEB_DELAY_MS sets the page's output delay (the sync meter's setting); ACOUSTIC_WEB_CACHE=off
turns the page's track cache off (every track then plays a piece at a time from the server; with
the cache on, a track played once is kept and plays decoded whole from there).

    python web_player.py BASE USER PASSWORD SINK
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def wait_for(driver, script: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not driver.execute_script("return !!(" + script + ")"):
        if time.monotonic() > deadline:
            raise SystemExit(f"web_player: gave up waiting for {script}")
        time.sleep(0.1)


def main() -> None:
    base, user, password, sink = sys.argv[1:5]
    profile = tempfile.mkdtemp(prefix="blastoise-acoustic-chrome-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                     "--disable-extensions", "--autoplay-policy=no-user-gesture-required",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                     "--disable-backgrounding-occluded-windows", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(env={**os.environ, "PULSE_SINK": sink}))
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    try:
        driver.get(base + "/")
        settings = {}
        if os.environ.get("ACOUSTIC_WEB_DELAY_MS"):
            settings["blastoise.outputDelay"] = os.environ["ACOUSTIC_WEB_DELAY_MS"]
        lobby, room = os.environ.get("ACOUSTIC_WEB_LOBBY"), os.environ.get("ACOUSTIC_WEB_ROOM")
        if lobby and room:
            settings["blastoise.channel"] = lobby  # the room a page opens in
        if os.environ.get("ACOUSTIC_WEB_CACHE") == "off":
            settings["blastoise.cache"] = json.dumps({"enabled": False})
        if settings:
            driver.execute_script(
                "for (const [key, value] of Object.entries(arguments[0])) localStorage.setItem(key, value);"
                " location.reload();", settings)
        wait_for(driver, "document.querySelector('#auth-form')")
        driver.find_element(By.ID, "auth-username").send_keys(user)
        driver.find_element(By.ID, "auth-password").send_keys(password)
        driver.find_element(By.ID, "auth-submit").click()
        if lobby and room:
            # Settled in the lobby first: the page, its socket and its audio output are up.
            wait_for(driver, "window.__blastoise && window.__blastoise.syncInfo().phase === 'empty'")
            time.sleep(float(os.environ.get("ACOUSTIC_WEB_OPEN_S", "15")))
            print(json.dumps({"type": "event", "event": "joined", "wall": time.time() * 1000}), flush=True)
            driver.execute_script("location.hash = arguments[0];", f"#/room/{room}")
        else:
            # Signing in is joining: the page lands in the main room (join → sound counts from here).
            print(json.dumps({"type": "event", "event": "joined", "wall": time.time() * 1000}), flush=True)
        wait_for(driver, "window.__blastoise && window.__blastoise.syncInfo().phase === 'playing'")
        print("playing", flush=True)
        # Then the page's own view twice a second (kept with ACOUSTIC_KEEP), to set beside the recording.
        while not stopping:
            info = driver.execute_script(
                "const i = window.__blastoise.syncInfo(); return [i.phase, i.output, i.drift, i.filteredDrift, i.rate,"
                " i.offset, i.seeks, i.outputLatencyMs, i.serverNow, i.source, i.position, i.trackId];")
            print("info", json.dumps(info), flush=True)
            time.sleep(0.5)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
