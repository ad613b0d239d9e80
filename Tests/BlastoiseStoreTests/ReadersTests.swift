import BlastoiseCore
import BlastoiseStore
import BlastoiseTestSupport
import Foundation
import Testing

/// Reads outside transactions have connections of their own (`SQLiteReaders`).
@Suite struct ReadersTests {
  @Test func aReadDoesNotWaitForAnOpenTransactionNorSeeItsWrites() async throws {
    try await TestRun.withDirectory("readers") { directory in
      let storage = try SQLiteStorage(path: directory + "/blastoise.db")
      try await storage.library.apply(
        scanned: [Fixture.song("a", "Before", by: "Ann", on: "Songs")], missing: [])
      let seenDuringTransaction = try await storage.transaction { inner in
        try await inner.library.apply(scanned: [Fixture.song("b", "During", by: "Ann", on: "Songs")], missing: [])
        // Detached: not inside the transaction, so it is an outside reader's call (a request's).
        return try await Task.detached { try await storage.library.tracks().map(\.title) }.value
      }
      #expect(seenDuringTransaction == ["Before"])
      #expect(Set(try await storage.library.tracks().map(\.title)) == ["Before", "During"])
      await storage.close()
    }
  }

  @Test func readsSeeEveryWriteThatReturned() async throws {
    try await TestRun.withDirectory("readers") { directory in
      let storage = try SQLiteStorage(path: directory + "/blastoise.db")
      for index in 0..<20 {
        try await storage.library.apply(
          scanned: [Fixture.song("t\(index)", "Track \(index)", by: "Ann", on: "Songs")], missing: [])
        #expect(try await storage.library.tracks().count == index + 1)
      }
      await storage.close()
    }
  }
}
