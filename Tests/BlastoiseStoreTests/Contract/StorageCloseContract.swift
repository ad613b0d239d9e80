import BlastoiseCore
import Testing

/// What every backend's `Storage.close` must do.
@Suite struct StorageCloseContract {
  @Test(arguments: StoreBackends.all)
  func callsAfterCloseFail(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      await storage.close()
      await #expect(throws: (any Error).self) { try await storage.rooms.rooms() }
      await #expect(throws: (any Error).self) {
        try await storage.accounts.createSession(Fixture.session("t", of: ann))
      }
      await #expect(throws: (any Error).self) { try await storage.transaction { _ in } }
    }
  }

  @Test(arguments: StoreBackends.all)
  func closeWaitsForTheTransactionInProgress(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let started = AsyncStream.makeStream(of: Void.self)
      let writer = Task {
        try await storage.transaction { storage in
          started.continuation.yield()
          await Task.yield()
          return try await Fixture.user("Ann", in: storage)
        }
      }
      for await _ in started.stream { break }
      try await withHangGuard { await storage.close() }
      // The transaction that had begun finished and committed before the backend closed.
      #expect(try await writer.value.username == "Ann")
    }
  }
}
