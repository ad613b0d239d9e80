import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `BookmarkStore` and `RateStore` must do: each person's own, per item and
/// show, in position order, and nothing the rule refuses is stored.
@Suite struct BookmarkStoreContract {
  private let episode = "https://feeds.example/show/ep1.mp3?x=1&y=ü"

  private func mark(
    _ id: String, _ position: Double, _ note: String = "", kind: ProgressKind = .books, item: String = "b1"
  )
    -> Bookmark
  {
    Bookmark(id: id, kind: kind, item: item, position: position, note: note, createdAt: 1_000)
  }

  @Test(arguments: StoreBackends.all)
  func bookmarksAreListedByPositionAndTheirNotesChange(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let late = try await storage.bookmarks.add(mark("m2", 754.2504, "the twist — ü"), userID: ann.id)
      #expect(late.position == 754.25)  // kept in whole milliseconds
      _ = try await storage.bookmarks.add(mark("m1", 12, ""), userID: ann.id)
      _ = try await storage.bookmarks.add(mark("m3", 5, kind: .episodes, item: episode), userID: ann.id)
      #expect(
        try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: ann.id).map(\.id) == ["m1", "m2"])
      #expect(try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: ann.id).last == late)
      #expect(
        try await storage.bookmarks.bookmarks(kind: .episodes, item: episode, userID: ann.id).map(\.id) == ["m3"])

      let edited = try await storage.bookmarks.setNote("a new note", id: "m1", kind: .books, item: "b1", userID: ann.id)
      #expect(edited?.note == "a new note" && edited?.position == 12)
      #expect(try await storage.bookmarks.setNote("x", id: "m1", kind: .episodes, item: "b1", userID: ann.id) == nil)
      #expect(try await storage.bookmarks.remove(id: "m1", kind: .books, item: "b1", userID: ann.id))
      #expect(try await !storage.bookmarks.remove(id: "m1", kind: .books, item: "b1", userID: ann.id))
      #expect(try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: ann.id).map(\.id) == ["m2"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func nobodyReadsOrChangesAnothersBookmarks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      _ = try await storage.bookmarks.add(mark("m1", 30, "ann's"), userID: ann.id)
      #expect(try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: bob.id).isEmpty)
      #expect(try await storage.bookmarks.setNote("bob's", id: "m1", kind: .books, item: "b1", userID: bob.id) == nil)
      #expect(try await !storage.bookmarks.remove(id: "m1", kind: .books, item: "b1", userID: bob.id))
      #expect(try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: ann.id).map(\.note) == ["ann's"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func whatTheRuleRefusesIsNotStored(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let refused = [
        mark("a", -1), mark("b", .nan), mark("c", 1, String(repeating: "x", count: 501)), mark("d", 1, "nul\u{0}"),
        mark("e", 1, item: ""),
      ]
      for bookmark in refused {
        await #expect(throws: CoreError.self) { try await storage.bookmarks.add(bookmark, userID: ann.id) }
      }
      _ = try await storage.bookmarks.add(mark("ok", 1), userID: ann.id)
      await #expect(throws: CoreError.self) {
        try await storage.bookmarks.setNote("nul\u{0}", id: "ok", kind: .books, item: "b1", userID: ann.id)
      }
      #expect(try await storage.bookmarks.bookmarks(kind: .books, item: "b1", userID: ann.id).map(\.note) == [""])
      for rate in [0.4, 3.5, .nan] {
        await #expect(throws: CoreError.self) {
          try await storage.rates.setRate(rate, kind: .books, show: "b1", userID: ann.id)
        }
      }
      #expect(try await storage.rates.rates(userID: ann.id).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func eachPersonKeepsARatePerBookAndShow(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      let feed = "https://feeds.example/show.xml"
      _ = try await storage.rates.setRate(1.5, kind: .books, show: "b1", userID: ann.id)
      _ = try await storage.rates.setRate(2, kind: .books, show: "b1", userID: ann.id)  // replaces the 1.5
      _ = try await storage.rates.setRate(1.1, kind: .episodes, show: feed, userID: ann.id)
      _ = try await storage.rates.setRate(0.75, kind: .books, show: "b1", userID: bob.id)
      #expect(
        try await storage.rates.rates(userID: ann.id) == [
          ListeningRate(kind: .books, show: "b1", rate: 2), ListeningRate(kind: .episodes, show: feed, rate: 1.1),
        ])
      #expect(try await storage.rates.rates(userID: bob.id) == [ListeningRate(kind: .books, show: "b1", rate: 0.75)])
    }
  }
}
