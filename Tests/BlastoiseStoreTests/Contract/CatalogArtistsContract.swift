import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Artists and genres as every backend's `CatalogStore` derives them.
@Suite struct CatalogArtistsContract {
  static let firstPage = PageRange(offset: 0, limit: 50)

  static func apply(_ storage: any Storage) async throws {
    try await storage.library.apply(
      scanned: [
        Fixture.song("a1", "One", by: "Ann", on: "Ann's Album", number: 1, date: "2001", genres: ["Rock"]),
        Fixture.song("a2", "Two", by: "Ann", on: "Ann's Album", number: 2, genres: ["Rock", "Pop"]),
        Fixture.song("b1", "Duet", by: "Ann", on: "Bob's Album", albumArtist: "Bob", genres: ["pop"]),
        Fixture.song("c1", "Hit", by: "Ann", on: "Hits", compilation: true),
        Fixture.song("c2", "Other Hit", by: "Cat", on: "Hits", compilation: true),
        Fixture.song("loose", "Loose", by: "Dan", on: nil),
      ], missing: [])
  }

  @Test(arguments: StoreBackends.all)
  func artistsAreTheArtistsAndAlbumArtistsOfPresentTracks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      let artists = try await storage.catalog.artists(.name, page: Self.firstPage)
      #expect(artists.items.map(\.name) == ["Ann", "Bob", "Cat", "Dan", "Various Artists"])
      #expect(artists.total == 5)
      let ann = try #require(artists.items.first)
      #expect(ann.id == CatalogKey.artistID("Ann") && ann.albumCount == 1 && ann.trackCount == 4)
      let bob = try #require(artists.items.first { $0.name == "Bob" })
      #expect(bob.albumCount == 1 && bob.trackCount == 0)
    }
  }

  @Test(arguments: StoreBackends.all)
  func anArtistHasItsAlbumsAndTheAlbumsItAppearsOn(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      let ann = try #require(try await storage.catalog.artist(id: CatalogKey.artistID("Ann")))
      #expect(ann.albums.map(\.name) == ["Ann's Album"])
      #expect(Set(ann.appearsOn.map(\.name)) == ["Bob's Album", "Hits"])
      let various = try #require(try await storage.catalog.artist(id: CatalogKey.artistID("Various Artists")))
      #expect(various.albums.map(\.name) == ["Hits"] && various.appearsOn.isEmpty)
      #expect(try await storage.catalog.artist(id: "nobody") == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func artistsSortByNameAddedTimeOrASeed(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.library.apply(scanned: [Fixture.song("z", "x", by: "Zed", on: nil)], missing: [])
      try await Task.sleep(for: .seconds(1.1))  // times added are whole seconds
      try await storage.library.apply(scanned: [Fixture.song("a", "x", by: "The Abc", on: nil)], missing: [])
      #expect(try await storage.catalog.artists(.name, page: Self.firstPage).items.map(\.name) == ["The Abc", "Zed"])
      #expect(try await storage.catalog.artists(.added, page: Self.firstPage).items.last?.name == "Zed")
      let random = try await storage.catalog.artists(.random(seed: 3), page: Self.firstPage)
      #expect(random.seed == 3 && Set(random.items.map(\.name)) == ["The Abc", "Zed"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func genresCountTheirTracksAndAlbumsAndFilterAlbums(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      let genres = try await storage.catalog.genres(page: Self.firstPage)
      #expect(genres.items.map(\.name) == ["Pop", "Rock"])
      #expect(genres.items.map(\.trackCount) == [2, 2])
      #expect(genres.items.map(\.albumCount) == [2, 1])
      let pop = try #require(genres.items.first).id
      #expect(pop == CatalogKey.genreID("pop"))
      let popAlbums = try await storage.catalog.albums(.name, genreID: pop, page: Self.firstPage)
      #expect(popAlbums.items.map(\.name) == ["Ann's Album", "Bob's Album"] && popAlbums.total == 2)
      let albums = try await storage.catalog.albums(.name, genreID: nil, page: Self.firstPage).items
      #expect(albums.first { $0.name == "Ann's Album" }?.genres == ["Rock", "Pop"])
    }
  }
}
