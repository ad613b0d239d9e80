"""Debian's sublime-music (a GTK music app, 0.11.16 in Debian 12) against the real server, headless:
its Subsonic adapter, the part of the app that talks to the server, is driven by Debian's python3
as the app drives it to sync and play: the connection check, artists, an artist's albums and an
album's songs, every album page by page, genres, search, the folder view, playlists (reading one
made in the web app, making one), a song's details, its stream URI and cover art URIs (fetched),
the play queue it saves for the user's other apps, and a scrobble. The adapter module imports Gtk
but opens no window: it runs with no display at all (no DISPLAY, no xvfb). The client is a
subprocess printing what it saw as JSON (sublime-music lives in Debian's dist-packages, which the
e2e venv does not see), as Tests/BlastoiseServerTests/GPodderClientTests.swift drives mygpoclient."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import libopensonic
import pytest
from conftest import unique
from helpers import GUARD, STANDARD_TRACKS, Api
from subsonic_schema import call, ok, q
from test_subsonic import HOST, Account, account_of, albums_by_name, library, track_bytes

DEBIAN_PYTHON = "/usr/bin/python3"

# What the app does, in one run; it prints one line of JSON. `phase` "sync" is the app set up with
# the right app password, "wrong" with a wrong one (what its server form's check reports).
SCRIPT = r'''
import hashlib, json, sys, tempfile, time, urllib.request
from datetime import timedelta
from pathlib import Path

from sublime_music.adapters import AlbumSearchQuery, ConfigurationStore
from sublime_music.adapters.subsonic import SubsonicAdapter
from sublime_music.adapters.subsonic.adapter import ServerError

base, username, password, phase, playlist_id = sys.argv[1:6]
out = {}

def fetch(uri):
    with urllib.request.urlopen(uri, timeout=60) as response:
        return response.headers.get("Content-Type"), response.read()

# The server form's fields, with the defaults the app gives them (salted tokens, as migrated).
config = ConfigurationStore(server_address=base, username=username, verify_cert=True, sync_enabled=True)
config.set_secret("password", password)
SubsonicAdapter.migrate_configuration(config)
with tempfile.TemporaryDirectory() as data:
    adapter = SubsonicAdapter(config, Path(data))
    try:
        # The form's connection check: a ping with a short timeout.
        adapter._get_json(adapter._make_url("ping"), timeout=10, is_exponential_backoff_ping=True)
    except ServerError as error:
        out["error"] = error.status_code
    if phase == "sync" and "error" not in out:
        # On start the app pings in the background until the server answers.
        adapter.initial_sync()
        deadline = time.time() + 60
        while not adapter.ping_status and time.time() < deadline:
            time.sleep(0.05)
        out["ping"] = bool(adapter.ping_status)
        out["salt_auth"] = adapter.use_salt_auth
        out["version"] = adapter._version.value.decode()
        out["can"] = {name: bool(getattr(adapter, "can_" + name))
                      for name in ("get_genres", "get_play_queue", "save_play_queue")}

        artists = adapter.get_artists()
        out["artists"] = [[a.id, a.name, a.album_count] for a in artists]
        ensemble = [a for a in artists if a.name == "E2E Ensemble"][0]
        artist = adapter.get_artist(ensemble.id)
        out["artist_albums"] = [[album.id, album.name, album.song_count] for album in artist.albums]
        album = adapter.get_album(artist.albums[0].id)
        out["album"] = {"id": album.id, "name": album.name, "artist": album.artist.name,
                        "songs": [[s.id, s.title, s.duration.total_seconds(), s.album.id, s.artist.name]
                                  for s in album.songs]}
        every = adapter.get_albums(AlbumSearchQuery(AlbumSearchQuery.Type.ALPHABETICAL_BY_NAME))
        out["albums"] = [a.name for a in every]
        out["genres"] = sorted(g.name for g in adapter.get_genres())

        found = adapter.search("Tone")
        out["search"] = {"songs": sorted(s.title for s in found._songs.values()),
                         "shown": sorted(s.title for s in found.songs)}
        out["folders"] = sorted(child.name for child in adapter.get_directory("root").children)

        out["playlists"] = [[p.id, p.name, p.song_count] for p in adapter.get_playlists()]
        playlist = adapter.get_playlist_details(playlist_id)
        out["playlist"] = {"name": playlist.name, "owner": playlist.owner, "songs": [s.id for s in playlist.songs]}

        song = album.songs[1]
        out["song"] = {"id": song.id, "title": adapter.get_song_details(song.id).title}
        kind, body = fetch(adapter.get_song_stream_uri(song.id))
        out["stream"] = {"type": kind, "sha256": hashlib.sha256(body).hexdigest(), "size": len(body)}
        out["covers"] = {}
        for each in every:
            if each.cover_art:
                kind, body = fetch(adapter.get_cover_art_uri(each.cover_art, "http", 300))
                out["covers"][each.name] = [kind, body[:12].hex()]

        # What plays, saved for the user's other apps, and read back as the app does on start.
        queue_ids = [s.id for s in album.songs[:3]]
        adapter.save_play_queue(queue_ids, current_song_index=1, position=timedelta(seconds=12.5))
        queue = adapter.get_play_queue()
        out["queue"] = {"songs": [s.id for s in queue.songs], "current_index": queue.current_index,
                        "position": queue.position.total_seconds(), "changed_by": queue.changed_by}
        adapter.scrobble_song(song)
        made = adapter.create_playlist("Made in Sublime", [album.songs[2], album.songs[0]])
        out["made"] = {"id": made.id, "name": made.name, "songs": [s.id for s in made.songs]} if made else None
    adapter.shutdown()
print(json.dumps(out))
'''


def sublime(server, account: Account, phase: str, playlist_id: str, home: Path) -> dict:
    ready = subprocess.run([DEBIAN_PYTHON, "-c", "import sublime_music.adapters.subsonic"], capture_output=True,
                           text=True, timeout=GUARD, stdin=subprocess.DEVNULL)
    assert ready.returncode == 0, ("Debian's sublime-music is missing: install it (scripts/install-deps)\n"
                                   + ready.stderr[-2000:])
    # No DISPLAY or WAYLAND_DISPLAY: nothing may need a screen. HOME is the test's own.
    environment = {"LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": str(home)}
    result = subprocess.run([DEBIAN_PYTHON, "-c", SCRIPT, server.base, account.username, account.secret, phase,
                             playlist_id], capture_output=True, text=True, timeout=GUARD * 3, env=environment,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-5000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


class Sublime:
    """One user who set sublime-music up with an app password, after a playlist made in the web
    app, and what the app saw."""

    def __init__(self, server, home: Path):
        api = Api(server.base)
        api.signup(unique("sublime"), "password-123")
        self.account = account_of(api)
        self.api = api
        self.tracks = {t["title"]: t for t in library(api)}
        self.listed = [self.tracks["Gamma Tone"]["id"], self.tracks["Fyrsta"]["id"]]
        playlist = api.post("/api/playlists", {"name": "From the web"})
        api.patch(f"/api/playlists/{playlist['id']}/tracks", {"add": self.listed})
        self.playlist = playlist["id"]
        album = self.tracks["Alpha Tone"]["albumId"]
        self.plays_before = {t["id"]: self.play_count(t["id"]) for t in api.get(f"/api/albums/{album}")["tracks"]}
        self.seen = sublime(server, self.account, "sync", self.playlist, home)

    def play_count(self, song: str) -> int:
        root = ok(call(self.api.base, "getSong", {"id": song}, caller=self.account.token))
        return int(root.find(q("song")).get("playCount") or 0)


@pytest.fixture(scope="module")
def app(server, tmp_path_factory) -> Sublime:
    return Sublime(server, tmp_path_factory.mktemp("sublime-home"))


def test_sublime_music_signs_in_with_an_app_password_and_no_display(app):
    assert "error" not in app.seen, app.seen
    assert app.seen["ping"] is True and app.seen["salt_auth"] is True  # a token and salt, not the password
    assert app.seen["version"] == "1.16.1"
    # With 1.16.1 the app offers genres and keeps the play queue on the server.
    assert app.seen["can"] == {"get_genres": True, "get_play_queue": True, "save_play_queue": True}


def test_sublime_music_with_a_wrong_app_password_is_told_so(server, app, tmp_path):
    wrong = Account(app.api, app.account.username, app.account.password, "", "not-the-app-password")
    assert sublime(server, wrong, "wrong", app.playlist, tmp_path) == {"error": 40}


def test_sublime_music_browses_artists_albums_and_songs_as_the_web_app_lists_them(server, app):
    artists = ok(call(server.base, "getArtists", caller=app.account.token))
    assert [[a.get("id"), a.get("name"), int(a.get("albumCount"))] for a in artists.iter(q("artist"))] == \
        app.seen["artists"]
    [[album_id, name, count]] = app.seen["artist_albums"]
    # As many as the web app lists (other tests on this server may have added to the album).
    assert (name, count) == ("E2E Album", len(app.api.get(f"/api/albums/{album_id}")["tracks"]))
    assert count >= len(STANDARD_TRACKS)
    web = app.api.get(f"/api/albums/{album_id}")
    album = app.seen["album"]
    assert (album["id"], album["name"], album["artist"]) == (album_id, "E2E Album", "E2E Ensemble")
    assert [s[0] for s in album["songs"]] == [t["id"] for t in web["tracks"]]
    assert [s[1] for s in album["songs"]] == [t["title"] for t in web["tracks"]]  # the hostile title as text
    assert all(s[3] == album_id and s[4] == "E2E Ensemble" and s[2] > 0 for s in album["songs"])
    assert app.seen["albums"] == [a["name"] for a in albums_by_name(app.api)]
    assert app.seen["genres"] == ["Jazz", "Post-Rock"]
    indexes = ok(call(server.base, "getIndexes", caller=app.account.token))
    assert app.seen["folders"] == sorted(a.get("name") for a in indexes.iter(q("artist")))


def test_sublime_music_searches(app):
    tones = sorted(t for _, _, t, _ in STANDARD_TRACKS if "Tone" in t)
    assert app.seen["search"] == {"songs": tones, "shown": tones}


def test_sublime_music_reads_a_playlist_made_in_the_web_app_and_makes_one(server, app):
    assert [p for p in app.seen["playlists"] if p[0] == app.playlist] == [[app.playlist, "From the web", 2]]
    assert app.seen["playlist"] == {"name": "From the web", "owner": app.account.username, "songs": app.listed}
    made = app.seen["made"]
    songs = [s[0] for s in app.seen["album"]["songs"]]
    assert made["name"] == "Made in Sublime" and made["songs"] == [songs[2], songs[0]]
    root = ok(call(server.base, "getPlaylist", {"id": made["id"]}, caller=app.account.token))
    assert [e.get("id") for e in root.iter(q("entry"))] == [songs[2], songs[0]]


def test_sublime_music_streams_the_file_the_library_has_and_counts_the_play(app):
    song = app.seen["song"]
    assert song == {"id": app.seen["album"]["songs"][1][0], "title": app.seen["album"]["songs"][1][1]}
    original = track_bytes(app.api, song["id"])
    assert app.seen["stream"] == {"type": "audio/wav", "sha256": hashlib.sha256(original).hexdigest(),
                                  "size": len(original)}
    # The app scrobbles a song it played (a submission: one play).
    assert app.play_count(song["id"]) == app.plays_before[song["id"]] + 1


def test_sublime_music_shows_the_covers(app):
    covers = app.seen["covers"]
    assert {"Hljóð", "Folder Cover"} <= set(covers), covers
    for name, (kind, head) in covers.items():
        data = bytes.fromhex(head)
        assert kind.startswith("image/"), (name, kind)
        assert data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n" or data[8:12] == b"WEBP", (name, head)


def test_sublime_music_keeps_the_play_queue_for_the_users_other_apps(server, app):
    songs = [s[0] for s in app.seen["album"]["songs"]]
    assert app.seen["queue"] == {"songs": songs[:3], "current_index": 1, "position": 12.5,
                                 "changed_by": "Sublime Music"}
    # Another app (py-opensonic, with an API key) goes on from there.
    other = libopensonic.Connection(HOST, api_key=app.account.secret, port=server.port)
    try:
        queue = other.get_play_queue()
        assert ([e.id for e in queue.entry], queue.current, queue.position) == (songs[:3], songs[1], 12_500)
    finally:
        other.cleanup()


def test_sublime_music_needs_no_display():
    # The adapter imports Gtk (for the server form it can build) but builds nothing: with no
    # display to open, Gtk stays uninitialised and the adapter works all the same (above).
    environment = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([DEBIAN_PYTHON, "-c", "import sublime_music.adapters.subsonic; "
                             "from gi.repository import Gtk; print(Gtk.init_check([])[0])"],
                            capture_output=True, text=True, timeout=GUARD, env=environment, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "False"
