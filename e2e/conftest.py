"""Fixtures: one real server for the session (generated tagged WAVs, guests on), browsers that
are closed (with a screenshot and the console on failure) after each test, and API users."""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import SCREENSHOTS, Api, Server, chrome, console_errors, make_catalog_music, make_music, wait_until  # noqa: E402

_counter = itertools.count(1)


def unique(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000) % 10_000_000}{next(_counter)}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


@pytest.fixture(scope="session")
def server():
    srv = Server()
    make_music(srv.music)
    catalog = make_catalog_music(srv.music)
    srv.start()
    try:
        srv.wait_for_library(5 + catalog)
        probe = Api(srv.base)
        probe.login("e2e-probe-admin", "probe-password-1")
        # Four albums: E2E Album, Hljóð, Folder Cover, Mystery Tapes (the catalog follows the scan).
        wait_until(lambda: probe.get("/api/albums")["total"] >= 4, message="the catalog's albums")
        yield srv
    finally:
        srv.cleanup()


@pytest.fixture()
def browsers(request):
    """open(**chrome_options) → a new headless Chromium; all are closed after the test."""
    opened = []

    def open_browser(**options):
        driver = chrome(**options)
        opened.append(driver)
        return driver

    yield open_browser
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, driver in enumerate(opened):
        if failed:
            SCREENSHOTS.mkdir(exist_ok=True)
            try:
                driver.save_screenshot(str(SCREENSHOTS / f"failed-{request.node.name}-{index}.png"))
                print(f"console of browser {index}:", *console_errors(driver), sep="\n  ")
            except Exception:  # noqa: BLE001
                pass
        driver.quit()


@pytest.fixture()
def make_api(server):
    def make(prefix: str = "api"):
        api = Api(server.base)
        api.signup(unique(prefix), "password-123")
        return api
    return make


def tone_tracks(api: Api) -> list[dict]:
    return [t for t in api.get("/api/library") if t["title"].endswith("Tone")]


def new_room(api: Api, track_ids: list[str], name: str | None = None) -> dict:
    room = api.post("/api/channels", {"name": name or unique("Room ")})
    if track_ids:
        api.patch(f"/api/channels/{room['id']}/queue", {"set": track_ids})
    return room
