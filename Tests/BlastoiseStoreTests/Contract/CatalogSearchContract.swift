import BlastoiseCore
import BlastoiseProtocol
import Testing

/// Search as every backend answers it: each term starts a word of an artist, album or track
/// (case, accents and letter variants ignored), best matches first.
@Suite struct CatalogSearchContract {
  static func search(_ storage: any Storage, _ text: String, limit: Int = 10) async throws -> SearchResults {
    try await storage.catalog.search(try #require(SearchTerms(text)), limit: limit)
  }

  static func apply(_ storage: any Storage) async throws {
    try await storage.library.apply(
      scanned: [
        Fixture.song("h", "Hljóð", by: "Sigur Rós", on: "Ágætis byrjun"),
        Fixture.song("s", "Svefn-g-englar", by: "Sigur Rós", on: "Ágætis byrjun"),
        Fixture.song("l1", "My Love", by: "Ann", on: "Songs"),
        Fixture.song("l2", "Love", by: "Ann", on: "Songs"),
        Fixture.song("l3", "Lovely Day", by: "Bill Withers", on: "Menagerie"),
        Fixture.song("l4", "Glove", by: "Love Band", on: "Songs"),
      ], missing: [])
  }

  @Test(arguments: StoreBackends.all)
  func caseAndAccentsAreIgnored(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      #expect(try await Self.search(storage, "hljod").tracks.map(\.title) == ["Hljóð"])
      #expect(try await Self.search(storage, "HLJÓÐ").tracks.map(\.title) == ["Hljóð"])
      #expect(try await Self.search(storage, "agaetis").albums.map(\.name) == ["Ágætis byrjun"])
      #expect(try await Self.search(storage, "sigur ros").artists.map(\.name) == ["Sigur Rós"])
      #expect(try await Self.search(storage, "zzz") == SearchResults())
    }
  }

  @Test(arguments: StoreBackends.all)
  func termsStartWordsAndMayMatchAcrossATracksFields(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      #expect(try await Self.search(storage, "hlj").tracks.map(\.title) == ["Hljóð"])
      #expect(try await Self.search(storage, "ros svefn").tracks.map(\.title) == ["Svefn-g-englar"])
      #expect(Set(try await Self.search(storage, "sigur").tracks.map(\.title)) == ["Hljóð", "Svefn-g-englar"])
      #expect(try await Self.search(storage, "ljod").tracks.isEmpty)  // the middle of a word is no match
    }
  }

  @Test(arguments: StoreBackends.all)
  func theBestMatchesComeFirstAndLimitEachKind(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      let results = try await Self.search(storage, "love")
      #expect(results.tracks.map(\.title) == ["Love", "Lovely Day", "My Love", "Glove"])
      #expect(results.artists.map(\.name) == ["Love Band"])
      #expect(try await Self.search(storage, "love", limit: 2).tracks.map(\.title) == ["Love", "Lovely Day"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func tracksWhoseFilesAreMissingAreNotFound(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await Self.apply(storage)
      try await storage.library.apply(scanned: [], missing: ["/music/h.flac"])
      #expect(try await Self.search(storage, "hljod").tracks.isEmpty)
    }
  }

  /// The index range read is the rarest term's, whichever term is longest: a rare term typed after
  /// a common one finds its few entries however many the common one has.
  @Test(arguments: StoreBackends.all)
  func aRareTermNextToACommonOneFindsItsFewEntries(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let common = (0..<200).map { Fixture.song("w\($0)", "Wonderful Song \($0)", by: "Ann", on: "Songs") }
      try await storage.library.apply(
        scanned: common + [Fixture.song("z", "Wonderful Zed", by: "Bill", on: "Rare")], missing: [])
      #expect(try await Self.search(storage, "wonderful ze").tracks.map(\.title) == ["Wonderful Zed"])
      #expect(try await Self.search(storage, "ze wonderful").tracks.map(\.title) == ["Wonderful Zed"])
      #expect(try await Self.search(storage, "wonderful bill").tracks.map(\.title) == ["Wonderful Zed"])
      #expect(try await Self.search(storage, "wonderful", limit: 5).tracks.count == 5)
      #expect(try await Self.search(storage, "wonderful qqq") == SearchResults())
    }
  }
}
