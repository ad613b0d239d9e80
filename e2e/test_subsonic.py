"""The Subsonic API (with OpenSubsonic's additions) as music apps use it: two real Python clients
(py-sonic, py-opensonic) sign in with an app password and browse, search, stream, star, scrobble
and edit playlists; raw calls check the sign-in rules, that every XML reply is valid by Subsonic's
XSD (tolerating exactly the OpenSubsonic additions), that JSON and a form POST say the same as XML
and a GET, and that bad input is refused with the API's error codes, never an HTTP 500."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import libopensonic
import libsonic
import pytest
from conftest import unique
from helpers import HLJOD_ORDER, LYRICS, STANDARD_TRACKS, XSS_TITLE, Api, poll_until
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
    assert {s["title"] for s in songs} == set(E2E_TITLES)
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
        assert {s.title for s in conn.get_album(album.id).song} == set(E2E_TITLES)
    finally:
        conn.cleanup()


def test_an_api_key_names_its_account_in_token_info(server, account):
    # apiKeyAuthentication (version 1) comes with tokenInfo: which account an API key is.
    conn = libopensonic.Connection(HOST, api_key=account.secret, port=server.port)
    try:
        assert conn.token_info().username == account.username
    finally:
        conn.cleanup()


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
    rated song and album, a played song, a song playing now and a playlist."""

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
    "getNowPlaying": ("getNowPlaying", lambda p: {}, {"volatile": {"minutesAgo"}}),
    "search3 everything": ("search3", lambda p: {"query": "", "artistCount": 500, "albumCount": 500,
                                                  "songCount": 500}),
    "search3 Tone": ("search3", lambda p: {"query": "Tone"}),
    "getPlaylists": ("getPlaylists", lambda p: {}),
    "getPlaylist": ("getPlaylist", lambda p: {"id": p.playlist}),
    "getUser": ("getUser", lambda p: {"username": p.username}),
    "getScanStatus": ("getScanStatus", lambda p: {}),
    "getLyricsBySongId": ("getLyricsBySongId", lambda p: {"id": p.lyrics_song}),
    "an unknown album (error 70)": ("getAlbum", lambda p: {"id": "no-such-album"}),
    "a missing id (error 10)": ("getSong", lambda p: {}),
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
    expected = "failed" if name.startswith(("an unknown", "a missing")) else "ok"
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
