import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic
import Foundation
import Testing

@testable import BlastoiseServer

/// The Subsonic API through the real server (`/rest/…`), on the catalog tests' tagged music:
/// who may call it and how, answers in both formats and by both methods, and what a music app
/// does with it — browse, search everything, stream, star, rate, scrobble, playlists, lyrics.
@Suite struct SubsonicRoutesTests {
  /// A server on the shared music, its owner signed in and an app password of theirs; `clock`
  /// is the server's wall clock.
  static func server(clock: any WallClock = SystemClock()) async throws -> (TestServer, APIClient, secret: String) {
    let music = try await CatalogRoutesTests.music.value
    let server = try await TestServer(clock: clock) { $0.musicDirectory = music }
    let client = server.client()
    try await client.signUp("owner")
    try await LibraryRoutesTests.waitForLibrary(client, count: CatalogRoutesTests.libraryOrder.count)
    return (server, client, try await appPassword(client))
  }

  static func appPassword(_ client: APIClient, name: String = "Symfonium") async throws -> String {
    let made = try await client.post(APIRoute.appPasswords.path(), #"{"name":"\#(name)"}"#)
    return try made.json(CreatedAppPassword.self).password
  }

  /// `/rest/<method>?<query>`, each pair percent-encoded.
  static func path(_ method: String, _ query: [(String, String)]) -> String {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    let pairs = query.map {
      $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }
    return "/rest/\(method)?" + pairs.joined(separator: "&")
  }

  /// The `subsonic-response` object of a JSON answer.
  static func json(_ response: APIClient.Response) throws -> [String: Any] {
    #expect(response.status == 200)
    let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return try #require(object?["subsonic-response"] as? [String: Any], "\(response.text)")
  }

  static func call(_ client: APIClient, _ method: String, _ query: [(String, String)]) async throws -> [String: Any] {
    try json(try await client.get(path(method, query + [("f", "json")])))
  }

  static func errorCode(_ answer: [String: Any]) -> Int? {
    guard answer["status"] as? String == "failed" else { return nil }
    return (answer["error"] as? [String: Any])?["code"] as? Int
  }

  static func songs(_ answer: [String: Any], in key: String) -> [[String: Any]] {
    (answer[key] as? [String: Any])?["song"] as? [[String: Any]] ?? []
  }

  @Test func everyWayToSayWhoAsks() async throws {
    let (server, client, secret) = try await Self.server()
    let anyone = server.client()
    let salt = "c19b2d"
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("apiKey", secret)])) == nil)
    #expect(
      Self.errorCode(
        try await Self.call(
          anyone, "ping", [("u", "owner"), ("t", SubsonicCredentials.token(secret: secret, salt: salt)), ("s", salt)]))
        == nil)
    // The account's password is never kept readable, so it makes no token; it works as `p`.
    #expect(
      Self.errorCode(
        try await Self.call(
          anyone, "ping",
          [("u", "owner"), ("t", SubsonicCredentials.token(secret: "password123", salt: salt)), ("s", salt)])) == 40)
    let hex = Data("password123".utf8).map { String(format: "%02x", $0) }.joined()
    #expect(Self.errorCode(try await Self.call(anyone, "ping.view", [("u", "owner"), ("p", "enc:" + hex)])) == nil)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("u", "owner"), ("p", secret)])) == nil)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("u", "owner"), ("p", "wrong")])) == 40)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("apiKey", "no such key")])) == 44)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("apiKey", secret), ("u", "owner")])) == 43)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [])) == 10)
    // Extensions are told to anyone, before they sign in.
    let extensions = try await Self.call(anyone, "getOpenSubsonicExtensions", [])
    let names = (extensions["openSubsonicExtensions"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names?.contains("apiKeyAuthentication") == true && names?.contains("formPost") == true)
    #expect(extensions["openSubsonic"] as? Bool == true && extensions["version"] as? String == "1.16.1")

    // Revoked, the app password opens nothing any more.
    let list = try await client.get(APIRoute.appPasswords.path()).json(AppPasswordList.self)
    let id = try #require(list.appPasswords.first?.id)
    #expect(try await client.request("DELETE", APIRoute.appPassword.path(id)).status == 200)
    #expect(Self.errorCode(try await Self.call(anyone, "ping", [("apiKey", secret)])) == 44)
    #expect(
      Self.errorCode(
        try await Self.call(
          anyone, "ping", [("u", "owner"), ("t", SubsonicCredentials.token(secret: secret, salt: salt)), ("s", salt)]))
        == 40)
    await server.stop()
  }

  @Test func aFormPostAnswersAsAGetDoes() async throws {
    let (server, client, secret) = try await Self.server()
    let albums = try await Self.call(client, "getAlbumList2", [("apiKey", secret), ("type", "alphabeticalByName")])
    let album = try #require(((albums["albumList2"] as? [String: Any])?["album"] as? [[String: Any]])?.first)
    let calls: [(String, [(String, String)])] = [
      ("ping", []), ("getArtists", []), ("getAlbum", [("id", album["id"] as! String)]),
      ("search3", [("query", "Hljóð")]), ("search3", [("query", ""), ("songCount", "2"), ("songOffset", "1")]),
      ("getGenres", []), ("getAlbum", []), ("getIndexes", []), ("getMusicFolders", []), ("nothing", []),
    ]
    for format in ["json", "xml"] {
      for (method, query) in calls {
        let all = query + [("apiKey", secret), ("f", format)]
        let get = try await client.get(Self.path(method, all))
        let form = String(Self.path("", all).dropFirst("/rest/?".count))
        let post = try await client.request(
          "POST", "/rest/\(method).view", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: form)
        #expect(get.status == 200 && post.status == 200, "\(method)")
        #expect(get.text == post.text, "\(method) \(format)")
      }
    }
    await server.stop()
  }

  @Test func browsingFindsTheLibraryByTagsAndByFolders() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let artists = try await Self.call(client, "getArtists", [key])
    let indexes = (artists["artists"] as? [String: Any])?["index"] as? [[String: Any]] ?? []
    let filed = indexes.flatMap { index in
      (index["artist"] as? [[String: Any]] ?? []).map { (index["name"] as? String ?? "", $0["name"] as? String ?? "") }
    }
    #expect(filed.contains { $0 == ("S", "Sigur Rós") })
    let sigur = try #require(
      indexes.flatMap { $0["artist"] as? [[String: Any]] ?? [] }.first { $0["name"] as? String == "Sigur Rós" })
    let artist = try await Self.call(client, "getArtist", [key, ("id", sigur["id"] as! String)])
    let album = try #require(((artist["artist"] as? [String: Any])?["album"] as? [[String: Any]])?.first)
    #expect(album["name"] as? String == "Ágætis byrjun" && album["songCount"] as? Int == 3)
    let detail = try await Self.call(client, "getAlbum", [key, ("id", album["id"] as! String)])
    #expect(
      Self.songs(detail, in: "album").map { $0["title"] as? String } == ["Svefn-g-englar", "Hljóð", "Olsen Olsen"])
    #expect(Self.songs(detail, in: "album").map { $0["discNumber"] as? Int } == [1, 1, 2])
    // Each song's size is its file's, and its bit rate is the audio's.
    for song in Self.songs(detail, in: "album") {
      let file = try await client.get(APIRoute.track.path(song["id"] as! String))
      #expect(song["size"] as? Int == file.body.count && (song["bitRate"] as? Int ?? 0) > 0, "\(song)")
    }

    // Folders: the artist's holds its albums, the album's its songs.
    let folder = try await Self.call(client, "getMusicDirectory", [key, ("id", sigur["id"] as! String)])
    let children = (folder["directory"] as? [String: Any])?["child"] as? [[String: Any]] ?? []
    #expect(children.map { $0["isDir"] as? Bool } == [true] && children.first?["title"] as? String == "Ágætis byrjun")
    let songs = try await Self.call(client, "getMusicDirectory", [key, ("id", album["id"] as! String)])
    #expect(((songs["directory"] as? [String: Any])?["child"] as? [[String: Any]])?.count == 3)

    let genres = try await Self.call(client, "getGenres", [key])
    let genreNames = ((genres["genres"] as? [String: Any])?["genre"] as? [[String: Any]])?.compactMap {
      $0["value"] as? String
    }
    #expect(Set(genreNames ?? []) == ["Post-Rock", "Pop"])
    let byGenre = try await Self.call(client, "getSongsByGenre", [key, ("genre", "post-rock"), ("count", "2")])
    #expect(Self.songs(byGenre, in: "songsByGenre").count == 2)
    let list = try await Self.call(client, "getAlbumList2", [key, ("type", "byGenre"), ("genre", "Pop")])
    #expect(
      ((list["albumList2"] as? [String: Any])?["album"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Hits"])
    #expect(Self.errorCode(try await Self.call(client, "getAlbum", [key, ("id", "nothing")])) == 70)
    #expect(Self.errorCode(try await Self.call(client, "getAlbumList2", [key, ("type", "sideways")])) == 0)
    #expect(Self.errorCode(try await Self.call(client, "getAlbumList2", [key])) == 10)
    await server.stop()
  }

  /// Older apps' lists of folders (`getAlbumList`, `search2`, `getStarred`) say what the ID3
  /// ones say, albums as folders.
  @Test func olderAppsListsOfFoldersHaveTheSameContent() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let list = try await Self.call(client, "getAlbumList", [key, ("type", "alphabeticalByName")])
    let folders = (list["albumList"] as? [String: Any])?["album"] as? [[String: Any]] ?? []
    #expect(folders.map { $0["title"] as? String } == ["Ágætis byrjun", "Hits"])
    #expect(folders.allSatisfy { $0["isDir"] as? Bool == true })
    let found = try await Self.call(client, "search2", [key, ("query", "sigur")])
    let result = found["searchResult2"] as? [String: Any]
    #expect((result?["artist"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Sigur Rós"])
    #expect((result?["album"] as? [[String: Any]])?.first?["isDir"] as? Bool == true)
    #expect(Self.songs(found, in: "searchResult2").count == 3)
    let album = try #require(folders.first?["id"] as? String)
    _ = try await Self.call(client, "star", [key, ("albumId", album)])
    let starred = try await Self.call(client, "getStarred", [key])
    #expect(
      ((starred["starred"] as? [String: Any])?["album"] as? [[String: Any]])?.map { $0["id"] as? String } == [album])
    await server.stop()
  }

  /// Searches and albums are kept between requests, never past a change of the library, and each
  /// asker sees their own annotations on what is kept.
  @Test func keptAnswersFollowTheLibraryAndTheAsker() async throws {
    let (server, owner, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let hljod = try await Self.call(owner, "search3", [key, ("query", "hljod")])
    #expect(Self.songs(hljod, in: "searchResult3").map { $0["title"] as? String } == ["Hljóð"])
    let id = try #require(Self.songs(hljod, in: "searchResult3").first?["id"] as? String)
    let album = try #require(Self.songs(hljod, in: "searchResult3").first?["albumId"] as? String)
    _ = try await Self.call(owner, "getAlbum", [key, ("id", album)])
    _ = try await Self.call(owner, "star", [key, ("id", id)])
    let starred = try await Self.call(owner, "getAlbum", [key, ("id", album)])
    #expect(Self.songs(starred, in: "album").first { $0["id"] as? String == id }?["starred"] != nil)
    // The same search again (another salt, the same person): their star is in it; a rating
    // given in the web app too.
    let salted = [("u", "owner"), ("t", SubsonicCredentials.token(secret: secret, salt: "5a17")), ("s", "5a17")]
    let again = try await Self.call(owner, "search3", salted + [("query", "hljod")])
    #expect(Self.songs(again, in: "searchResult3").first?["starred"] != nil)
    #expect(try await owner.request("PUT", APIRoute.rating.path("tracks", id), json: #"{"rating":3}"#).status == 200)
    let rated = try await Self.call(owner, "search3", [key, ("query", "hljod")])
    #expect(Self.songs(rated, in: "searchResult3").first?["userRating"] as? Int == 3)
    let other = server.client()
    try await other.signUp("ben")
    let theirs = try await Self.call(other, "getAlbum", [("apiKey", try await Self.appPassword(other)), ("id", album)])
    #expect(Self.songs(theirs, in: "album").allSatisfy { $0["starred"] == nil })

    let song = LibraryRoutesTests.wav(seconds: 0.5, frequency: 660, title: "Uploaded Hljóð")
    #expect(try await UploadTests.upload(owner, [("new.wav", song)]).status == 200)
    let uploaded = try await Self.call(owner, "search3", [key, ("query", "hljod")])
    #expect(
      Self.songs(uploaded, in: "searchResult3").compactMap { $0["title"] as? String }.sorted() == [
        "Hljóð", "Uploaded Hljóð",
      ])
    await server.stop()
  }

  @Test func anEmptySearchPagesThroughTheWholeLibrary() async throws {
    let (server, client, secret) = try await Self.server()
    for query in ["", "\"\""] {
      var seen: [String] = []
      for offset in stride(from: 0, to: 6, by: 2) {
        let page = try await Self.call(
          client, "search3",
          [
            ("apiKey", secret), ("query", query), ("songCount", "2"), ("songOffset", "\(offset)"), ("artistCount", "0"),
            ("albumCount", "0"),
          ])
        seen += Self.songs(page, in: "searchResult3").compactMap { $0["id"] as? String }
      }
      #expect(seen.count == CatalogRoutesTests.libraryOrder.count && Set(seen).count == seen.count, "\(query)")
    }
    let found = try await Self.call(client, "search3", [("apiKey", secret), ("query", "hljod")])
    #expect(Self.songs(found, in: "searchResult3").map { $0["title"] as? String } == ["Hljóð"])
    await server.stop()
  }

  @Test func streamingStarsRatingsPlaysAndLyrics() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let found = try await Self.call(client, "search3", [key, ("query", "Hljóð")])
    let song = try #require(Self.songs(found, in: "searchResult3").first)
    let id = try #require(song["id"] as? String)

    let whole = try await client.get(APIRoute.track.path(id))
    let ranged = try await client.request(
      "GET", Self.path("stream", [key, ("id", id)]), headers: ["Range": "bytes=0-99"])
    #expect(ranged.status == 206 && ranged.body == whole.body.prefix(100))
    let download = try await client.get(Self.path("download", [key, ("id", id)]))
    #expect(download.body == whole.body && download.header("Content-Disposition")?.contains("attachment") == true)
    let missing = try await client.get(
      Self.path("stream", [key, ("id", "sha256:" + String(repeating: "0", count: 64))]))
    #expect(missing.status == 200 && missing.text.contains(#"code="70""#))

    #expect(
      Self.errorCode(try await Self.call(client, "star", [key, ("id", id), ("albumId", song["albumId"] as! String)]))
        == nil)
    let starred = try await Self.call(client, "getStarred2", [key])
    #expect(Self.songs(starred, in: "starred2").map { $0["id"] as? String } == [id])
    #expect(((starred["starred2"] as? [String: Any])?["album"] as? [[String: Any]])?.count == 1)
    #expect(Self.errorCode(try await Self.call(client, "unstar", [key, ("id", id)])) == nil)
    #expect(Self.songs(try await Self.call(client, "getStarred2", [key]), in: "starred2").isEmpty)
    #expect(Self.errorCode(try await Self.call(client, "star", [key, ("id", "nothing")])) == 70)

    #expect(Self.errorCode(try await Self.call(client, "setRating", [key, ("id", id), ("rating", "4")])) == nil)
    #expect(Self.errorCode(try await Self.call(client, "setRating", [key, ("id", id), ("rating", "9")])) == 0)
    #expect(Self.errorCode(try await Self.call(client, "scrobble", [key, ("id", id)])) == nil)
    let rated = (try await Self.call(client, "getSong", [key, ("id", id)]))["song"] as? [String: Any]
    #expect(rated?["userRating"] as? Int == 4 && rated?["playCount"] as? Int == 1 && rated?["played"] != nil)

    // A play that is not over yet is what plays now, for everyone who asks.
    _ = try await Self.call(client, "scrobble", [key, ("id", id), ("submission", "false"), ("c", "Symfonium")])
    let other = server.client()
    try await other.signUp("ben")
    let now = try await Self.call(other, "getNowPlaying", [("apiKey", try await Self.appPassword(other))])
    let entries = (now["nowPlaying"] as? [String: Any])?["entry"] as? [[String: Any]] ?? []
    #expect(entries.map { $0["username"] as? String } == ["owner"] && entries.first?["id"] as? String == id)

    let lyrics = try await Self.call(client, "getLyricsBySongId", [key, ("id", id)])
    let sheet = ((lyrics["lyricsList"] as? [String: Any])?["structuredLyrics"] as? [[String: Any]])?.first
    #expect((sheet?["line"] as? [[String: Any]])?.map { $0["value"] as? String } == ["Hljóð og þögn"])
    #expect(sheet?["synced"] as? Bool == false && sheet?["displayTitle"] as? String == "Hljóð")
    await server.stop()
  }

  @Test func playlistsAreMadeChangedAndRemovedByTheirOwnerAlone() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let everything = try await Self.call(client, "search3", [key, ("query", ""), ("songCount", "3")])
    let ids = Self.songs(everything, in: "searchResult3").compactMap { $0["id"] as? String }
    let made = try await Self.call(
      client, "createPlaylist", [key, ("name", "Road trip"), ("songId", ids[0]), ("songId", ids[1])])
    let playlist = try #require(made["playlist"] as? [String: Any])
    let playlistID = try #require(playlist["id"] as? String)
    #expect((playlist["entry"] as? [[String: Any]])?.map { $0["id"] as? String } == [ids[0], ids[1]])
    let changed = try await Self.call(
      client, "updatePlaylist",
      [key, ("playlistId", playlistID), ("name", "Long road"), ("songIndexToRemove", "0"), ("songIdToAdd", ids[2])])
    #expect(Self.errorCode(changed) == nil)
    let read = (try await Self.call(client, "getPlaylist", [key, ("id", playlistID)]))["playlist"] as? [String: Any]
    #expect(read?["name"] as? String == "Long road" && read?["songCount"] as? Int == 2)
    #expect((read?["entry"] as? [[String: Any]])?.map { $0["id"] as? String } == [ids[1], ids[2]])
    let lists = try await Self.call(client, "getPlaylists", [key])
    #expect(((lists["playlists"] as? [String: Any])?["playlist"] as? [[String: Any]])?.count == 1)

    // Someone else's private playlist does not exist for them.
    let other = server.client()
    try await other.signUp("ben")
    let theirs = ("apiKey", try await Self.appPassword(other))
    #expect(Self.errorCode(try await Self.call(other, "deletePlaylist", [theirs, ("id", playlistID)])) == 70)
    #expect(Self.errorCode(try await Self.call(client, "deletePlaylist", [key, ("id", playlistID)])) == nil)
    #expect(Self.errorCode(try await Self.call(client, "getPlaylist", [key, ("id", playlistID)])) == 70)
    await server.stop()
  }

  @Test func badRequestsAreAnsweredNeverFaulted() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    #expect(Self.errorCode(try await Self.call(client, "getRandomSongs", [key, ("size", "abc")])) == 0)
    #expect(Self.errorCode(try await Self.call(client, "getRandomSongs", [key, ("size", "-1")])) == 0)
    #expect(Self.errorCode(try await Self.call(client, "getSong", [key])) == 10)
    #expect(Self.errorCode(try await Self.call(client, "startScan", [key])) == nil)
    let hostile = try await client.get(Self.path("ping", [key, ("f", "jsonp"), ("callback", "alert(1)//")]))
    #expect(hostile.status == 200 && hostile.text.contains(#"code="10""#))
    let jsonp = try await client.get(Self.path("ping", [key, ("f", "jsonp"), ("callback", "take")]))
    #expect(jsonp.text.hasPrefix("take({") && jsonp.header("Content-Type")?.hasPrefix("application/javascript") == true)
    let badForm = try await client.request(
      "POST", "/rest/ping", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "apiKey=%zz")
    #expect(badForm.status == 200 && badForm.text.contains(#"code="0""#))
    let huge = try await client.request(
      "POST", "/rest/ping", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: "q=" + String(repeating: "a", count: SubsonicRoutes.maxFormBytes + 1))
    #expect(huge.status == 413)
    let wrongType = try await client.request(
      "POST", "/rest/ping", headers: ["Content-Type": "application/json"], body: "{}")
    #expect(wrongType.status == 415)
    // A name with characters XML cannot carry is still a reply every parser reads.
    let odd = try await client.get(Self.path("getArtist", [key, ("id", "\u{1}<&>\"")]))
    #expect(odd.status == 200 && !odd.text.contains("\u{1}") && odd.text.contains(#"code="70""#))
    await server.stop()
  }

  @Test func aPlayQueueAndBookmarksGoOnFromAnotherApp() async throws {
    let (server, client, secret) = try await Self.server()
    let key = ("apiKey", secret)
    let everything = try await Self.call(client, "search3", [key, ("query", ""), ("songCount", "3")])
    let ids = Self.songs(everything, in: "searchResult3").compactMap { $0["id"] as? String }
    #expect(try await Self.call(client, "getPlayQueue", [key])["playQueue"] == nil, "none saved yet")

    // By index, the same song twice: the second is the one playing.
    let queue = ids.prefix(2).map { ("id", $0) } + [("id", ids[0])]
    let saved = try await Self.call(
      client, "savePlayQueueByIndex", [key, ("c", "Phone")] + queue + [("currentIndex", "2"), ("position", "61500")])
    #expect(Self.errorCode(saved) == nil)
    let byIndex = try #require(
      try await Self.call(client, "getPlayQueueByIndex", [key])["playQueueByIndex"] as? [String: Any])
    #expect(byIndex["currentIndex"] as? Int == 2 && byIndex["position"] as? Int == 61_500)
    #expect(byIndex["changedBy"] as? String == "Phone" && byIndex["username"] as? String == "owner")
    #expect((byIndex["entry"] as? [[String: Any]])?.map { $0["id"] as? String } == [ids[0], ids[1], ids[0]])
    let byID = try #require(try await Self.call(client, "getPlayQueue", [key])["playQueue"] as? [String: Any])
    #expect(byID["current"] as? String == ids[0] && (byID["entry"] as? [[String: Any]])?.count == 3)
    #expect(
      Self.errorCode(try await Self.call(client, "savePlayQueueByIndex", [key] + queue + [("currentIndex", "3")]))
        == 10)
    #expect(Self.errorCode(try await Self.call(client, "savePlayQueueByIndex", [key] + queue)) == 10)
    #expect(Self.errorCode(try await Self.call(client, "savePlayQueue", [key, ("id", ids[0])])) == 10, "no current")
    #expect(
      Self.errorCode(try await Self.call(client, "savePlayQueue", [key, ("id", "nothing"), ("current", "nothing")]))
        == 70)
    // By ID from another app, then cleared.
    #expect(
      Self.errorCode(
        try await Self.call(client, "savePlayQueue", [key, ("id", ids[2]), ("id", ids[1]), ("current", ids[1])])) == nil
    )
    let moved = try await Self.call(client, "getPlayQueueByIndex", [key])["playQueueByIndex"] as? [String: Any]
    #expect(moved?["currentIndex"] as? Int == 1 && moved?["position"] as? Int == 0)
    #expect(Self.errorCode(try await Self.call(client, "savePlayQueue", [key])) == nil)
    #expect(try await Self.call(client, "getPlayQueue", [key])["playQueue"] == nil)

    #expect(
      Self.errorCode(
        try await Self.call(
          client, "createBookmark", [key, ("id", ids[1]), ("position", "42000"), ("comment", "here")]))
        == nil)
    let marks = try await Self.call(client, "getBookmarks", [key])
    let mark = ((marks["bookmarks"] as? [String: Any])?["bookmark"] as? [[String: Any]])?.first
    #expect(mark?["position"] as? Int == 42_000 && mark?["comment"] as? String == "here")
    #expect((mark?["entry"] as? [String: Any])?["id"] as? String == ids[1], "one entry, an object")
    #expect(Self.errorCode(try await Self.call(client, "createBookmark", [key, ("id", ids[1])])) == 10)
    #expect(Self.errorCode(try await Self.call(client, "deleteBookmark", [key, ("id", ids[1])])) == nil)
    #expect(Self.errorCode(try await Self.call(client, "deleteBookmark", [key, ("id", ids[1])])) == 70)
    await server.stop()
  }

  @Test func playbackReportsSayWhatPlaysAndCountAPlayWhenHalfOfItWasHeard() async throws {
    let clock = ManualClock(now: Date().timeIntervalSince1970)
    let (server, client, secret) = try await Self.server(clock: clock)
    let key = ("apiKey", secret)
    let found = try await Self.call(client, "search3", [key, ("query", "Hljóð")])
    let song = try #require(Self.songs(found, in: "searchResult3").first)
    let id = try #require(song["id"] as? String)
    let report = { (state: String, position: Int, extra: [(String, String)]) in
      try await Self.call(
        client, "reportPlayback",
        [
          key, ("mediaId", id), ("mediaType", "song"), ("state", state), ("positionMs", "\(position)"),
          ("c", "Feishin"),
        ]
          + extra)
    }
    func plays() async throws -> Int {
      let song = try await Self.call(client, "getSong", [key, ("id", id)])["song"] as? [String: Any]
      return song?["playCount"] as? Int ?? 0
    }
    #expect(Self.errorCode(try await report("paused", 1000, [("playbackRate", "1.5")])) == nil)
    let now = try await Self.call(client, "getNowPlaying", [key])
    let entry = ((now["nowPlaying"] as? [String: Any])?["entry"] as? [[String: Any]])?.first
    #expect(entry?["state"] as? String == "paused" && entry?["positionMs"] as? Int == 1_000)
    #expect(entry?["playbackRate"] as? Double == 1.5 && entry?["playerName"] as? String == "Feishin")
    #expect(Self.errorCode(try await report("dancing", 0, [])) == 0)
    #expect(Self.errorCode(try await report("playing", -5, [])) == 0)
    #expect(
      Self.errorCode(try await Self.call(client, "reportPlayback", [key, ("mediaId", id), ("state", "playing")])) == 10)

    // Stopped at the end without having played it: no play (a skip to the end is not a listen).
    let duration = try #require(song["duration"] as? Int) * 1000
    #expect(Self.errorCode(try await report("stopped", duration, [])) == nil)
    let nobody = try await Self.call(client, "getNowPlaying", [key])
    #expect(((nobody["nowPlaying"] as? [String: Any])?["entry"] as? [[String: Any]])?.isEmpty == true)
    #expect(try await plays() == 0)
    // Heard past half at 1×, the app counting its own plays: none; again, the server counts one.
    for ignore in ["true", "false"] {
      _ = try await report("starting", 0, [])
      _ = try await report("playing", 0, [])
      clock.advance(by: Double(duration) / 1000 * 0.6)
      _ = try await report("stopped", duration * 6 / 10, [("ignoreScrobble", ignore)])
    }
    #expect(try await plays() == 1)
    // Paused time is not heard time.
    _ = try await report("starting", 0, [])
    _ = try await report("paused", 0, [])
    clock.advance(by: Double(duration) / 1000)
    _ = try await report("stopped", 0, [])
    #expect(try await plays() == 1)
    await server.stop()
  }

  @Test func anAdminReadsAnyUserAndAKeyNamesItsAccount() async throws {
    let (server, admin, secret) = try await Self.server()
    let ben = server.client()
    try await ben.signUp("ben")
    let bens = ("apiKey", try await Self.appPassword(ben))
    let token = try await Self.call(ben, "tokenInfo", [bens])
    #expect((token["tokenInfo"] as? [String: Any])?["username"] as? String == "ben")
    let read = try await Self.call(admin, "getUser", [("apiKey", secret), ("username", "ben")])
    #expect((read["user"] as? [String: Any])?["adminRole"] as? Bool == false)
    #expect(Self.errorCode(try await Self.call(admin, "getUser", [("apiKey", secret), ("username", "nobody")])) == 70)
    #expect(Self.errorCode(try await Self.call(ben, "getUser", [bens, ("username", "owner")])) == 50)
    #expect((try await Self.call(ben, "getUser", [bens])["user"] as? [String: Any])?["username"] as? String == "ben")
    #expect(Self.errorCode(try await Self.call(ben, "startScan", [bens])) == 50)
    #expect(Self.errorCode(try await Self.call(ben, "search3", [bens])) == 10)
    await server.stop()
  }

  @Test func sealedSecretsOpenOnlyWithTheirKey() throws {
    let directory = try temporaryDirectory()
    let box = try SodiumSecretBox.opening(directory: directory)
    let sealed = box.seal("an app password")
    #expect(sealed != box.seal("an app password"), "a fresh nonce each time")
    #expect(box.open(sealed) == "an app password")
    #expect(try SodiumSecretBox.opening(directory: directory).open(sealed) == "an app password", "the same key again")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + SodiumSecretBox.fileName)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let other = try SodiumSecretBox.opening(directory: try temporaryDirectory())
    #expect(other.open(sealed) == nil && box.open("not sealed") == nil)
  }
}
