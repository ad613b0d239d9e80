import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `BookStore` must do: a scan's set replaces the last one, a book seen again
/// keeps when it was added and takes its new files and chapters (and series), and books come by
/// title.
@Suite struct BookStoreContract {
  static func book(_ id: String, _ title: String, files: Int, at added: Int64 = 0) -> StoredBook {
    let stored = (0..<files).map {
      StoredBookFile(
        path: "\(title)/\($0 + 1).mp3", duration: 60.5, start: 60.5 * Double($0), contentType: "audio/mpeg")
    }
    let chapters = (0..<files).map {
      BookChapter(title: "Part \($0 + 1)", start: 60.5 * Double($0), end: 60.5 * Double($0 + 1))
    }
    return StoredBook(
      id: id, folder: title, title: title, author: "Ann Author", narrator: nil, duration: 60.5 * Double(files),
      addedAt: added, files: stored, chapters: chapters)
  }

  @Test(arguments: StoreBackends.all)
  func aScanReplacesTheSetAndKeepsWhenEachWasAdded(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      var zebra = Self.book("book:" + String(repeating: "a", count: 32), "zebra tales", files: 2)
      (zebra.series, zebra.seriesSequence) = ("Tales", "2.5")
      let apple = Self.book("book:" + String(repeating: "b", count: 32), "Apple Stories", files: 1)
      #expect(
        try await storage.books.replaceAll(with: [zebra, apple], now: 1_000) == BookChanges(added: 2, removed: 0))
      var first = [apple, zebra]
      for index in first.indices { first[index].addedAt = 1_000 }
      #expect(try await storage.books.books() == first)

      // Zebra gains a file, Apple goes, Mango comes: Zebra keeps its first scan's time.
      let longer = Self.book(zebra.id, "zebra tales", files: 3)
      let mango = Self.book("book:" + String(repeating: "c", count: 32), "Mango", files: 1)
      #expect(
        try await storage.books.replaceAll(with: [longer, mango], now: 2_000) == BookChanges(added: 1, removed: 1))
      let stored = try #require(try await storage.books.book(id: zebra.id))
      #expect(stored.addedAt == 1_000)
      #expect(stored.files == longer.files && stored.chapters == longer.chapters && stored.duration == 181.5)
      #expect(try await storage.books.book(id: apple.id) == nil)
      #expect(try await storage.books.books().map(\.title) == ["Mango", "zebra tales"])
      #expect(try await storage.books.replaceAll(with: [], now: 3_000) == BookChanges(added: 0, removed: 2))
      #expect(try await storage.books.books().isEmpty)
    }
  }
}
