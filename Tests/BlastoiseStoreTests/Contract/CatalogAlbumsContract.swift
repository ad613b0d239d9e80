import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `CatalogStore` does with albums: derived from the present tracks as
/// `LibraryStore.apply` writes them, ordered and paged.
@Suite struct CatalogAlbumsContract {
  static let firstPage = PageRange(offset: 0, limit: 50)

  static func albums(_ storage: any Storage, _ order: AlbumOrder = .name) async throws -> [Album] {
    try await storage.catalog.albums(order, genreID: nil, page: firstPage).items
  }

  @Test(arguments: StoreBackends.all)
  func oneAlbumSpansItsDiscsWithTracksInDiscAndTrackOrder(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.song("d2t1", "Gamma", by: "Band", on: "Double", disc: 2, number: 1, date: "2004"),
          Fixture.song("d1t2", "Beta", by: "Band", on: "Double", disc: 1, number: 2, date: "2003-05-01"),
          Fixture.song("d1t1", "Alpha", by: "Guest", on: "Double", albumArtist: "Band", disc: 1, number: 1),
          Fixture.song("other", "Solo", by: "Band", on: "Other"),
        ], missing: [])
      let albums = try await Self.albums(storage)
      #expect(albums.map(\.name) == ["Double", "Other"])
      let double = try #require(albums.first)
      #expect(double.artist == "Band" && double.artistId == CatalogKey.artistID("Band"))
      #expect(double.trackCount == 3 && double.discCount == 2 && double.year == 2003 && double.duration == 540)
      let detail = try #require(try await storage.catalog.album(id: double.id))
      #expect(detail.album == double)
      #expect(detail.tracks.map(\.title) == ["Alpha", "Beta", "Gamma"])
      #expect(detail.tracks.allSatisfy { $0.albumId == double.id })
      #expect(try await storage.catalog.album(id: "nothing") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func anAlbumShowsTheCoverOfItsFirstTrackThatHasOne(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.song("t3", "Three", by: "Band", on: "Covers", number: 3, cover: "c3"),
          Fixture.song("t1", "One", by: "Band", on: "Covers", number: 1),
          Fixture.song("t2", "Two", by: "Band", on: "Covers", number: 2, cover: "c2"),
          Fixture.song("bare", "Bare", by: "Band", on: "Bare"),
        ], missing: [])
      var albums = try await Self.albums(storage)
      #expect(albums.map(\.coverId) == [nil, "c2"])
      let detail = try #require(try await storage.catalog.album(id: albums[1].id))
      #expect(detail.album.coverId == "c2")
      // Its file gone, the next track's cover stands for the album.
      try await storage.library.apply(scanned: [], missing: ["/music/t2.flac"])
      albums = try await Self.albums(storage)
      #expect(albums.map(\.coverId) == [nil, "c3"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func compilationsAreByVariousArtists(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [
          Fixture.song("a", "One", by: "Ann", on: "Hits", compilation: true),
          Fixture.song("b", "Two", by: "Bob", on: "Hits", albumArtist: "Various Artists"),
        ], missing: [])
      let albums = try await Self.albums(storage)
      #expect(albums.count == 1)
      #expect(albums.first?.artist == "Various Artists" && albums.first?.compilation == true)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aMusicBrainzAlbumIDMakesOneAlbumOfDifferentNames(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let id = "9e6c4f3a-1b2c-4d5e-8f90-123456789abc"
      try await storage.library.apply(
        scanned: [
          Fixture.song("a", "One", by: "Ann", on: "Live", number: 1, musicBrainzAlbum: id),
          Fixture.song("b", "Two", by: "Ann", on: "Live (Remastered)", number: 2, musicBrainzAlbum: id),
          Fixture.song("c", "Three", by: "Ann", on: "Live"),
        ], missing: [])
      let albums = try await Self.albums(storage)
      #expect(albums.count == 2)
      #expect(albums.first { $0.musicBrainzId == id }?.trackCount == 2)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aRetaggedTrackMovesAndAnEmptiedAlbumGoes(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(scanned: [Fixture.song("a", "One", by: "Ann", on: "Old")], missing: [])
      try await storage.library.apply(scanned: [Fixture.song("a", "One", by: "Ann", on: "New")], missing: [])
      #expect(try await Self.albums(storage).map(\.name) == ["New"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func albumsOfMissingFilesLeaveTheCatalogAndComeBack(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let song = Fixture.song("a", "One", by: "Ann", on: "Gone", genres: ["Jazz"])
      try await storage.library.apply(scanned: [song, Fixture.song("b", "Two", by: "Bob", on: "Kept")], missing: [])
      try await storage.library.apply(scanned: [], missing: [song.file.path])
      #expect(try await Self.albums(storage).map(\.name) == ["Kept"])
      #expect(try await storage.catalog.artists(.name, page: Self.firstPage).items.map(\.name) == ["Bob"])
      #expect(try await storage.catalog.genres(page: Self.firstPage).items.isEmpty)
      try await storage.library.apply(scanned: [song], missing: [])
      #expect(try await Self.albums(storage).map(\.name) == ["Gone", "Kept"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func albumsSortByNameArtistYearAndAddedTime(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(
        scanned: [Fixture.song("1", "x", by: "The Zombies", on: "Odessey", date: "1968")], missing: [])
      try await Task.sleep(for: .seconds(1.1))  // times added are whole seconds
      try await storage.library.apply(
        scanned: [
          Fixture.song("2", "x", by: "ABBA", on: "Waterloo", date: "1974"),
          Fixture.song("3", "x", by: "ABBA", on: "Arrival", date: "1976"),
          Fixture.song("4", "x", by: nil, on: "Untitled"),
        ], missing: [])
      #expect(try await Self.albums(storage, .name).map(\.name) == ["Arrival", "Odessey", "Untitled", "Waterloo"])
      #expect(try await Self.albums(storage, .artist).map(\.name) == ["Waterloo", "Arrival", "Odessey", "Untitled"])
      #expect(try await Self.albums(storage, .year).map(\.name) == ["Odessey", "Waterloo", "Arrival", "Untitled"])
      #expect(try await Self.albums(storage, .added).first?.name != "Odessey")
      #expect(try await Self.albums(storage, .added).last?.name == "Odessey")
    }
  }

  @Test(arguments: StoreBackends.all)
  func pagesHoldTheirPartAndTheTotal(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let songs = (0..<25).map { Fixture.song("\($0)", "x", by: "Ann", on: "Album \(100 + $0)") }
      try await storage.library.apply(scanned: songs, missing: [])
      let page = try await storage.catalog.albums(.name, genreID: nil, page: PageRange(offset: 20, limit: 10))
      #expect(page.items.map(\.name) == (120..<125).map { "Album \($0)" })
      #expect(page.total == 25 && page.offset == 20 && page.limit == 10 && page.seed == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aRandomOrderIsTheSameForItsSeedAndPagesFitTogether(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let songs = (0..<30).map { Fixture.song("\($0)", "x", by: "Ann", on: "Album \($0)") }
      try await storage.library.apply(scanned: songs, missing: [])
      func page(_ seed: UInt32, _ offset: Int) async throws -> Page<Album> {
        try await storage.catalog.albums(.random(seed: seed), genreID: nil, page: PageRange(offset: offset, limit: 10))
      }
      var pages: [Album] = []
      for offset in [0, 10, 20] { pages += try await page(7, offset).items }
      #expect(Set(pages.map(\.id)).count == 30)
      #expect(try await page(7, 0).items == Array(pages.prefix(10)))
      #expect(try await page(7, 0).seed == 7)
      #expect(try await page(8, 0).items != Array(pages.prefix(10)))
    }
  }
}
