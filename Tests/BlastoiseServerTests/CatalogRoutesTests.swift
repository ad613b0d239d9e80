import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// The catalog through the real server: files tagged by ffmpeg, the real scanner and SQLite, the
/// server on loopback.
@Suite struct CatalogRoutesTests {
  static let album: [(String, String)] = [
    ("album", "Ágætis byrjun"), ("artist", "Sigur Rós"), ("album_artist", "Sigur Rós"), ("date", "1999-06-12"),
    ("genre", "Post-Rock"),
  ]

  /// One music folder for every test (servers only read it): a two-disc album in FLAC, MP3 and
  /// M4A, a compilation track in Ogg, and an untagged file.
  static let music = Task {
    let folder = try TestRun.makeDirectory("catalog-music")
    let files: [(String, [(String, String)])] = [
      ("01.flac", album + [("title", "Svefn-g-englar"), ("track", "1/2"), ("disc", "1/2")]),
      ("02.mp3", album + [("title", "Hljóð"), ("track", "2/2"), ("disc", "1/2"), ("lyrics", "Hljóð og þögn")]),
      ("03.m4a", album + [("title", "Olsen Olsen"), ("track", "1/1"), ("disc", "2/2")]),
      ("hits.ogg", [("title", "Hit"), ("artist", "Ann"), ("album", "Hits"), ("compilation", "1"), ("genre", "Pop")]),
      ("Plain Name.ogg", []),
    ]
    for (index, file) in files.enumerated() {
      try await TestTool.taggedTone(at: folder + "/" + file.0, frequency: 300 + 50 * index, metadata: file.1)
    }
    return folder
  }

  static let libraryOrder = ["Svefn-g-englar", "Hljóð", "Olsen Olsen", "Hit", "Plain Name"]

  /// A server on the shared music, its first account signed in, the scan done.
  static func server() async throws -> (TestServer, APIClient) {
    let music = try await music.value
    let server = try await TestServer { $0.musicDirectory = music }
    let client = server.client()
    try await client.signUp("owner")
    try await LibraryRoutesTests.waitForLibrary(client, count: libraryOrder.count)
    return (server, client)
  }

  @Test func albumsListAndOpenWithTracksInDiscAndTrackOrder() async throws {
    let (server, client) = try await Self.server()
    let page = try await client.get(APIRoute.albums.path(query: [("limit", "10")])).json(Page<Album>.self)
    #expect(page.items.map(\.name) == ["Ágætis byrjun", "Hits"])
    #expect(page.total == 2 && page.limit == 10 && page.offset == 0)
    let album = try #require(page.items.first)
    #expect(album.artist == "Sigur Rós" && album.year == 1999 && album.trackCount == 3 && album.discCount == 2)
    #expect(page.items.last?.artist == "Various Artists" && page.items.last?.compilation == true)
    let detail = try await client.get(APIRoute.album.path(album.id)).json(AlbumDetail.self)
    #expect(detail.tracks.map(\.title) == ["Svefn-g-englar", "Hljóð", "Olsen Olsen"])
    #expect(detail.tracks.map(\.discNumber) == [1, 1, 2])
    #expect(try await client.get(APIRoute.album.path("nothing")).status == 404)
    await server.stop()
  }

  @Test func theLibraryKeepsTheSeedsShapeInAlbumOrderAndPages() async throws {
    let (server, client) = try await Self.server()
    let whole = try await client.get(APIRoute.library.path())
    #expect(try whole.json([SeedTrack].self).map(\.title) == Self.libraryOrder)
    let tracks = try whole.json([Track].self)
    let untagged = try #require(tracks.last)
    #expect(untagged.artist == nil && untagged.album == nil && untagged.albumId == nil)
    let raw = try #require(try JSONSerialization.jsonObject(with: whole.body) as? [[String: Any]])
    #expect(raw.last?["artist"] is NSNull && raw.last?["album"] is NSNull)
    #expect(tracks.first?.albumArtist == "Sigur Rós" && tracks.first?.genres == ["Post-Rock"])
    let page = try await client.get(APIRoute.library.path(query: [("limit", "2"), ("offset", "1")]))
    #expect(try page.json([SeedTrack].self).map(\.title) == ["Hljóð", "Olsen Olsen"])
    #expect(page.header("X-Total-Count") == "5")
    #expect(try await client.get(APIRoute.library.path(query: [("limit", "0")])).status == 400)
    await server.stop()
  }

  @Test func artistsHaveTheirAlbumsAndGenresFilterAlbums() async throws {
    let (server, client) = try await Self.server()
    let artists = try await client.get(APIRoute.artists.path()).json(Page<Artist>.self)
    #expect(artists.items.map(\.name) == ["Ann", "Sigur Rós", "Various Artists"])
    let sigur = try #require(artists.items.first { $0.name == "Sigur Rós" })
    let detail = try await client.get(APIRoute.artist.path(sigur.id)).json(ArtistDetail.self)
    #expect(detail.albums.map(\.name) == ["Ágætis byrjun"] && detail.appearsOn.isEmpty)
    let ann = try #require(artists.items.first { $0.name == "Ann" })
    #expect(
      try await client.get(APIRoute.artist.path(ann.id)).json(ArtistDetail.self).appearsOn.map(\.name) == ["Hits"])
    let genres = try await client.get(APIRoute.genres.path()).json(Page<Genre>.self)
    #expect(genres.items.map(\.name) == ["Pop", "Post-Rock"])
    let pop = try #require(genres.items.first)
    let popAlbums = try await client.get(APIRoute.albums.path(query: [("genre", pop.id)])).json(Page<Album>.self)
    #expect(popAlbums.items.map(\.name) == ["Hits"])
    #expect(try await client.get(APIRoute.artists.path(query: [("sort", "year")])).status == 400)
    await server.stop()
  }

  @Test func searchIgnoresCaseAndAccents() async throws {
    let (server, client) = try await Self.server()
    func search(_ text: String) async throws -> SearchResults {
      try await client.get(APIRoute.search.path(query: [("q", text)])).json(SearchResults.self)
    }
    #expect(try await search("hljod").tracks.map(\.title) == ["Hljóð"])
    let sigur = try await search("SIGUR ros")
    #expect(sigur.artists.map(\.name) == ["Sigur Rós"])
    #expect(sigur.albums.map(\.name) == ["Ágætis byrjun"])
    #expect(sigur.tracks.count == 3)
    #expect(try await search("plain").tracks.map(\.title) == ["Plain Name"])
    #expect(try await client.get(APIRoute.search.path()).status == 400)
    await server.stop()
  }

  /// A signed-in person's search is read once per library (cached), but each answer shows their
  /// annotations as they are now, and a change of the library is found at once.
  @Test func aRepeatedSearchShowsTheNewestRatingAndTheNewestLibrary() async throws {
    let (server, owner) = try await Self.server()
    let bob = server.client()
    try await bob.signUp("bob")
    func search(_ client: APIClient, _ text: String) async throws -> SearchResults {
      try await client.get(APIRoute.search.path(query: [("q", text)])).json(SearchResults.self)
    }
    let track = try #require(try await search(owner, "hljod").tracks.first)
    #expect(track.rating == nil && track.favourite == nil)
    #expect(
      try await owner.request("PUT", APIRoute.rating.path("tracks", track.id), json: #"{"rating":4}"#).status == 200)
    #expect(try await owner.request("PUT", APIRoute.favourite.path("tracks", track.id)).status == 200)
    let rated = try #require(try await search(owner, "hljod").tracks.first)
    #expect(rated.rating == 4 && rated.favourite == true)
    #expect(try await search(bob, "hljod").tracks.map(\.rating) == [nil])
    #expect(try await owner.request("DELETE", APIRoute.rating.path("tracks", track.id)).status == 200)
    #expect(try await search(owner, "hljod").tracks.map(\.rating) == [nil])

    #expect(try await search(owner, "uploaded").tracks.isEmpty)
    let song = LibraryRoutesTests.wav(seconds: 0.5, frequency: 660, title: "Uploaded Hljóð")
    #expect(try await UploadTests.upload(owner, [("new.wav", song)]).status == 200)
    #expect(try await search(owner, "uploaded").tracks.map(\.title) == ["Uploaded Hljóð"])
    #expect(try await search(owner, "hljod").tracks.map(\.title).sorted() == ["Hljóð", "Uploaded Hljóð"])
    await server.stop()
  }

  /// Every catalog answer, for a person with annotations on some of its items: those items carry
  /// them, the others none, and the rest of the answer is the same as another person's.
  @Test func everyAnswerShowsThePersonsAnnotationsOnTheirItemsOnly() async throws {
    let (server, owner) = try await Self.server()
    let bob = server.client()
    try await bob.signUp("bob")
    let albums = try await owner.get(APIRoute.albums.path()).json(Page<Album>.self).items
    let sigur = try #require(albums.first { $0.name == "Ágætis byrjun" })
    let detail = try await owner.get(APIRoute.album.path(sigur.id)).json(AlbumDetail.self)
    let hljod = try #require(detail.tracks.first { $0.title == "Hljóð" })
    let artist = try #require(sigur.artistId)
    for (path, body) in [
      (APIRoute.favourite.path("albums", sigur.id), nil), (APIRoute.rating.path("tracks", hljod.id), #"{"rating":5}"#),
      (APIRoute.rating.path("artists", artist), #"{"rating":2}"#),
    ] {
      #expect(try await owner.request("PUT", path, json: body).status == 200)
    }
    #expect(try await owner.post(APIRoute.plays.path(), #"{"trackId":"\#(hljod.id)"}"#).status == 200)

    func both<Answer: Decodable>(_ path: String, _: Answer.Type) async throws -> (mine: Answer, bobs: Answer) {
      (try await owner.get(path).json(Answer.self), try await bob.get(path).json(Answer.self))
    }
    let page = try await both(APIRoute.albums.path(), Page<Album>.self)
    #expect(page.mine.items.map(\.favourite) == [true, nil] && page.mine.items[0].playCount == 1)
    #expect(page.bobs.items.allSatisfy { $0.favourite == nil && $0.playCount == nil })
    #expect(page.mine.items.map(\.id) == page.bobs.items.map(\.id) && page.mine.total == page.bobs.total)
    // Twice: the second comes from the cache of encoded reads.
    for _ in 0..<2 {
      let album = try await both(APIRoute.album.path(sigur.id), AlbumDetail.self)
      #expect(album.mine.album.favourite == true && album.bobs.album.favourite == nil)
      #expect(album.mine.tracks.map(\.rating) == [nil, 5, nil] && album.bobs.tracks.allSatisfy { $0.rating == nil })
      #expect(album.mine.tracks.map(\.playCount) == [nil, 1, nil])
      #expect(album.mine.tracks.map(\.title) == album.bobs.tracks.map(\.title))
    }
    let artistPage = try await both(APIRoute.artist.path(artist), ArtistDetail.self)
    #expect(artistPage.mine.artist.rating == 2 && artistPage.mine.albums.map(\.favourite) == [true])
    #expect(artistPage.bobs.artist.rating == nil && artistPage.bobs.albums.map(\.favourite) == [nil])
    let found = try await both(APIRoute.search.path(query: [("q", "sigur")]), SearchResults.self)
    #expect(found.mine.artists.map(\.rating) == [2] && found.mine.albums.map(\.favourite) == [true])
    #expect(found.mine.tracks.map(\.rating).compactMap { $0 } == [5])
    #expect(found.mine.tracks.map(\.id) == found.bobs.tracks.map(\.id) && found.bobs.artists.map(\.rating) == [nil])
    let random = APIRoute.albums.path(query: [("sort", "random")])  // read anew each time
    #expect(try await owner.get(random).json(Page<Album>.self).items.compactMap(\.favourite) == [true])
    #expect(try await owner.get(APIRoute.genres.path()).json(Page<Genre>.self).items.count == 2)
    await server.stop()
  }

  @Test func lyricsComeFromTheTags() async throws {
    let (server, client) = try await Self.server()
    let tracks = try await client.get(APIRoute.library.path()).json([Track].self)
    let hljod = try #require(tracks.first { $0.title == "Hljóð" })
    #expect(hljod.hasLyrics)
    let lyrics = try await client.get(APIRoute.trackLyrics.path(hljod.id)).json(TrackLyrics.self)
    #expect(lyrics.lyrics == "Hljóð og þögn")
    let other = try #require(tracks.first { !$0.hasLyrics })
    #expect(try await client.get(APIRoute.trackLyrics.path(other.id)).status == 404)
    await server.stop()
  }

  @Test func theDefaultRoomPlaysTheLibraryInAlbumOrder() async throws {
    let (server, client) = try await Self.server()
    var room: SeedChannelInfo?
    for _ in 0..<2400 {  // 60 s: a hang guard
      room = try await client.get("/api/channels").json([SeedChannelInfo].self).first {
        $0.isDefault && $0.trackCount == Self.libraryOrder.count
      }
      if room != nil { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    let id = try #require(room?.id)
    let socket = try await RoomTests.socket(server, client, room: id)
    let queue = try await socket.state()["queue"] as? [[String: Any]] ?? []
    #expect(queue.compactMap { $0["title"] as? String } == Self.libraryOrder)
    await server.stop()
  }

  @Test func theCatalogNeedsASession() async throws {
    let (server, _) = try await Self.server()
    for route in [APIRoute.albums, .artists, .genres] {
      #expect(try await server.client().get(route.path()).status == 401)
    }
    #expect(try await server.client().get(APIRoute.search.path(query: [("q", "x")])).status == 401)
    await server.stop()
  }
}
