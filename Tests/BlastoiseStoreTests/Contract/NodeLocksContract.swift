import BlastoiseCore
import Testing

/// What every backend's `NodeLocks` must do for the node that uses them: a lock is held once, until
/// it is let go. (Across nodes, on PostgreSQL: `NodeLocksAcrossSessionsTests`.)
@Suite struct NodeLocksContract {
  @Test(arguments: StoreBackends.all)
  func aLockIsHeldOnceUntilItIsLetGo(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      #expect(await storage.locks.holds(.scan) == false)
      let taken = try await storage.locks.tryLock(.scan)
      #expect(taken)
      #expect(await storage.locks.holds(.scan))
      #expect(try await storage.locks.tryLock(.scan) == false)
      await storage.locks.unlock(.scan)
      #expect(await storage.locks.holds(.scan) == false)
      #expect(try await storage.locks.tryLock(.scan))
      await storage.locks.unlock(.scan)
      await storage.locks.unlock(.scan)  // not held: nothing
    }
  }

  @Test(arguments: StoreBackends.all)
  func aTransactionsStorageSharesTheLocks(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      #expect(try await storage.locks.tryLock(.scan))
      let inside = try await storage.transaction { inner in try await inner.locks.tryLock(.scan) }
      #expect(!inside)
      await storage.locks.unlock(.scan)
    }
  }
}
