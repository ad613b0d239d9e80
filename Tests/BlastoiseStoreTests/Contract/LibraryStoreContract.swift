import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `LibraryStore` must do: tracks by content hash, files by path, a track
/// available while one of its files is present.
@Suite struct LibraryStoreContract {
  @Test(arguments: StoreBackends.all)
  func emptyLibraryKnowsNothing(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.files.isEmpty)
      #expect(known.present.isEmpty)
      #expect(try await storage.library.tracks().isEmpty)
      #expect(try await storage.library.track(id: "sha256:none") == nil)
      #expect(try await storage.library.filePath(forTrack: "sha256:none") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func appliedTrackIsReadBackWithEveryField(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      var tags = CatalogTags()
      tags.albumGainDb = -7.25
      tags.albumPeak = 0.99
      let scanned = ScannedTrack(
        file: LibraryFile(path: "/music/Artist/Song.flac", size: 4_321, modified: 1_700_000_000_123_456_789),
        trackID: "sha256:aa", title: "Song", artist: "Artist", album: "Album", duration: 201.375,
        replayGainDb: -6.5, replayPeak: 0.98, bitRate: 1_411, coverID: "c0", catalog: tags)
      try await storage.library.apply(scanned: [scanned], missing: [])
      let track = try #require(try await storage.library.track(id: "sha256:aa"))
      var expected = Track(
        id: "sha256:aa", filename: "Song.flac", title: "Song", artist: "Artist", album: "Album", duration: 201.375,
        replayGainDb: -6.5, replayPeak: 0.98, available: true, coverID: "c0")
      let placement = CatalogPlacement(artist: "Artist", album: "Album", tags: CatalogTags())
      expected.albumId = placement.albumID
      expected.artistId = placement.artistID
      expected.size = 4_321
      expected.bitRate = 1_411
      expected.albumGainDb = -7.25
      expected.albumPeak = 0.99
      #expect(track == expected)
      #expect(try await storage.library.tracks() == [track])
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.files == ["/music/Artist/Song.flac": scanned.file])
      #expect(known.present == ["/music/Artist/Song.flac"])
    }
  }

  /// The same bytes found again in a folder without an image keep the cover found first.
  @Test(arguments: StoreBackends.all)
  func aCopyWithoutACoverKeepsTheTracksCover(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [Fixture.scanned("/music/a/Song.mp3", track: "sha256:cc", coverID: "c1")], missing: [])
      try await storage.library.apply(scanned: [Fixture.scanned("/music/b/Song.mp3", track: "sha256:cc")], missing: [])
      #expect(try await storage.library.track(id: "sha256:cc")?.coverID == "c1")
    }
  }

  @Test(arguments: StoreBackends.all)
  func trackWithoutTitleIsNamedAfterItsFile(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(scanned: [Fixture.scanned("/music/My Tune.mp3", track: "sha256:bb")], missing: [])
      let track = try #require(try await storage.library.track(id: "sha256:bb"))
      #expect(track.title == AudioFormats.fallbackTitle(forFilename: "My Tune.mp3"))
      #expect(track.artist == nil)
      #expect(track.album == nil)
      #expect(track.replayGainDb == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func filenameIsTheLastComponentEvenWhenACombiningMarkFollowsTheSlash(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      // "/" + U+0338 is one Character; the file system still sees the slash.
      try await storage.library.apply(
        scanned: [Fixture.scanned("/data/uploads/\u{338}.wav", track: "sha256:cc")], missing: [])
      let track = try #require(try await storage.library.track(id: "sha256:cc"))
      #expect(track.filename == "\u{338}.wav")
      #expect(track.title == "\u{338}")
    }
  }

  @Test(arguments: StoreBackends.all)
  func knownFilesListsOnlyPathsUnderTheRoot(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let paths = ["/music/a.mp3", "/music/sub/b.mp3", "/musicbox/c.mp3", "/music-2/d.mp3", "/other/e.mp3"]
      try await storage.library.apply(
        scanned: paths.enumerated().map { Fixture.scanned($1, track: "sha256:\($0)") }, missing: [])
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(Set(known.files.keys) == ["/music/a.mp3", "/music/sub/b.mp3"])
      #expect(known.present == ["/music/a.mp3", "/music/sub/b.mp3"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func knownFilesUnderTheFilesystemRootListsEverything(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [Fixture.scanned("/a.mp3", track: "sha256:1"), Fixture.scanned("/music/b.mp3", track: "sha256:2")],
        missing: [])
      #expect(Set(try await storage.library.knownFiles(under: "/").files.keys) == ["/a.mp3", "/music/b.mp3"])
      #expect(Set(try await storage.library.knownFiles(under: "/music/").files.keys) == ["/music/b.mp3"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func missingPathsStayKnownButNotPresent(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.scanned("/music/a.mp3", track: "sha256:a"), Fixture.scanned("/music/b.mp3", track: "sha256:b"),
        ],
        missing: [])
      try await storage.library.apply(scanned: [], missing: ["/music/a.mp3", "/music/never-seen.mp3"])
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(Set(known.files.keys) == ["/music/a.mp3", "/music/b.mp3"])
      #expect(known.present == ["/music/b.mp3"])
      #expect(try await storage.library.track(id: "sha256:a")?.available == false)
      #expect(try await storage.library.filePath(forTrack: "sha256:a") == nil)
      #expect(try await storage.library.tracks().count == 2)  // the track stays, so queues keep its ID
    }
  }

  @Test(arguments: StoreBackends.all)
  func trackIsAvailableWhileOneOfItsFilesIsPresent(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.scanned("/music/a.mp3", track: "sha256:x"), Fixture.scanned("/music/copy.mp3", track: "sha256:x"),
        ],
        missing: [])
      #expect(try await storage.library.tracks().count == 1)
      try await storage.library.apply(scanned: [], missing: ["/music/a.mp3"])
      #expect(try await storage.library.track(id: "sha256:x")?.available == true)
      #expect(try await storage.library.filePath(forTrack: "sha256:x") == "/music/copy.mp3")
      try await storage.library.apply(scanned: [], missing: ["/music/copy.mp3"])
      #expect(try await storage.library.track(id: "sha256:x")?.available == false)
      #expect(try await storage.library.filePath(forTrack: "sha256:x") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func missingFileScannedAgainIsPresentAgain(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(scanned: [Fixture.scanned("/music/a.mp3", track: "sha256:a")], missing: [])
      try await storage.library.apply(scanned: [], missing: ["/music/a.mp3"])
      try await storage.library.apply(scanned: [Fixture.scanned("/music/a.mp3", track: "sha256:a")], missing: [])
      #expect(try await storage.library.knownFiles(under: "/music").present == ["/music/a.mp3"])
      #expect(try await storage.library.track(id: "sha256:a")?.available == true)
      #expect(try await storage.library.filePath(forTrack: "sha256:a") == "/music/a.mp3")
    }
  }

  @Test(arguments: StoreBackends.all)
  func rescannedFileUpdatesItsSizeTimeAndTags(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [Fixture.scanned("/music/a.mp3", track: "sha256:a", title: "Old", size: 10, modified: 1)], missing: [])
      try await storage.library.apply(
        scanned: [
          Fixture.scanned("/music/a.mp3", track: "sha256:a", title: "New", duration: 99, size: 20, modified: 2)
        ],
        missing: [])
      let known = try await storage.library.knownFiles(under: "/music")
      #expect(known.files["/music/a.mp3"] == LibraryFile(path: "/music/a.mp3", size: 20, modified: 2))
      let track = try await storage.library.track(id: "sha256:a")
      #expect(track?.title == "New")
      #expect(track?.duration == 99)
    }
  }

  @Test(arguments: StoreBackends.all)
  func fileWithNewContentsMovesToTheNewTrack(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(scanned: [Fixture.scanned("/music/a.mp3", track: "sha256:old")], missing: [])
      try await storage.library.apply(scanned: [Fixture.scanned("/music/a.mp3", track: "sha256:new")], missing: [])
      #expect(try await storage.library.filePath(forTrack: "sha256:new") == "/music/a.mp3")
      #expect(try await storage.library.filePath(forTrack: "sha256:old") == nil)
      #expect(try await storage.library.track(id: "sha256:old")?.available == false)
      #expect(try await storage.library.track(id: "sha256:new")?.available == true)
    }
  }
}

/// The library's order, pages, catalog fields and lyrics, on every backend.
@Suite struct LibraryStoreCatalogContract {
  @Test(arguments: StoreBackends.all)
  func tracksListByAlbumArtistAlbumDiscAndTrackThenLooseTracks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.scanned("/music/untagged.mp3", track: "sha256:u"),
          Fixture.song("z2", "Aaa", by: "Zed", on: "Zed's", disc: 1, number: 2),
          Fixture.song("loose", "Single", by: "Ann", on: nil),
          Fixture.song("z1", "Zzz", by: "Zed", on: "Zed's", disc: 1, number: 1),
          Fixture.song("b1", "Intro", by: "Guest", on: "Beta", albumArtist: "The Band", disc: 2, number: 1),
          Fixture.song("a1", "Only", by: "ABBA", on: "Gold"),
        ], missing: [])
      let titles = try await storage.library.tracks().map(\.title)
      #expect(titles == ["Only", "Intro", "Zzz", "Aaa", "Single", "untagged"])
      let page = try await storage.library.tracks(offset: 1, limit: 2)
      #expect(page.items.map(\.title) == ["Intro", "Zzz"])
      #expect(page.total == 6 && page.offset == 1 && page.limit == 2)
      #expect(try await storage.library.tracks(offset: 5, limit: nil).items.map(\.title) == ["untagged"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func aTrackCarriesItsCatalogTagsAndPlace(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      var song = Fixture.song(
        "a", "One", by: "Ann", on: "Album", albumArtist: "Band", disc: 1, number: 3, date: "1999-01-02",
        genres: ["Rock", "Pop"], lyrics: "La la")
      try await storage.library.apply(scanned: [song], missing: [])
      let track = try #require(try await storage.library.track(id: song.trackID))
      let placement = CatalogPlacement(artist: "Ann", album: "Album", tags: song.catalog)
      #expect(track.albumArtist == "Band" && track.albumId == placement.albumID && track.artistId == placement.artistID)
      #expect(track.discNumber == 1 && track.trackNumber == 3 && track.year == 1999 && track.genres == ["Rock", "Pop"])
      #expect(track.hasLyrics)
      #expect(try await storage.library.lyrics(forTrack: song.trackID) == "La la")
      song = Fixture.song("a", "One", by: "Ann", on: "Album")
      try await storage.library.apply(scanned: [song], missing: [])
      #expect(try await storage.library.lyrics(forTrack: song.trackID) == nil)
      #expect(try await storage.library.track(id: song.trackID)?.hasLyrics == false)
      #expect(try await storage.library.lyrics(forTrack: "sha256:none") == nil)
    }
  }
}
