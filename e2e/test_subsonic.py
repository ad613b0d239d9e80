"""The Subsonic API (with OpenSubsonic's additions) as music apps use it: two real Python clients
(py-sonic, py-opensonic) sign in with an app password and browse, search, stream, star, scrobble
and edit playlists, hand a saved play queue from one app to another (by song and by index),
keep bookmarks, report playback and read the user's podcasts; raw calls check the sign-in rules,
that every XML reply is valid by Subsonic's XSD (tolerating exactly the OpenSubsonic additions),
that JSON and a form POST say the same as XML and a GET, and that bad input is refused with the
API's error codes, never an HTTP 500. Debian's sublime-music is in test_subsonic_clients.py."""

from __future__ import annotations

import http.server
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property, partial
from pathlib import Path

import libopensonic
import libsonic
import pytest
from conftest import unique
from helpers import HLJOD_ORDER, LYRICS, STANDARD_TRACKS, XSS_TITLE, Api, Server, _ffmpeg, poll_until
from lxml import etree
from subsonic_schema import Caller, Reply, call, comparable, failure, ok, outcome, q, validate, xml_to_json

HOST = "http://127.0.0.1"
E2E_TITLES = [title for _, _, title, _ in STANDARD_TRACKS]
ADMIN = ("e2e-probe-admin", "probe-password-1")  # conftest's first account: the admin


# ---------------------------------------------------------------- accounts and clients


@dataclass
class Account:
    """A signed-up user (the web app's session in `api`) with an app password, as a user sets
    up a music app: the app password is what the app is given."""

    api: Api
    username: str
    password: str
    app_password_id: str
    secret: str

    @property
    def token(self) -> Caller:
        return Caller(username=self.username, secret=self.secret)

    @property
    def key(self) -> Caller:
        return Caller(api_key=self.secret)


def app_password(api: Api, name: str = "Music app") -> tuple[str, str]:
    made = api.post("/api/app-passwords", {"name": name})
    return made["appPassword"]["id"], made["password"]


def account_of(api: Api, password: str = "password-123") -> Account:
    password_id, secret = app_password(api)
    return Account(api, api.user["username"], password, password_id, secret)


@pytest.fixture()
def account(make_api) -> Account:
    return account_of(make_api("sub"))


def py_sonic(server, account: Account) -> libsonic.Connection:
    return libsonic.Connection(HOST, account.username, account.secret, port=server.port, legacyAuth=False,
                               appName="blastoise-e2e")


def library(api: Api) -> list[dict]:
    """Every track the web app lists (the truth the API is compared with)."""
    return [t for t in api.get("/api/library") if t.get("available", True)]


def albums_by_name(api: Api, sort: str = "name") -> list[dict]:
    return api.get(f"/api/albums?sort={sort}&limit=500")["items"]


def track_bytes(api: Api, track_id: str) -> bytes:
    with api.opener.open(f"{api.base}/api/tracks/{track_id}", timeout=60) as response:
        return response.read()


def as_list(value) -> list:
    """py-sonic hands JSON on as it comes: a list, or nothing when the list is empty."""
    return value if isinstance(value, list) else [] if value is None else [value]


def e2e_album(conn: libsonic.Connection) -> dict:
    """E2E Album, found as an app finds it: the artist in getArtists, then the artist's albums."""
    artists = [a for index in as_list(conn.getArtists()["artists"].get("index")) for a in as_list(index.get("artist"))]
    ensemble = [a for a in artists if a["name"] == "E2E Ensemble"]
    assert len(ensemble) == 1, [a["name"] for a in artists]
    albums = as_list(conn.getArtist(ensemble[0]["id"])["artist"].get("album"))
    album = [a for a in albums if a["name"] == "E2E Album"]
    assert len(album) == 1, albums
    return conn.getAlbum(album[0]["id"])["album"]


def song_id(api: Api, title: str) -> str:
    return [t for t in library(api) if t["title"] == title][0]["id"]


# ---------------------------------------------------------------- 1. py-sonic, end to end


def test_py_sonic_signs_in_with_an_app_password_and_browses_to_an_album(server, account):
    conn = py_sonic(server, account)
    assert conn.ping() is True
    album = e2e_album(conn)
    songs = as_list(album.get("song"))
    # Every standard track (other tests on this server may have added more to the album).
    assert set(E2E_TITLES) <= {s["title"] for s in songs}
    # In the order the web app's album page lists them, each with its album and artist.
    web = account.api.get(f"/api/albums/{album['id']}")
    assert [s["id"] for s in songs] == [t["id"] for t in web["tracks"]]
    assert album["songCount"] == len(songs) and album["artist"] == "E2E Ensemble"
    assert all(s["albumId"] == album["id"] and s["artist"] == "E2E Ensemble" and s["isDir"] is False for s in songs)
    # The hostile title comes back as the text it is.
    assert XSS_TITLE in [s["title"] for s in songs]


def test_py_sonic_search3_with_an_empty_query_pages_through_every_song(server, account):
    conn = py_sonic(server, account)
    every = {t["id"] for t in library(account.api)}
    found = as_list(conn.search3("", artistCount=0, albumCount=0, songCount=500)["searchResult3"].get("song"))
    assert sorted(s["id"] for s in found) == sorted(every)

    paged: list[str] = []
    for offset in range(0, len(every) + 2, 2):
        page = as_list(conn.search3("", artistCount=0, albumCount=0, songCount=2, songOffset=offset)
                       ["searchResult3"].get("song"))
        assert len(page) <= 2
        paged += [s["id"] for s in page]
    assert len(paged) == len(set(paged)), "a song came twice"
    assert set(paged) == every

    # Albums and artists page the same way.
    web_albums = {a["id"] for a in albums_by_name(account.api)}
    result = conn.search3("", artistCount=500, albumCount=500, songCount=0)["searchResult3"]
    assert {a["id"] for a in as_list(result.get("album"))} == web_albums
    assert "E2E Ensemble" in {a["name"] for a in as_list(result.get("artist"))}
    assert not as_list(result.get("song"))

    # The OpenSubsonic documentation's own example sends the empty query as query="" (two quotes),
    # and apps copy it: that is everything too.
    quoted = ok(call(server.base, "search3", {"query": '""', "songCount": 500}, caller=account.token))
    assert sorted(s.get("id") for s in quoted.iter(q("song"))) == sorted(every)


def test_py_sonic_streams_and_downloads_the_file_and_a_range_of_it(server, account):
    conn = py_sonic(server, account)
    alpha = song_id(account.api, "Alpha Tone")
    original = track_bytes(account.api, alpha)
    streamed = conn.stream(alpha)
    assert streamed.headers.get("Content-Type", "").startswith("audio/")
    assert streamed.read() == original
    assert conn.download(alpha).read() == original

    part = call(server.base, "stream", {"id": alpha}, caller=account.token, headers={"Range": "bytes=0-99"})
    assert part.status == 206, (part.status, part.body[:300])
    assert part.body == original[:100]
    assert part.headers.get("content-range") == f"bytes 0-99/{len(original)}"
    tail = call(server.base, "stream", {"id": alpha}, caller=account.key, headers={"Range": "bytes=-10"})
    assert tail.status == 206 and tail.body == original[-10:]


def test_py_sonic_gets_the_covers_of_albums_that_have_one(server, account):
    conn = py_sonic(server, account)
    albums = as_list(conn.getAlbumList2("alphabeticalByName", size=500)["albumList2"].get("album"))
    covered = {a["name"]: a["coverArt"] for a in albums if a.get("coverArt")}
    # Hljóð's cover is embedded in its MP3s, Folder Cover's is a cover.jpg beside the files.
    assert {"Hljóð", "Folder Cover"} <= set(covered), covered
    for name in ("Hljóð", "Folder Cover"):
        for size in (None, 64):
            picture = conn.getCoverArt(covered[name], size=size)
            assert picture.headers.get("Content-Type", "").startswith("image/"), (name, size)
            data = picture.read()
            assert data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n" or data[8:12] == b"WEBP", \
                (name, size, data[:16])
    # A song's coverArt is a picture too.
    hljod = [a for a in albums if a["name"] == "Hljóð"][0]
    song = as_list(conn.getAlbum(hljod["id"])["album"]["song"])[0]
    assert conn.getCoverArt(song["coverArt"]).headers.get("Content-Type", "").startswith("image/")


def test_py_sonic_stars_and_unstars_a_song_an_album_and_an_artist(server, account):
    conn = py_sonic(server, account)
    album = e2e_album(conn)
    song = as_list(album["song"])[0]["id"]
    conn.star(sids=[song], albumIds=[album["id"]], artistIds=[album["artistId"]])
    starred = conn.getStarred2()["starred2"]
    assert [s["id"] for s in as_list(starred.get("song"))] == [song]
    assert [a["id"] for a in as_list(starred.get("album"))] == [album["id"]]
    assert [a["id"] for a in as_list(starred.get("artist"))] == [album["artistId"]]
    assert conn.getSong(song)["song"].get("starred")
    assert conn.getAlbum(album["id"])["album"].get("starred")
    # Starring again changes nothing; the web app sees the same favourite.
    conn.star(sids=[song])
    assert [s["id"] for s in as_list(conn.getStarred2()["starred2"].get("song"))] == [song]

    conn.unstar(sids=[song], albumIds=[album["id"]], artistIds=[album["artistId"]])
    starred = conn.getStarred2()["starred2"]
    assert not any(as_list(starred.get(kind)) for kind in ("song", "album", "artist")), starred
    assert "starred" not in conn.getSong(song)["song"]
    conn.unstar(sids=[song])  # unstarring what is not starred is fine too


def test_py_sonic_rates_a_song_and_clears_the_rating(server, account):
    conn = py_sonic(server, account)
    song = song_id(account.api, "Beta Tone")
    conn.setRating(song, 4)
    assert conn.getSong(song)["song"]["userRating"] == 4
    conn.setRating(song, 0)
    assert "userRating" not in conn.getSong(song)["song"]


def test_py_sonic_scrobble_counts_a_play_and_shows_what_is_playing(server, account):
    conn = py_sonic(server, account)
    song = song_id(account.api, "Gamma Tone")
    before = conn.getSong(song)["song"].get("playCount", 0)
    conn.scrobble(song, submission=True)
    after = conn.getSong(song)["song"]
    assert after.get("playCount") == before + 1
    assert after.get("played")  # OpenSubsonic: when it was last played

    conn.scrobble(song, submission=False)  # "now playing"
    entries = as_list(conn.getNowPlaying()["nowPlaying"].get("entry"))
    mine = [e for e in entries if e.get("username") == account.username]
    assert [e["id"] for e in mine] == [song], entries
    assert conn.getSong(song)["song"].get("playCount") == before + 1  # now playing is not a play


def test_py_sonic_makes_edits_and_deletes_a_playlist(server, account):
    conn = py_sonic(server, account)
    songs = [s["id"] for s in as_list(e2e_album(conn)["song"])]
    name = unique("Road trip ")
    made = conn.createPlaylist(name=name, songIds=[songs[0], songs[1]])
    playlist_id = made["playlist"]["id"] if "playlist" in made else \
        [p for p in as_list(conn.getPlaylists()["playlists"].get("playlist")) if p["name"] == name][0]["id"]
    playlist = conn.getPlaylist(playlist_id)["playlist"]
    assert playlist["name"] == name and playlist["owner"] == account.username
    assert [e["id"] for e in as_list(playlist.get("entry"))] == [songs[0], songs[1]]
    assert playlist["songCount"] == 2
    assert name in [p["name"] for p in as_list(conn.getPlaylists()["playlists"].get("playlist"))]

    # Remove the first (indexes count before the additions), add two at the end, rename.
    conn.updatePlaylist(playlist_id, name=name + " (edited)", songIdsToAdd=[songs[2], songs[0]],
                        songIndexesToRemove=[0])
    playlist = conn.getPlaylist(playlist_id)["playlist"]
    assert [e["id"] for e in as_list(playlist.get("entry"))] == [songs[1], songs[2], songs[0]]
    assert playlist["name"] == name + " (edited)" and playlist["songCount"] == 3

    conn.deletePlaylist(playlist_id)
    with pytest.raises(libsonic.errors.DataNotFoundError):
        conn.getPlaylist(playlist_id)
    assert playlist_id not in [p["id"] for p in as_list(conn.getPlaylists()["playlists"].get("playlist"))]


def test_py_sonic_lists_albums_by_genre_and_year_and_songs_by_genre(server, account):
    conn = py_sonic(server, account)
    by_genre = as_list(conn.getAlbumList2("byGenre", size=500, genre="Jazz")["albumList2"].get("album"))
    assert [a["name"] for a in by_genre] == ["Folder Cover"]
    by_year = as_list(conn.getAlbumList2("byYear", size=500, fromYear=1990, toYear=2010)["albumList2"].get("album"))
    assert {a["name"] for a in by_year} == {"Folder Cover", "Hljóð"}
    assert [a["year"] for a in by_year] == [1999, 2002]  # oldest first
    newest_first = as_list(conn.getAlbumList2("byYear", size=500, fromYear=2010, toYear=1990)["albumList2"]
                           .get("album"))
    assert [a["year"] for a in newest_first] == [2002, 1999]
    songs = as_list(conn.getSongsByGenre("Jazz", count=50)["songsByGenre"].get("song"))
    assert {s["title"] for s in songs} == {"Opening Number", "Closing Number"}
    genres = {g["value"]: g for g in as_list(conn.getGenres()["genres"].get("genre"))}
    assert genres["Jazz"]["songCount"] == 2 and genres["Jazz"]["albumCount"] == 1
    assert genres["Post-Rock"]["songCount"] == 3
    hljod = [a for a in as_list(conn.getAlbumList2("alphabeticalByName", size=500)["albumList2"]["album"])
             if a["name"] == "Hljóð"][0]
    assert [s["title"] for s in as_list(conn.getAlbum(hljod["id"])["album"]["song"])] == HLJOD_ORDER


# ---------------------------------------------------------------- 2. py-opensonic, with an API key


def test_py_opensonic_with_an_api_key_lists_extensions_albums_and_songs(server, account):
    conn = libopensonic.Connection(HOST, api_key=account.secret, port=server.port, app_name="blastoise-e2e")
    try:
        assert conn.ping() is True
        extensions = {e.name: e.versions for e in conn.get_open_subsonic_extensions()}
        assert 1 in extensions.get("apiKeyAuthentication", []), extensions
        assert 1 in extensions.get("formPost", []), extensions

        albums = conn.get_album_list2("alphabeticalByName", size=500)
        assert [a.name for a in albums] == [a["name"] for a in albums_by_name(account.api)]
        assert all(a.song_count > 0 and a.created for a in albums)

        everything = conn.search3("", artist_count=0, album_count=0, song_count=500)
        assert sorted(s.id for s in everything.song) == sorted(t["id"] for t in library(account.api))
        tones = conn.search3("Tone", artist_count=0, album_count=0, song_count=50)
        assert {s.title for s in tones.song} == {t for t in E2E_TITLES if "Tone" in t}

        # songLyrics: the lyrics tagged in Opening Number, line by line, as text (not markup).
        if "songLyrics" in extensions:
            lyrics = conn.get_lyrics_by_song_id(song_id(account.api, "Opening Number"))
            assert [line.value for line in lyrics[0].line] == LYRICS.split("\n")
            assert lyrics[0].synced is False and lyrics[0].display_title == "Opening Number"
            assert conn.get_lyrics_by_song_id(song_id(account.api, "Alpha Tone")) == []
    finally:
        conn.cleanup()


def test_py_opensonic_by_get_without_view_and_with_a_token(server, account):
    conn = libopensonic.Connection(HOST, account.username, account.secret, port=server.port, use_get=True,
                                   use_views=False)
    try:
        assert conn.ping() is True
        album = [a for a in conn.get_album_list2("alphabeticalByArtist", size=500) if a.name == "E2E Album"][0]
        web = account.api.get(f"/api/albums/{album.id}")
        assert {s.title for s in conn.get_album(album.id).song} == {t["title"] for t in web["tracks"]} >= set(E2E_TITLES)
    finally:
        conn.cleanup()


def test_an_api_key_names_its_account_in_token_info(server, account):
    # apiKeyAuthentication (version 1) comes with tokenInfo: which account an API key is.
    conn = libopensonic.Connection(HOST, api_key=account.secret, port=server.port)
    try:
        assert conn.token_info().username == account.username
    finally:
        conn.cleanup()
    assert ok(call(server.base, "tokenInfo", caller=account.key)).find(q("tokenInfo")).get("username") == \
        account.username
    # "error 44 on invalid token"
    assert failure(call(server.base, "tokenInfo", caller=Caller(api_key="no-such-key")))[0] == 44


# ---------------------------------------------------------------- 3. signing in


def test_the_account_password_signs_in_plain_or_hex_encoded_and_an_app_password_too(server, account):
    for caller in (Caller(username=account.username, password=account.password),
                   Caller(username=account.username, password=account.password, hex_password=False),
                   Caller(username=account.username, password=account.secret),
                   account.token, account.key):
        ok(call(server.base, "ping", caller=caller))
    # py-sonic's legacy sign-in sends p=enc:… with the account password.
    legacy = libsonic.Connection(HOST, account.username, account.password, port=server.port, legacyAuth=True)
    assert legacy.getUser(account.username)["user"]["username"] == account.username


def test_wrong_credentials_are_refused_with_code_40(server, account, make_api):
    # Each refusal counts as a failed sign-in from this address (30 in 15 minutes are allowed):
    # few are made here.
    refused = {
        "a wrong password": (Caller(username=account.username, password="not-the-password"), None),
        "a token made from the account password": (Caller(username=account.username, secret=account.password), "json"),
        "an app password with another user's name": (Caller(username=make_api("other").user["username"],
                                                            secret=account.secret), None),
    }
    for what, (caller, f) in refused.items():
        assert failure(call(server.base, "ping", caller=caller, f=f))[0] == 40, what
    with pytest.raises(libsonic.errors.CredentialError):
        libsonic.Connection(HOST, account.username, "wrong-app-password", port=server.port).getLicense()


def test_a_revoked_app_password_no_longer_signs_in(server, account):
    ok(call(server.base, "ping", caller=account.token))
    account.api.delete(f"/api/app-passwords/{account.app_password_id}")
    assert failure(call(server.base, "ping", caller=account.token))[0] == 40
    assert failure(call(server.base, "ping", caller=account.key))[0] == 44
    as_password = Caller(username=account.username, password=account.secret)
    assert failure(call(server.base, "ping", caller=as_password))[0] == 40
    # The account's own password still works.
    ok(call(server.base, "ping", caller=Caller(username=account.username, password=account.password)))


def test_an_api_key_must_come_alone(server, account):
    assert failure(call(server.base, "ping", caller=Caller(api_key="no-such-key")))[0] == 44
    for mixed in (Caller(api_key=account.secret, username=account.username),
                  Caller(api_key=account.secret, username=account.username, secret=account.secret),
                  Caller(api_key=account.secret, extra=[("p", account.password)])):
        assert failure(call(server.base, "ping", caller=mixed))[0] == 43, mixed.pairs()


def test_extensions_answer_anyone_and_everything_else_needs_credentials(server):
    root = ok(call(server.base, "getOpenSubsonicExtensions"))
    names = {e.get("name") for e in root.iter(q("openSubsonicExtensions"))}
    assert {"apiKeyAuthentication", "formPost"} <= names
    # Each in its version 1, the one OpenSubsonic documents (listenTogether is ours: docs/opensubsonic-rooms.md).
    versions = {e.get("name"): [v.text for v in e.iter(q("versions"))] for e in root.iter(q("openSubsonicExtensions"))}
    assert versions == {name: ["1"] for name in ("apiKeyAuthentication", "formPost", "songLyrics", "indexBasedQueue",
                                                 "getPodcastEpisode", "playbackReport", "listenTogether")}, versions
    envelope = call(server.base, "getOpenSubsonicExtensions", f="json").json()
    assert envelope["status"] == "ok" and envelope["openSubsonic"] is True
    assert {e["name"] for e in envelope["openSubsonicExtensions"]} == names
    # Without credentials: a required parameter (u) is missing.
    assert failure(call(server.base, "ping"))[0] == 10
    assert failure(call(server.base, "getAlbumList2", {"type": "newest"}, f="json"))[0] == 10


def test_only_an_admin_starts_a_scan_or_reads_another_user(server, account):
    signed_in = Api(server.base)
    signed_in.login(*ADMIN)
    admin = account_of(signed_in, ADMIN[1])
    assert failure(call(server.base, "startScan", caller=account.token))[0] == 50
    assert failure(call(server.base, "getUser", {"username": admin.username}, caller=account.token))[0] == 50
    me = ok(call(server.base, "getUser", {"username": account.username}, caller=account.token)).find(q("user"))
    assert (me.get("username"), me.get("adminRole"), me.get("streamRole")) == (account.username, "false", "true")

    started = ok(call(server.base, "startScan", caller=admin.key)).find(q("scanStatus"))
    assert started.get("scanning") in ("true", "false")
    poll_until(lambda: ok(call(server.base, "getScanStatus", caller=account.token)).find(q("scanStatus")),
               lambda status: status.get("scanning") == "false", message="the scan to end")
    assert ok(call(server.base, "getUser", {"username": admin.username}, caller=admin.key)).find(q("user")) \
        .get("adminRole") == "true"
    # "You can only retrieve your own user unless you have admin privileges."
    them = ok(call(server.base, "getUser", {"username": account.username}, caller=admin.token)).find(q("user"))
    assert (them.get("username"), them.get("adminRole")) == (account.username, "false")


# ---------------------------------------------------------------- 4, 5. every reply: XSD, JSON, POST


class Prepared:
    """One user's library as the table of calls reads it: a starred song, album and artist, a
    rated song and album, a played song, a song playing now (reported paused, with its
    position), a playlist, a saved play queue with a song twice, and a bookmark."""

    def __init__(self, server):
        self.base = server.base
        self.api = Api(server.base)
        self.api.signup(unique("subtable"), "password-123")
        self.account = account_of(self.api)
        tracks = {t["title"]: t for t in library(self.api)}
        self.song = tracks["Alpha Tone"]["id"]
        self.album = tracks["Alpha Tone"]["albumId"]
        self.artist = tracks["Alpha Tone"]["artistId"]
        self.lyrics_song = tracks["Opening Number"]["id"]
        caller = self.account.token
        ok(call(self.base, "star", [("id", self.song), ("albumId", self.album), ("artistId", self.artist)],
                caller=caller))
        ok(call(self.base, "setRating", {"id": self.song, "rating": 5}, caller=caller))
        ok(call(self.base, "setRating", {"id": self.album, "rating": 4}, caller=caller))
        ok(call(self.base, "scrobble", {"id": tracks["Fyrsta"]["id"], "submission": "true"}, caller=caller))
        ok(call(self.base, "scrobble", {"id": tracks["Beta Tone"]["id"], "submission": "false"}, caller=caller))
        made = ok(call(self.base, "createPlaylist", [("name", "Table"), ("songId", self.song),
                                                     ("songId", tracks["Fyrsta"]["id"])], caller=caller))
        found = made.find(q("playlist"))
        if found is None:
            found = [p for p in ok(call(self.base, "getPlaylists", caller=caller)).iter(q("playlist"))][0]
        self.playlist = found.get("id")
        self.other_song = tracks["Beta Tone"]["id"]
        ok(call(self.base, "reportPlayback", self.report, caller=caller))
        ok(call(self.base, "savePlayQueueByIndex", self.queue_by_index, caller=caller))
        ok(call(self.base, "createBookmark", self.bookmark, caller=caller))

    @property
    def report(self) -> dict:
        """Beta Tone paused 20 s in (a position that stays put)."""
        return {"mediaId": self.other_song, "mediaType": "song", "positionMs": 20_000, "state": "paused",
                "ignoreScrobble": "true"}

    @property
    def queue(self) -> list[tuple[str, str]]:
        return [("id", self.song), ("id", self.lyrics_song), ("id", self.song)]

    @property
    def queue_by_index(self) -> list[tuple[str, str]]:
        return self.queue + [("currentIndex", "0"), ("position", "12345")]

    @property
    def queue_by_id(self) -> list[tuple[str, str]]:
        """The same queue saved by song ID: the current song is the first of the two."""
        return self.queue + [("current", self.song), ("position", "12345")]

    @property
    def bookmark(self) -> dict:
        return {"id": self.song, "position": 61_000, "comment": "Chapter 2 <b>here</b>"}

    @property
    def username(self) -> str:
        return self.account.username

    @cached_property
    def directory_artist(self) -> str:
        """The E2E Ensemble entry of getIndexes (a directory)."""
        root = ok(call(self.base, "getIndexes", caller=self.account.token))
        return [a.get("id") for a in root.iter(q("artist")) if a.get("name") == "E2E Ensemble"][0]

    @cached_property
    def directory_album(self) -> str:
        root = ok(call(self.base, "getMusicDirectory", {"id": self.directory_artist}, caller=self.account.token))
        return [c.get("id") for c in root.iter(q("child")) if c.get("isDir") == "true"][0]


@pytest.fixture(scope="module")
def prepared(server) -> Prepared:
    return Prepared(server)


def test_album_lists_follow_what_the_user_starred_rated_and_played(prepared):
    def album_list(kind):
        root = ok(call(prepared.base, "getAlbumList2", {"type": kind, "size": 500}, caller=prepared.account.token))
        return [a.get("id") for a in root.iter(q("album"))]

    hljod = [a["id"] for a in albums_by_name(prepared.api) if a["name"] == "Hljóð"][0]
    assert album_list("starred") == [prepared.album]
    assert album_list("highest")[0] == prepared.album  # the only album rated
    assert album_list("recent")[0] == hljod and album_list("frequent")[0] == hljod  # Fyrsta was played
    assert sorted(album_list("newest")) == sorted(a["id"] for a in albums_by_name(prepared.api))
    starred = ok(call(prepared.base, "getStarred2", caller=prepared.account.token)).find(q("starred2"))
    assert [[e.get("id") for e in starred.iter(q(kind))] for kind in ("artist", "album", "song")] == \
        [[prepared.artist], [prepared.album], [prepared.song]]


# name → (method, parameters from Prepared, what to compare loosely): "unordered" names the lists
# a random answer orders anew each time; "volatile" the attributes that change with the clock.
CALLS = {
    "ping": ("ping", lambda p: {}),
    "getLicense": ("getLicense", lambda p: {}),
    "getOpenSubsonicExtensions": ("getOpenSubsonicExtensions", lambda p: {}),
    "getMusicFolders": ("getMusicFolders", lambda p: {}),
    "getIndexes": ("getIndexes", lambda p: {}),
    "getMusicDirectory of an artist": ("getMusicDirectory", lambda p: {"id": p.directory_artist}),
    "getMusicDirectory of an album": ("getMusicDirectory", lambda p: {"id": p.directory_album}),
    "getArtists": ("getArtists", lambda p: {}),
    "getArtist": ("getArtist", lambda p: {"id": p.artist}),
    "getAlbum": ("getAlbum", lambda p: {"id": p.album}),
    "getSong": ("getSong", lambda p: {"id": p.song}),
    "getGenres": ("getGenres", lambda p: {}),
    "getArtistInfo2": ("getArtistInfo2", lambda p: {"id": p.artist}),
    "getAlbumInfo2": ("getAlbumInfo2", lambda p: {"id": p.album}),
    "getTopSongs": ("getTopSongs", lambda p: {"artist": "E2E Ensemble"}),
    "getSimilarSongs2": ("getSimilarSongs2", lambda p: {"id": p.artist}),
    **{f"getAlbumList2 {kind}": ("getAlbumList2", lambda p, kind=kind: {"type": kind, "size": 500})
       for kind in ("newest", "highest", "frequent", "recent", "alphabeticalByName", "alphabeticalByArtist",
                    "starred")},
    "getAlbumList2 random": ("getAlbumList2", lambda p: {"type": "random", "size": 500}, {"unordered": {"album"}}),
    "getAlbumList2 byYear": ("getAlbumList2", lambda p: {"type": "byYear", "fromYear": 1990, "toYear": 2010}),
    "getAlbumList2 byGenre": ("getAlbumList2", lambda p: {"type": "byGenre", "genre": "Jazz"}),
    "getRandomSongs": ("getRandomSongs", lambda p: {"size": 500}, {"unordered": {"song"}}),
    "getSongsByGenre": ("getSongsByGenre", lambda p: {"genre": "Post-Rock"}),
    "getStarred2": ("getStarred2", lambda p: {}),
    # What plays now moves with the clock (positionMs of whoever reports a song playing).
    "getNowPlaying": ("getNowPlaying", lambda p: {}, {"volatile": {"minutesAgo", "positionMs"}}),
    "search3 everything": ("search3", lambda p: {"query": "", "artistCount": 500, "albumCount": 500,
                                                  "songCount": 500}),
    "search3 Tone": ("search3", lambda p: {"query": "Tone"}),
    "getPlaylists": ("getPlaylists", lambda p: {}),
    "getPlaylist": ("getPlaylist", lambda p: {"id": p.playlist}),
    "getUser": ("getUser", lambda p: {"username": p.username}),
    "getScanStatus": ("getScanStatus", lambda p: {}),
    "getLyricsBySongId": ("getLyricsBySongId", lambda p: {"id": p.lyrics_song}),
    "tokenInfo": ("tokenInfo", lambda p: {}),
    # The saved queue (the calls that save it save what Prepared saved), bookmarks, what plays.
    "getPlayQueue": ("getPlayQueue", lambda p: {}),
    "getPlayQueueByIndex": ("getPlayQueueByIndex", lambda p: {}),
    "savePlayQueue": ("savePlayQueue", lambda p: p.queue_by_id),
    "savePlayQueueByIndex": ("savePlayQueueByIndex", lambda p: p.queue_by_index),
    "getBookmarks": ("getBookmarks", lambda p: {}),
    "createBookmark": ("createBookmark", lambda p: p.bookmark),
    "reportPlayback": ("reportPlayback", lambda p: p.report),
    # This user subscribes to no podcast (PODCAST_CALLS has a server that fetches a feed).
    "getPodcasts": ("getPodcasts", lambda p: {}),
    "getNewestPodcasts": ("getNewestPodcasts", lambda p: {}),
    "an unknown album (error 70)": ("getAlbum", lambda p: {"id": "no-such-album"}),
    "a missing id (error 10)": ("getSong", lambda p: {}),
    "a currentIndex past the queue (error 10)": ("savePlayQueueByIndex",
                                                 lambda p: p.queue + [("currentIndex", "3")]),
    "a bookmark without a position (error 10)": ("createBookmark", lambda p: {"id": p.song}),
    "no bookmark to delete (error 70)": ("deleteBookmark", lambda p: {"id": p.other_song}),
    "an unknown podcast episode (error 70)": ("getPodcastEpisode", lambda p: {"id": "pe.nosuch.eA"}),
}


def table_call(prepared: Prepared, name: str, **options) -> Reply:
    method, params = CALLS[name][:2]
    return call(prepared.base, method, params(prepared), caller=prepared.account.token, **options)


def loose(name: str) -> dict:
    extra = CALLS[name][2] if len(CALLS[name]) > 2 else {}
    return {"unordered": frozenset(extra.get("unordered", ())), "volatile": frozenset(extra.get("volatile", ()))}


@pytest.mark.parametrize("name", CALLS)
def test_every_xml_reply_is_valid_by_the_subsonic_xsd(prepared, name):
    reply = table_call(prepared, name)
    assert reply.status == 200, (reply.status, reply.body[:300])
    assert reply.content_type.split(";")[0] in ("application/xml", "text/xml"), reply.content_type
    root = reply.xml()
    assert root.tag == q("subsonic-response")
    expected = "failed" if "(error " in name else "ok"
    assert root.get("status") == expected, reply.body[:1000]
    assert (root.get("version"), root.get("type"), root.get("openSubsonic")) == ("1.16.1", "blastoise", "true")
    assert root.get("serverVersion")
    validate(reply.body)


@pytest.mark.parametrize("name", CALLS)
def test_json_says_what_xml_says(prepared, name):
    xml = table_call(prepared, name)
    json_reply = table_call(prepared, name, f="json")
    assert json_reply.status == 200
    assert json_reply.content_type.split(";")[0] == "application/json", json_reply.content_type
    options = loose(name)
    assert comparable(json_reply.json(), **options) == comparable(xml_to_json(xml.body), **options)


@pytest.mark.parametrize("name", CALLS)
def test_a_form_post_gets_the_same_reply_as_a_get(prepared, name):
    for f in (None, "json"):
        got = table_call(prepared, name, f=f)
        posted = table_call(prepared, name, f=f, post=True)
        assert posted.status == got.status == 200
        if loose(name)["unordered"] or loose(name)["volatile"]:
            as_json = (lambda r: r.json()) if f else (lambda r: xml_to_json(r.body))
            assert comparable(as_json(posted), **loose(name)) == comparable(as_json(got), **loose(name))
        else:
            assert posted.body == got.body


def test_jsonp_wraps_the_json_in_the_callback_and_view_names_answer_the_same(server, prepared):
    for method, params in (("ping", {}), ("getAlbum", {"id": prepared.album}), ("getSong", {"id": "nosuch"})):
        plain = call(server.base, method, params, caller=prepared.account.token, f="json")
        wrapped = call(server.base, method, {**params, "callback": "blastoise.handle_1"},
                       caller=prepared.account.token, f="jsonp")
        assert wrapped.status == 200
        assert wrapped.body == b"blastoise.handle_1(" + plain.body + b");"
        assert "javascript" in wrapped.content_type
        viewed = call(server.base, method, params, caller=prepared.account.token, f="json", view=True)
        assert viewed.body == plain.body


def test_ratings_of_songs_albums_and_artists_are_shown_and_valid(server, account):
    conn = py_sonic(server, account)
    album = e2e_album(conn)
    song = as_list(album["song"])[0]["id"]
    for item, rating in ((song, 5), (album["id"], 3), (album["artistId"], 2)):
        conn.setRating(item, rating)
    assert conn.getSong(song)["song"]["userRating"] == 5
    assert conn.getAlbum(album["id"])["album"]["userRating"] == 3
    # Every reply that shows the rated items stays valid, and says in JSON what it says in XML.
    invalid = {}
    for method, params in (("getSong", {"id": song}), ("getAlbum", {"id": album["id"]}),
                           ("getArtist", {"id": album["artistId"]}), ("getArtists", {}), ("getIndexes", {}),
                           ("search3", {"query": "E2E"}), ("getAlbumList2", {"type": "highest"})):
        reply = call(server.base, method, params, caller=account.token)
        try:
            validate(reply.body)
        except AssertionError as error:
            invalid[method] = str(error).splitlines()[0]
            continue
        json_reply = call(server.base, method, params, caller=account.token, f="json")
        assert comparable(json_reply.json()) == comparable(xml_to_json(reply.body)), method
    assert not invalid, invalid


# ---------------------------------------------------------------- 6. bad input


def test_an_unknown_method_is_a_generic_error(server, account):
    for f in (None, "json"):
        code, message = failure(call(server.base, "getNoSuchThing", caller=account.token, f=f))
        assert code == 0 and message
    assert failure(call(server.base, "getNoSuchThing.view.view", caller=account.token))[0] == 0


def test_missing_and_unknown_ids_are_codes_10_and_70(server, account):
    def got(method, params=(), f=None):
        return outcome(call(server.base, method, params, caller=account.token, f=f))

    song = song_id(account.api, "Alpha Tone")
    expected = {}
    for method in ("getAlbum", "getSong", "getArtist", "getPlaylist", "getMusicDirectory", "stream", "download",
                   "getCoverArt", "getLyricsBySongId", "getArtistInfo2", "getAlbumInfo2", "deletePlaylist"):
        for f in (None, "json"):
            expected[method, "no id", f] = (10, got(method, f=f))
            expected[method, "an unknown id", f] = (70, got(method, {"id": "no-such-id"}, f))
    for method, params in (("star", {"id": "no-such-id"}), ("setRating", {"id": "no-such-id", "rating": 3}),
                           ("scrobble", {"id": "no-such-id"}), ("getSimilarSongs2", {"id": "no-such-id"})):
        expected[method, str(params)] = (70, got(method, params))
    for method, params in (("getAlbumList2", {}), ("search3", {}), ("getSongsByGenre", {}),
                           ("setRating", {"id": song}), ("createPlaylist", [("songId", song)]),
                           ("getAlbumList2", {"type": "byGenre"}), ("getAlbumList2", {"type": "byYear"})):
        expected[method, str(params)] = (10, got(method, params))
    wrong = {what: answer for what, (code, answer) in expected.items() if answer != code}
    assert not wrong, wrong


def test_values_of_the_wrong_type_fail_without_a_crash(server, account):
    song = song_id(account.api, "Alpha Tone")
    wrong = {}
    for method, params in (("getRandomSongs", {"size": "abc"}), ("getSongsByGenre", {"genre": "Jazz", "count": "abc"}),
                           ("getAlbumList2", {"type": "newest", "size": "ten"}),
                           ("getAlbumList2", {"type": "no-such-type"}),
                           ("search3", {"query": "", "songCount": "1e9"}),
                           ("setRating", {"id": song, "rating": "9"}),
                           ("setRating", {"id": song, "rating": "five"}),
                           ("scrobble", {"id": song, "submission": "maybe"}),
                           ("getCoverArt", {"id": song, "size": "huge"})):
        for f in (None, "json"):
            answer = outcome(call(server.base, method, params, caller=account.token, f=f))
            if answer not in (0, 10):
                wrong[method, str(params), f] = answer
    assert not wrong, wrong
    # getRandomSongs takes `size`; an unknown parameter such as `count` is ignored, as elsewhere.
    ok(call(server.base, "getRandomSongs", {"count": "abc"}, caller=account.token))


def test_a_huge_parameter_is_answered_without_a_crash(server, account):
    huge = "x" * 100_000
    for post in (False, True):
        reply = call(server.base, "search3", {"query": huge}, caller=account.token, post=post)
        assert reply.status != 500 and reply.status < 500, reply.status
        if reply.status == 200:
            root = reply.xml()
            validate(reply.body)
            assert root.get("status") in ("ok", "failed")
    many = [("id", f"no-such-{n}") for n in range(2000)]
    reply = call(server.base, "star", many, caller=account.token, post=True)
    assert reply.status < 500
    if reply.status == 200:
        assert failure(reply)[0] in (0, 10, 70)
    # The server still answers.
    ok(call(server.base, "ping", caller=account.token))


def test_a_hostile_jsonp_callback_is_refused(server, account):
    for callback in ("alert(1)//", "</script><script>alert(1)</script>", "x;fetch('//evil')", "", "1abc",
                     "a" * 5000, "callback\u2028"):
        reply = call(server.base, "ping", {"callback": callback}, caller=account.token, f="jsonp")
        assert reply.status == 200
        assert not callback or not reply.body.startswith(callback.encode()), callback
        assert b"<script" not in reply.body
        code, _ = failure(reply)
        assert code in (0, 10), (callback, code)


# ---------------------------------------------------------------- 7. play queues, bookmarks, playback


def opensonic(server, account: Account, app: str = "blastoise-e2e") -> libopensonic.Connection:
    return libopensonic.Connection(HOST, api_key=account.secret, port=server.port, app_name=app)


def saved_queue(base: str, caller: Caller, by_index: bool = False):
    """The saved play queue's element, None when nothing is saved (the answer has none then)."""
    name = "playQueueByIndex" if by_index else "playQueue"
    return ok(call(base, "getPlayQueueByIndex" if by_index else "getPlayQueue", caller=caller)).find(q(name))


def iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_play_queue_saved_by_one_app_is_picked_up_by_another(server, account, make_api):
    phone = libsonic.Connection(HOST, account.username, account.secret, port=server.port, legacyAuth=False,
                                appName="Phone")
    desktop = opensonic(server, account, "Desktop")
    try:
        assert saved_queue(server.base, account.token) is None
        assert saved_queue(server.base, account.token, by_index=True) is None
        songs = [s["id"] for s in as_list(e2e_album(phone)["song"])]

        phone.savePlayQueue(songs[:3], current=songs[1], position=42_000)
        queue = desktop.get_play_queue()
        assert [e.id for e in queue.entry] == songs[:3]
        assert (queue.current, queue.position, queue.username, queue.changed_by) == \
            (songs[1], 42_000, account.username, "Phone")
        by_index = desktop.get_play_queue_by_index()
        assert [e.id for e in by_index.entry] == songs[:3]
        assert (by_index.current_index, by_index.position, by_index.changed_by) == (1, 42_000, "Phone")

        # The desktop goes on from there and saves where it is; the phone picks that up.
        desktop.save_play_queue_by_index(songs[1:4], current_index=2, position=5_000)
        back = phone.getPlayQueue()["playQueue"]
        assert [e["id"] for e in as_list(back["entry"])] == songs[1:4]
        assert (back["current"], back["position"], back["changedBy"], back["username"]) == \
            (songs[3], 5_000, "Desktop", account.username)
        assert iso(back["changed"]) >= iso(queue.changed)

        # A queue is its user's: another has none.
        other = account_of(make_api("other"))
        assert saved_queue(server.base, other.token) is None

        # Saving no song clears it, for every app.
        phone.savePlayQueue([])
        assert saved_queue(server.base, account.key) is None
        assert saved_queue(server.base, account.key, by_index=True) is None
    finally:
        desktop.cleanup()


def test_a_queue_by_index_holds_the_same_song_twice_and_which_of_them_plays(server, account):
    conn = opensonic(server, account)
    alpha, beta = song_id(account.api, "Alpha Tone"), song_id(account.api, "Beta Tone")
    try:
        conn.save_play_queue_by_index([alpha, beta, alpha], current_index=2, position=1_500)
        queue = conn.get_play_queue_by_index()
        assert [e.id for e in queue.entry] == [alpha, beta, alpha]
        assert (queue.current_index, queue.position) == (2, 1_500)
        # By ID the current song is the one at that index (which copy, by ID, cannot say).
        assert saved_queue(server.base, account.token).get("current") == alpha

        # "If currentIndex is not between 0 and length of the queue - 1 (inclusive), the server
        # must respond with error code 10"; it is "required unless no id is provided".
        for index in ("2", "-1", None):
            params = [("id", alpha), ("id", beta)] + ([("currentIndex", index)] if index else [])
            assert failure(call(server.base, "savePlayQueueByIndex", params, caller=account.token))[0] == 10, index
        queue = conn.get_play_queue_by_index()
        assert ([e.id for e in queue.entry], queue.current_index) == ([alpha, beta, alpha], 2), "refused, yet changed"

        # "If position is empty, servers should treat the position as 0."
        conn.save_play_queue_by_index([beta], current_index=0)
        queue = conn.get_play_queue_by_index()
        assert ([e.id for e in queue.entry], queue.current_index, queue.position or 0) == ([beta], 0, 0)

        # No id (and no currentIndex) clears it.
        conn.save_play_queue_by_index()
        assert saved_queue(server.base, account.token, by_index=True) is None
    finally:
        conn.cleanup()


def test_save_play_queue_refuses_a_current_song_not_in_the_queue(server, account):
    alpha, beta = song_id(account.api, "Alpha Tone"), song_id(account.api, "Beta Tone")
    ok(call(server.base, "savePlayQueue", [("id", alpha), ("id", beta), ("current", beta)], caller=account.token))
    # OpenSubsonic's errata: `current` "must be in the list of id".
    reply = call(server.base, "savePlayQueue", [("id", alpha), ("current", beta)], caller=account.token)
    assert failure(reply)[0] in (0, 10)
    queue = saved_queue(server.base, account.token)
    assert ([e.get("id") for e in queue.iter(q("entry"))], queue.get("current")) == ([alpha, beta], beta)
    # A song the library does not have is not found.
    assert failure(call(server.base, "savePlayQueue", [("id", "no-such-song"), ("current", "no-such-song")],
                        caller=account.token))[0] == 70


def test_save_play_queue_with_songs_needs_the_current_one(server, account):
    # OpenSubsonic's savePlayQueue: "For OpenSubsonic servers only, `current` is required
    # unless `id` is empty" (https://opensubsonic.netlify.app/docs/endpoints/saveplayqueue/): a
    # required parameter missing is error 10.
    alpha = song_id(account.api, "Alpha Tone")
    assert outcome(call(server.base, "savePlayQueue", {"id": alpha}, caller=account.token)) == 10


def test_bookmarks_keep_a_position_in_a_song_for_its_user_alone(server, account, make_api):
    conn = py_sonic(server, account)
    alpha, beta = song_id(account.api, "Alpha Tone"), song_id(account.api, "Beta Tone")

    def bookmarks(caller: Caller = account.token) -> dict[str, etree._Element]:
        root = ok(call(server.base, "getBookmarks", caller=caller))
        assert root.find(q("bookmarks")) is not None
        return {b.find(q("entry")).get("id"): b for b in root.iter(q("bookmark"))}

    assert bookmarks() == {}
    conn.createBookmark(alpha, 61_000, comment="Chapter 2 <b>here</b>")
    conn.createBookmark(beta, 5_000)
    marks = bookmarks()
    assert set(marks) == {alpha, beta}
    first = marks[alpha]
    assert (first.get("position"), first.get("username"), first.get("comment")) == \
        ("61000", account.username, "Chapter 2 <b>here</b>")
    assert first.find(q("entry")).get("title") == "Alpha Tone"
    assert iso(first.get("created")) == iso(first.get("changed"))
    assert marks[beta].get("position") == "5000" and not marks[beta].get("comment")

    # "If a bookmark already exists for this file it will be overwritten."
    conn.createBookmark(alpha, 90_000, comment="Chapter 3")
    again = bookmarks()[alpha]
    assert (again.get("position"), again.get("comment")) == ("90000", "Chapter 3")
    assert iso(again.get("changed")) >= iso(again.get("created"))
    assert len(bookmarks()) == 2

    # "Bookmarks are personal and not visible to other users"; nor can they delete them.
    other = account_of(make_api("other"))
    assert bookmarks(other.token) == {}
    assert failure(call(server.base, "deleteBookmark", {"id": alpha}, caller=other.token))[0] == 70
    conn.deleteBookmark(beta)
    assert set(bookmarks()) == {alpha}
    assert failure(call(server.base, "deleteBookmark", {"id": beta}, caller=account.token))[0] == 70
    assert failure(call(server.base, "createBookmark", {"id": "no-such-song", "position": 1},
                        caller=account.token))[0] == 70
    assert failure(call(server.base, "createBookmark", {"id": alpha}, caller=account.token))[0] == 10

    # An OpenSubsonic client reads them, each with its one entry (the XSD's Bookmark has exactly
    # one, and OpenSubsonic's JSON shows it as an object).
    desktop = opensonic(server, account)
    try:
        assert [(m.entry.id, m.position, m.comment) for m in desktop.get_bookmarks()] == [(alpha, 90_000, "Chapter 3")]
    finally:
        desktop.cleanup()


def now_playing(base: str, caller: Caller, username: str) -> list[etree._Element]:
    """getNowPlaying's entries of `username` (the XML checked by the XSD)."""
    return [e for e in ok(call(base, "getNowPlaying", caller=caller)).iter(q("entry")) if e.get("username") == username]


def test_playback_reports_show_the_state_position_and_rate_in_now_playing(server, account):
    conn = opensonic(server, account, "Car stereo")
    delta = song_id(account.api, "Delta Tone")

    def mine():
        entries = [e for e in conn.get_now_playing() if e.username == account.username]
        assert len(entries) == 1, entries
        return entries[0]

    try:
        conn.report_playback(delta, "song", 3_000, "starting")
        entry = mine()
        assert (entry.id, entry.state, entry.position_ms, entry.playback_rate, entry.player_name) == \
            (delta, "starting", 3_000, 1.0, "Car stereo")
        # "The server should only start moving its internal clock after the state changes to
        # playing" (buffering may take long).
        time.sleep(0.3)
        assert mine().position_ms == 3_000

        # Playing at twice the speed: the position is reckoned at twice the clock since the
        # report, between what the clock says around the report and around the question.
        before = time.monotonic()
        conn.report_playback(delta, "song", 10_000, "playing", playback_rate=2.0)
        reported = time.monotonic()
        time.sleep(0.5)
        asked = time.monotonic()
        entry = mine()
        answered = time.monotonic()
        assert (entry.state, entry.playback_rate) == ("playing", 2.0)
        slack = 5  # milliseconds, for the rounding of both instants to whole milliseconds
        assert 10_000 + 2_000 * (asked - reported) - slack <= entry.position_ms <= \
            10_000 + 2_000 * (answered - before) + slack, entry.position_ms
        [xml_entry] = now_playing(server.base, account.token, account.username)
        assert (xml_entry.get("id"), xml_entry.get("state"), float(xml_entry.get("playbackRate"))) == \
            (delta, "playing", 2.0)

        # Paused, it stays where it was paused.
        conn.report_playback(delta, "song", 15_000, "paused", playback_rate=2.0)
        time.sleep(0.3)
        assert (mine().state, mine().position_ms) == ("paused", 15_000)
    finally:
        conn.report_playback(delta, "song", 0, "stopped", ignore_scrobble=True)
        conn.cleanup()


def test_a_play_counts_once_half_the_song_was_heard_unless_the_app_counts_its_own(server, account):
    conn = py_sonic(server, account)
    delta = song_id(account.api, "Delta Tone")  # 60 s long

    def report(state: str, position_ms: int, **extra):
        ok(call(server.base, "reportPlayback", {"mediaId": delta, "mediaType": "song", "positionMs": position_ms,
                                                "state": state, **extra}, caller=account.token))

    def plays() -> int:
        return conn.getSong(delta)["song"].get("playCount", 0)

    report("starting", 0)
    report("playing", 0)
    report("stopped", 20_000)  # a third in: not heard
    assert plays() == 0
    # Stopped ends what plays now (nothing of it left playing).
    assert all(e.get("state") == "stopped" for e in now_playing(server.base, account.token, account.username))

    # A play counts once half the song was heard (time spent playing, at its rate; Delta is 60 s):
    # at 4x, 7.5 s. ignoreScrobble: "should not trigger scrobble/playcount side effects".
    for ignore in ("true", "false"):
        report("starting", 0, playbackRate="4")
        report("playing", 0, playbackRate="4")
        time.sleep(8.5)
        report("stopped", 36_000, ignoreScrobble=ignore)
    song = conn.getSong(delta)["song"]
    assert song.get("playCount") == 1 and song.get("played")

    # A report names a known song, a known state and where it is.
    wrong = {}
    for params, codes in (({"state": "finished", "positionMs": 1}, (0, 10)), ({"state": "playing"}, (10,)),
                          ({"mediaId": "no-such-song", "state": "playing", "positionMs": 1}, (70,)),
                          ({"mediaId": None, "state": "playing", "positionMs": 1}, (10,))):
        sent = {k: v for k, v in {"mediaId": delta, "mediaType": "song", **params}.items() if v is not None}
        code = outcome(call(server.base, "reportPlayback", sent, caller=account.token))
        if code not in codes:
            wrong[str(params)] = code
    assert not wrong, wrong
    assert plays() == 1


# ---------------------------------------------------------------- 8. podcasts


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


PODCAST_FEED = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Loopback Radio</title>
  <itunes:author>Test Host</itunes:author>
  <description>Two episodes &amp; a cover</description>
  <itunes:image href="{base}/cover.jpg"/>
  <item><title>Episode Two</title><guid>ep-2</guid><pubDate>Tue, 03 Feb 2026 10:00:00 GMT</pubDate>
    <description>The second one</description>
    <itunes:duration>4</itunes:duration><enclosure url="{base}/two.mp3" type="audio/mpeg" length="1234"/></item>
  <item><title>Episode One</title><guid isPermaLink="false">tag:loopback,2026:ep 1/?</guid>
    <pubDate>Mon, 02 Feb 2026 10:00:00 GMT</pubDate>
    <itunes:duration>4</itunes:duration><enclosure url="{base}/one.mp3" type="audio/mpeg" length="1"/></item>
</channel>
</rss>"""


@dataclass
class PodcastWorld:
    server: Server
    account: Account
    podcast: dict
    site: Path
    feed: str

    @cached_property
    def episodes(self) -> list[etree._Element]:
        root = ok(call(self.server.base, "getPodcasts", caller=self.account.token))
        return list(root.iter(q("episode")))


@pytest.fixture(scope="module")
def podcast_world(tmp_path_factory):
    """A feed of two episodes on a loopback site, and a server that may fetch it (the session's
    server refuses private addresses, as it should): one user subscribed to it through the web
    app's API, once the server has downloaded both episodes."""
    site_dir = tmp_path_factory.mktemp("subsonic-podcast-site")
    for name, frequency in (("one.mp3", 440), ("two.mp3", 550)):
        _ffmpeg(["-f", "lavfi", "-i", f"sine=frequency={frequency}:sample_rate=22050:duration=4", "-c:a", "libmp3lame",
                 str(site_dir / name)])
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietFiles, directory=str(site_dir)))
    threading.Thread(target=site.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{site.server_port}"
    (site_dir / "feed.xml").write_text(PODCAST_FEED.format(base=base))
    server = Server(guests=False, extra=["--allow-private-imports"])
    try:
        server.start()
        api = Api(server.base)
        api.signup(unique("podcaster"), "password-123")
        account = account_of(api)
        podcast = api.post("/api/podcasts", {"url": f"{base}/feed.xml"})
        poll_until(lambda: ok(call(server.base, "getPodcasts", caller=account.token)),
                   lambda root: sum(1 for e in root.iter(q("episode")) if e.get("streamId")) == 2,
                   message="the server's copies of both episodes")
        yield PodcastWorld(server, account, podcast, site_dir, f"{base}/feed.xml")
    finally:
        server.cleanup()
        site.shutdown()


def test_podcasts_are_the_callers_subscriptions_with_their_episodes(podcast_world, make_api):
    world = podcast_world
    conn = opensonic(world.server, world.account)
    try:
        [channel] = conn.get_podcasts()
        assert (channel.id, channel.url, channel.title, channel.description, channel.status.value) == \
            (world.podcast["id"], world.feed, "Loopback Radio", "Two episodes & a cover", "completed")
        assert channel.original_image_url == world.feed.replace("feed.xml", "cover.jpg")
        episodes = channel.episode
        assert [e.title for e in episodes] == ["Episode Two", "Episode One"]  # newest first
        assert all(e.channel_id == channel.id and e.status.value == "completed" and e.stream_id for e in episodes)
        assert [iso(e.publish_date) for e in episodes] == \
            [datetime(2026, 2, 3, 10, tzinfo=timezone.utc), datetime(2026, 2, 2, 10, tzinfo=timezone.utc)]
        assert (episodes[0].description, episodes[0].duration, episodes[0].content_type) == \
            ("The second one", 4, "audio/mpeg")

        # One channel by its ID, without its episodes; an ID not subscribed to is not found.
        [only] = conn.get_podcasts(inc_episodes=False, pid=channel.id)
        assert only.id == channel.id and not only.episode
        assert failure(call(world.server.base, "getPodcasts", {"id": "no-such-podcast"},
                            caller=world.account.token))[0] == 70

        assert [e.title for e in conn.get_newest_podcasts(count=1)] == ["Episode Two"]
        assert [e.id for e in conn.get_newest_podcasts()] == [e.id for e in episodes]

        # getPodcastEpisode finds each again by its ID (the odd guid too), as getPodcasts has it.
        listed = call(world.server.base, "getPodcasts", caller=world.account.token, f="json").json()
        for index, episode in enumerate(episodes):
            assert conn.get_podcast_episode(episode.id).title == episode.title
            single = call(world.server.base, "getPodcastEpisode", {"id": episode.id}, caller=world.account.token,
                          f="json").json()
            assert single["podcastEpisode"] == listed["podcasts"]["channel"][0]["episode"][index]

        # streamId streams the server's copy: the publisher's file.
        for episode, name in zip(episodes, ("two.mp3", "one.mp3")):
            streamed = call(world.server.base, "stream", {"id": episode.stream_id}, caller=world.account.key)
            assert streamed.status == 200 and streamed.body == (world.site / name).read_bytes(), name
    finally:
        conn.cleanup()

    # Someone else subscribes to nothing: no channel, and the episode is not theirs to get.
    other_api = Api(world.server.base)
    other_api.signup(unique("listener"), "password-123")
    other = account_of(other_api)
    assert not list(ok(call(world.server.base, "getPodcasts", caller=other.token)).iter(q("channel")))
    assert not list(ok(call(world.server.base, "getNewestPodcasts", caller=other.token)).iter(q("episode")))
    assert failure(call(world.server.base, "getPodcastEpisode", {"id": episodes[0].id}, caller=other.token))[0] == 70


PODCAST_CALLS = {
    "getPodcasts": ("getPodcasts", lambda w: {}),
    "getPodcasts of one, without episodes": ("getPodcasts", lambda w: {"id": w.podcast["id"],
                                                                       "includeEpisodes": "false"}),
    "getNewestPodcasts": ("getNewestPodcasts", lambda w: {"count": 1}),
    "getPodcastEpisode": ("getPodcastEpisode", lambda w: {"id": w.episodes[1].get("id")}),
}


@pytest.mark.parametrize("name", PODCAST_CALLS)
def test_podcast_replies_are_valid_and_say_the_same_in_json_and_by_post(podcast_world, name):
    method, params = PODCAST_CALLS[name]

    def ask(**options) -> Reply:
        return call(podcast_world.server.base, method, params(podcast_world), caller=podcast_world.account.token,
                    **options)

    xml = ask()
    root = ok(xml)  # valid by the XSD (getPodcastEpisode's answer as newestPodcasts' episode)
    assert len(root) == 1
    assert comparable(ask(f="json").json()) == comparable(xml_to_json(xml.body))
    for f in (None, "json"):
        assert ask(f=f, post=True).body == ask(f=f).body


def test_a_playback_report_may_name_a_podcast_episode(podcast_world):
    # reportPlayback's mediaType is "Either song or podcast so the server knows what the mediaId
    # is referring to" (https://opensubsonic.netlify.app/docs/endpoints/reportplayback/).
    world = podcast_world
    episode = world.episodes[0]
    reply = call(world.server.base, "reportPlayback", {"mediaId": episode.get("id"), "mediaType": "podcast",
                                                       "positionMs": 1_000, "state": "paused"},
                 caller=world.account.token)
    assert outcome(reply) == "ok", reply.body[:500]
    entries = now_playing(world.server.base, world.account.token, world.account.username)
    assert [(e.get("state"), e.get("positionMs")) for e in entries] == [("paused", "1000")]
