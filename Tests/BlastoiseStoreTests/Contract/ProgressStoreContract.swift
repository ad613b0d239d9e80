import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `ProgressStore` must do: the newest position wins whatever order reports
/// arrive in, each person keeps their own, and the lists gPodder and "Continue listening" read.
@Suite struct ProgressStoreContract {
  private let episode = "https://feeds.example/show/ep1.mp3?x=1&y=ü"

  @Test(arguments: StoreBackends.all)
  func theNewestPositionWinsAndSurvivesAStaleReport(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let stored = try await storage.progress.report(
        ProgressReport(position: 61.25, duration: 1_800, at: 5_000), kind: .episodes, id: episode, userID: ann.id,
        now: 6_000)
      #expect(
        stored
          == ListeningProgress(
            kind: .episodes, id: episode, position: 61.25, duration: 1_800, positionAt: 5_000, updatedAt: 6_000))
      let stale = try await storage.progress.report(
        ProgressReport(position: 3, at: 4_000), kind: .episodes, id: episode, userID: ann.id, now: 7_000)
      #expect(stale == stored)
      let read = try await storage.progress.progress(kind: .episodes, ids: [episode, "other"], userID: ann.id)
      #expect(read == [episode: stored])
      // A duration under a millisecond (found by schemathesis: it was a 500) is kept as one.
      let tiny = try await storage.progress.report(
        ProgressReport(position: 0, duration: 0.00001), kind: .books, id: "tiny", userID: ann.id, now: 8_000)
      #expect(tiny.duration == 0.00001)
      #expect(
        try await storage.progress.progress(kind: .books, ids: ["tiny"], userID: ann.id)["tiny"]?.duration == 0.001)
    }
  }

  @Test(arguments: StoreBackends.all)
  func reportsAtOnceSettleOnTheNewest(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      try await withHangGuard {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for second in 1...12 {
            group.addTask {
              _ = try await storage.progress.report(
                ProgressReport(position: Double(second * 10), at: Int64(second) * 1_000), kind: .books, id: "book-1",
                userID: ann.id, now: 100_000)
            }
          }
          try await group.waitForAll()
        }
      }
      let read = try await storage.progress.progress(kind: .books, ids: ["book-1"], userID: ann.id)
      #expect(read["book-1"]?.position == 120)
      #expect(read["book-1"]?.positionAt == 12_000)
    }
  }

  @Test(arguments: StoreBackends.all)
  func eachPersonAndKindKeepsTheirOwn(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      _ = try await storage.progress.report(
        ProgressReport(position: 10), kind: .books, id: "same", userID: ann.id, now: 1_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 20), kind: .episodes, id: "same", userID: ann.id, now: 1_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 30), kind: .books, id: "same", userID: bob.id, now: 1_000)
      #expect(try await storage.progress.progress(kind: .books, ids: ["same"], userID: ann.id)["same"]?.position == 10)
      #expect(
        try await storage.progress.progress(kind: .episodes, ids: ["same"], userID: ann.id)["same"]?.position == 20)
      #expect(try await storage.progress.progress(kind: .books, ids: ["same"], userID: bob.id)["same"]?.position == 30)
    }
  }

  @Test(arguments: StoreBackends.all)
  func continueListeningListsTheUnfinishedLatestFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let reports: [(String, ProgressReport)] = [
        ("a", ProgressReport(position: 100, duration: 1_000, at: 1_000)),
        ("b", ProgressReport(position: 995, duration: 1_000, at: 2_000)),  // finished
        ("c", ProgressReport(position: 50, at: 3_000)),
        ("d", ProgressReport(position: 0, at: 4_000)),  // not started, or marked new
      ]
      for (id, report) in reports {
        _ = try await storage.progress.report(report, kind: .episodes, id: id, userID: ann.id, now: 10_000)
      }
      let listed = try await storage.progress.unfinished(userID: ann.id, limit: 10)
      #expect(listed.map(\.id) == ["c", "a"])
      #expect(try await storage.progress.unfinished(userID: ann.id, limit: 1).map(\.id) == ["c"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func changesAreListedByWhenTheServerStoredThem(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      // Played long ago, uploaded now: `since` counts the upload, so it is still a change.
      _ = try await storage.progress.report(
        ProgressReport(position: 5, at: 100), kind: .episodes, id: "old-play", userID: ann.id, now: 9_000)
      _ = try await storage.progress.report(
        ProgressReport(position: 5, at: 7_000), kind: .episodes, id: "new-play", userID: ann.id, now: 8_000)
      #expect(
        try await storage.progress.changes(userID: ann.id, after: 0, limit: 10).map(\.id) == ["new-play", "old-play"])
      #expect(try await storage.progress.changes(userID: ann.id, after: 8_000, limit: 10).map(\.id) == ["old-play"])
      #expect(try await storage.progress.changes(userID: ann.id, after: 9_000, limit: 10).isEmpty)
    }
  }
}
