import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `AnnotationStore` keeps per person: favourites, ratings, plays (with the
/// album's and artist's), and what the catalog's `played` orders read from them.
@Suite struct AnnotationStoreContract {
  /// Two albums by two artists; returns the album IDs (A, B) and artist IDs (Band, Solo).
  static func library(_ storage: any Storage) async throws -> (albums: [String], artists: [String]) {
    try await storage.library.apply(
      scanned: [
        Fixture.song("a1", "One", by: "Band", on: "Album A", number: 1),
        Fixture.song("a2", "Two", by: "Band", on: "Album A", number: 2),
        Fixture.song("b1", "Alone", by: "Solo", on: "Album B", number: 1),
      ], missing: [])
    let albums = try await storage.catalog.albums(.name, genreID: nil, page: PageRange(offset: 0, limit: 10)).items
    let artists = try await storage.catalog.artists(.name, page: PageRange(offset: 0, limit: 10)).items
    return (albums.map(\.id), artists.map(\.id))
  }

  /// The storage's annotations, or the same through each person's kept in memory
  /// (`RememberedAnnotations`), which must keep the same contract.
  static func store(_ storage: any Storage, remembered: Bool) -> any AnnotationStore {
    remembered ? RememberedAnnotations(storage.annotations) { _ in } : storage.annotations
  }

  @Test(arguments: StoreBackends.all, [false, true])
  func favouritesArePerPersonLatestFirstAndKeepTheirTime(backend: StoreBackend, remembered: Bool) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      let (albums, artists) = try await Self.library(storage)
      let store = Self.store(storage, remembered: remembered)
      #expect(try await store.setFavourite(true, kind: .albums, id: albums[0], userID: ann.id, at: 1_000))
      #expect(try await store.setFavourite(true, kind: .albums, id: albums[1], userID: ann.id, at: 2_000))
      #expect(try await store.setFavourite(true, kind: .tracks, id: "sha256:a2", userID: ann.id, at: 3_000))
      #expect(try await store.setFavourite(true, kind: .artists, id: artists[1], userID: ann.id, at: 4_000))
      // Again: it stays a favourite since it first became one.
      #expect(try await store.setFavourite(true, kind: .albums, id: albums[0], userID: ann.id, at: 5_000))

      let favourites = try await store.favourites(userID: ann.id, limit: 50)
      #expect(favourites.albums.map(\.id) == [albums[1], albums[0]])
      #expect(favourites.albums.allSatisfy { $0.favourite == true })
      #expect(favourites.tracks.map(\.id) == ["sha256:a2"])
      #expect(favourites.artists.map(\.id) == [artists[1]])
      let annotation = try await store.annotations(kind: .albums, ids: albums, userID: ann.id)[albums[0]]
      #expect(annotation?.favouriteAt == 1_000)
      #expect(try await store.favourites(userID: bob.id, limit: 50) == Favourites())
      #expect(try await store.favourites(userID: ann.id, limit: 1).albums.map(\.id) == [albums[1]])

      #expect(try await store.setFavourite(false, kind: .albums, id: albums[1], userID: ann.id, at: 6_000))
      #expect(try await store.favourites(userID: ann.id, limit: 50).albums.map(\.id) == [albums[0]])
    }
  }

  @Test(arguments: StoreBackends.all, [false, true])
  func unknownItemsAreRefusedAndNothingIsKept(backend: StoreBackend, remembered: Bool) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      _ = try await Self.library(storage)
      let store = Self.store(storage, remembered: remembered)
      for kind in AnnotatedKind.allCases {
        #expect(try await store.setFavourite(true, kind: kind, id: "nothing", userID: ann.id, at: 1) == false)
        #expect(try await store.setRating(3, kind: kind, id: "nothing", userID: ann.id) == false)
        #expect(try await store.annotations(kind: kind, ids: ["nothing"], userID: ann.id).isEmpty)
      }
      #expect(try await store.recordPlay(trackID: "sha256:nothing", userID: ann.id, at: 1) == false)
    }
  }

  @Test(arguments: StoreBackends.all, [false, true])
  func ratingsAreOneToFiveAndClear(backend: StoreBackend, remembered: Bool) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let (albums, _) = try await Self.library(storage)
      let store = Self.store(storage, remembered: remembered)
      #expect(try await store.setRating(4, kind: .tracks, id: "sha256:a1", userID: ann.id))
      #expect(try await store.setRating(5, kind: .albums, id: albums[0], userID: ann.id))
      await #expect(throws: CoreError.self) {
        try await store.setRating(6, kind: .tracks, id: "sha256:a1", userID: ann.id)
      }
      await #expect(throws: CoreError.self) {
        try await store.setRating(0, kind: .tracks, id: "sha256:a1", userID: ann.id)
      }
      #expect(try await store.annotations(kind: .tracks, ids: ["sha256:a1"], userID: ann.id)["sha256:a1"]?.rating == 4)
      #expect(try await store.setRating(nil, kind: .tracks, id: "sha256:a1", userID: ann.id))
      // Cleared and never anything else: it has no annotation any more.
      #expect(try await store.annotations(kind: .tracks, ids: ["sha256:a1"], userID: ann.id).isEmpty)
      #expect(try await store.annotations(kind: .albums, ids: albums, userID: ann.id)[albums[0]]?.rating == 5)
    }
  }

  @Test(arguments: StoreBackends.all, [false, true])
  func everyAnnotationOfAKindIsListedForItsPersonOnly(backend: StoreBackend, remembered: Bool) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      let (albums, _) = try await Self.library(storage)
      let store = Self.store(storage, remembered: remembered)
      try await store.setFavourite(true, kind: .tracks, id: "sha256:a1", userID: ann.id, at: 1_000)
      try await store.setRating(3, kind: .tracks, id: "sha256:a2", userID: ann.id)
      try await store.setRating(2, kind: .tracks, id: "sha256:b1", userID: ann.id)
      try await store.setFavourite(true, kind: .albums, id: albums[0], userID: ann.id, at: 2_000)
      try await store.setRating(5, kind: .tracks, id: "sha256:b1", userID: bob.id)
      // Cleared: its row stays, but it says nothing any more.
      try await store.setRating(nil, kind: .tracks, id: "sha256:b1", userID: ann.id)

      let tracks = try await store.annotations(kind: .tracks, userID: ann.id)
      #expect(tracks == ["sha256:a1": Annotation(favouriteAt: 1_000), "sha256:a2": Annotation(rating: 3)])
      #expect(try await store.annotations(kind: .albums, userID: ann.id) == [albums[0]: Annotation(favouriteAt: 2_000)])
      #expect(try await store.annotations(kind: .artists, userID: ann.id).isEmpty)
      #expect(try await store.annotations(kind: .tracks, userID: bob.id) == ["sha256:b1": Annotation(rating: 5)])
    }
  }

  @Test(arguments: StoreBackends.all, [false, true])
  func aPlayCountsForTheTrackItsAlbumAndItsArtist(backend: StoreBackend, remembered: Bool) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      let (albums, artists) = try await Self.library(storage)
      let store = Self.store(storage, remembered: remembered)
      #expect(try await store.recordPlay(trackID: "sha256:a1", userID: ann.id, at: 1_000))
      #expect(try await store.recordPlay(trackID: "sha256:a2", userID: ann.id, at: 3_000))
      // A play reported late never moves the last play back.
      #expect(try await store.recordPlay(trackID: "sha256:a1", userID: ann.id, at: 2_000))
      #expect(try await store.recordPlay(trackID: "sha256:b1", userID: bob.id, at: 4_000))

      let tracks = try await store.annotations(kind: .tracks, ids: ["sha256:a1", "sha256:a2"], userID: ann.id)
      #expect(tracks["sha256:a1"] == Annotation(playCount: 2, playedAt: 2_000))
      #expect(tracks["sha256:a2"] == Annotation(playCount: 1, playedAt: 3_000))
      let album = try await store.annotations(kind: .albums, ids: albums, userID: ann.id)
      #expect(album == [albums[0]: Annotation(playCount: 3, playedAt: 3_000)])
      let artist = try await store.annotations(kind: .artists, ids: artists, userID: ann.id)
      #expect(artist == [artists[0]: Annotation(playCount: 3, playedAt: 3_000)])

      let recent = try await store.recentlyPlayed(userID: ann.id, limit: 10)
      #expect(recent.tracks.map(\.id) == ["sha256:a2", "sha256:a1"])
      #expect(recent.tracks.map(\.playCount) == [1, 2])
      #expect(recent.albums.map(\.id) == [albums[0]])
      #expect(try await store.recentlyPlayed(userID: bob.id, limit: 10).albums.map(\.id) == [albums[1]])
      #expect(try await store.recentlyPlayed(userID: ann.id, limit: 1).tracks.map(\.id) == ["sha256:a2"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func playedOrdersByThisPersonsPlaysThenByName(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      let (albums, artists) = try await Self.library(storage)
      try await storage.annotations.recordPlay(trackID: "sha256:b1", userID: ann.id, at: 1_000)
      for time in [Int64(1), 2, 3] {
        try await storage.annotations.recordPlay(trackID: "sha256:a1", userID: bob.id, at: time)
      }
      let page = PageRange(offset: 0, limit: 10)
      #expect(
        try await storage.catalog.albums(.played(userID: ann.id), genreID: nil, page: page).items.map(\.id) == [
          albums[1], albums[0],
        ])
      #expect(
        try await storage.catalog.albums(.played(userID: bob.id), genreID: nil, page: page).items.map(\.id) == albums)
      #expect(
        try await storage.catalog.artists(.played(userID: ann.id), page: page).items.map(\.id) == [
          artists[1], artists[0],
        ])
      // Nobody's plays (a guest is user 0): the name order.
      #expect(try await storage.catalog.albums(.played(userID: 0), genreID: nil, page: page).items.map(\.id) == albums)
      let second = try await storage.catalog.albums(
        .played(userID: ann.id), genreID: nil, page: PageRange(offset: 1, limit: 1))
      #expect(second.items.map(\.id) == [albums[0]] && second.total == 2)
    }
  }

  @Test(arguments: StoreBackends.all)
  func annotationsOutliveTheirAlbumLeavingAndComingBack(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let (albums, _) = try await Self.library(storage)
      try await storage.annotations.setFavourite(true, kind: .albums, id: albums[1], userID: ann.id, at: 1)
      let gone = Fixture.song("b1", "Alone", by: "Solo", on: "Album B", number: 1)
      try await storage.library.apply(scanned: [], missing: [gone.file.path])
      #expect(try await storage.annotations.favourites(userID: ann.id, limit: 10).albums.isEmpty)
      try await storage.library.apply(scanned: [gone], missing: [])
      #expect(try await storage.annotations.favourites(userID: ann.id, limit: 10).albums.map(\.id) == [albums[1]])
    }
  }
}
