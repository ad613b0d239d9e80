"""Fixtures of the security suite: each test gets real servers of its own (the binary from
BLASTOISE_BIN on 127.0.0.1, a temp data dir, flags as the test asks), stopped and removed after
it; real audio to upload. No browser: these tests speak HTTP and WebSocket themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import Server, wait_until, write_track
from .wire import ADMIN, get_json, setup_code, sign_up


def pytest_collection_modifyitems(config, items):  # noqa: ARG001
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.security)


@pytest.fixture()
def start_server():
    """start(guests=False, tracks=0, extra=[...]) → a started Server; `tracks` tagged WAVs of
    30 s are in its music folder and in its library before it is returned."""
    started: list[Server] = []

    def start(*, guests: bool = False, tracks: int = 0, extra: list[str] | None = None) -> Server:
        server = Server(guests=guests, extra=extra)
        server.music.mkdir(parents=True, exist_ok=True)
        for index in range(tracks):
            write_track(server.music / f"{index + 1:02d} Track.wav", 30, f"Track {index + 1}",
                        freq=300.0 + 40 * index, rate=8000)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.cleanup()


@pytest.fixture()
def admin():
    """admin(server) → the session token of the server's first account, the admin (with the
    setup code from the log, which a server behind a --trusted-proxy needs even from loopback),
    once its library has every file of the music folder."""

    def make(server: Server, expected_tracks: int = 0) -> str:
        token = sign_up(server, ADMIN, setup_code=setup_code(server))
        if expected_tracks:
            wait_until(lambda: len(get_json(server, "/api/library", token)) >= expected_tracks,
                       message=f"{expected_tracks} tracks in the library")
        return token

    return make
