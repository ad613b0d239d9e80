"""Issue #13, items 6 and 7: `....wav` was stored as `uploads/wav`, answered 200, and the track
was gone after the next scan; long multi-byte names (150 emoji, a letter with 400 combining
marks) answered 500. Every hostile name now gets a 2xx with a sane stored name — a stem, its
accepted extension, at most 255 bytes, cut on a character boundary, inside uploads/ — or a clear
4xx JSON error, never a 5xx; and every acknowledged upload still plays after a rescan and a
restart of the server."""

from __future__ import annotations

import os
import unicodedata

import pytest

from helpers import Server, poll_until
from .wire import ADMIN, get_json, mp3_tone, request, sign_up, tone, upload

NOTE = "\U0001F3B5"
ACCEPTED = {"mp3", "ogg", "flac", "wav", "m4a", "aac", "opus", "wma", "mp4"}
HOSTILE = {
    "dots only": "....wav",
    "150 emoji": NOTE * 150 + ".wav",
    "400 combining marks": "e" + "\u0301" * 400 + ".wav",
    "traversal": "../../x.mp3",
    "backslash traversal": "..\\..\\..\\win.wav",
    "absolute path": "/etc/cron.d/x.wav",
    "NUL": "evil\x00.sh.wav",
    "RTL override": "track\u202e3pm.wav",
    "slash with a combining overlay": "/\u0338.wav",
    "blank stem": "   .wav",
    "hidden file": ".hidden.wav",
    "invalid UTF-8": "\udcff\udcfe.wav",
    "control characters": "a\r\nb\x1b[31m\x7f.wav",
    "no stem": ".wav",
    "no extension": "wav",
    "a double extension that is not audio": "song.wav.exe",
    "255 bytes exactly": "a" * 251 + ".wav",
    "256 bytes": "b" * 252 + ".wav",
}


def sane(name: str, sent: str) -> list[str]:
    """What is wrong with a stored name (empty when nothing is)."""
    problems = []
    if len(name.encode()) > 255:
        problems.append(f"{len(name.encode())} bytes")
    if any(c in name for c in "/\\\x00") or any(ord(c) < 0x20 or ord(c) == 0x7F for c in name):
        problems.append("a path separator, NUL or control character")
    stem, dot, extension = name.rpartition(".")
    if not dot or extension.lower() not in ACCEPTED:
        problems.append(f"no accepted extension ({extension!r})")
    elif extension.lower() != sent.rpartition(".")[2].lower():
        problems.append(f"the extension changed from {sent.rpartition('.')[2]!r}")
    if not stem.strip() or stem.startswith("."):
        problems.append(f"an empty, blank or hidden stem ({stem!r})")
    for char in stem:
        if unicodedata.category(char) == "Cs":
            problems.append("a lone surrogate")
            break
    return problems


@pytest.fixture(scope="module")
def uploaded():
    """One server, every hostile name uploaded once (each file different audio): the server, the
    admin's token and {case: (name sent, bytes sent, reply)}."""
    server = Server(guests=False)
    server.music.mkdir(parents=True)
    server.start()
    try:
        token = sign_up(server, ADMIN)
        results = {}
        for case, name in HOSTILE.items():
            data = mp3_tone() if name.endswith(".mp3") else tone()
            results[case] = (name, data, upload(server, token, name, data))
        yield server, token, results
    finally:
        server.cleanup()


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_name_is_stored_sanely_or_refused_clearly(uploaded, case):
    server, _, results = uploaded
    name, _, reply = results[case]
    assert reply.status < 500, f"{case}: {reply.status} {reply.body[:300]!r}"
    if reply.status >= 400:
        assert reply.status in (400, 413, 415), reply.status
        assert isinstance(reply.json()["error"], str) and reply.json()["error"]
        return
    assert reply.status == 200
    answer = reply.json()
    assert answer["duplicates"] == [] and len(answer["tracks"]) == 1, answer
    stored = answer["tracks"][0]["filename"]
    assert not sane(stored, name), f"{case}: stored as {stored!r}: {sane(stored, name)}"
    assert stored in os.listdir(server.data / "uploads"), f"{case}: {stored!r} is not a file in uploads/"


def test_long_names_are_cut_on_a_character_boundary(uploaded):
    _, _, results = uploaded
    emoji = results["150 emoji"][2]
    assert emoji.status == 200, emoji.body
    stem = emoji.json()["tracks"][0]["filename"].removesuffix(".wav")
    assert stem and stem == NOTE * (len(stem) // len(NOTE)), f"cut inside a character: {stem[-3:]!r}"
    assert len(stem.encode()) + 4 > 255 - 4, "cut far shorter than 255 bytes"
    exact = results["255 bytes exactly"][2]
    assert exact.status == 200 and exact.json()["tracks"][0]["filename"] == "a" * 251 + ".wav"
    over = results["256 bytes"][2]
    assert over.status == 200 and over.json()["tracks"][0]["filename"] == "b" * 251 + ".wav"


def test_nothing_is_written_outside_the_uploads_folder(uploaded):
    server, _, results = uploaded
    allowed = {server.data / "uploads", server.data / "imports", server.data, server.root, server.music}
    for directory, _, files in os.walk(server.root):
        for file in files:
            path = os.path.join(directory, file)
            if file.rpartition(".")[2].lower() in ACCEPTED:
                assert os.path.dirname(path) == str(server.data / "uploads"), f"an upload landed at {path}"
        assert any(str(directory).startswith(str(a)) for a in allowed), directory
    assert not os.path.exists(server.root.parent / "x.mp3") or os.path.getmtime(
        server.root.parent / "x.mp3") < os.path.getctime(server.root), "../../x.mp3 escaped the data folder"
    accepted = [r for _, _, r in results.values() if r.status == 200]
    assert len(os.listdir(server.data / "uploads")) == len(accepted)


def test_every_acknowledged_upload_plays_after_a_rescan_and_a_restart(uploaded):
    server, token, results = uploaded
    acknowledged = {r.json()["tracks"][0]["id"]: (case, data) for case, (_, data, r) in results.items()
                    if r.status == 200}
    assert len(acknowledged) >= 10

    def plays(stage: str) -> None:
        library = {t["id"]: t for t in get_json(server, "/api/library", token)}
        for track_id, (case, data) in acknowledged.items():
            assert track_id in library and library[track_id]["available"], f"{case}: gone from the library {stage}"
            audio = request(server, "GET", f"/api/tracks/{track_id}", cookie=token)
            assert audio.status == 200 and audio.body == data, f"{case}: {audio.status} {stage}"
            assert audio.header("Content-Type").startswith("audio/")

    plays("after upload")
    scan = request(server, "POST", "/api/library/scan", body={}, cookie=token)
    assert scan.status == 200 and scan.json()["missing"] == 0, scan.body
    plays("after a rescan")
    server.stop()
    server.start()
    poll_until(lambda: {t["id"] for t in get_json(server, "/api/library", token) if t["available"]},
               lambda ids: set(acknowledged) <= ids, message="every acknowledged upload in the library after a restart")
    plays("after a restart")
