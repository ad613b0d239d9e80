import BlastoiseCore
import Testing

/// What every backend's `SignInFailureStore` must do: failures counted per key inside a window,
/// cleared per key, and removed once old.
@Suite struct SignInFailureStoreContract {
  @Test(arguments: StoreBackends.all)
  func failuresAreCountedPerKeyAfterATime(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let failures = storage.signInFailures
      #expect(try await failures.failures(key: "a:1.1.1.1", after: 0) == SignInFailures(count: 0, oldest: nil))
      try await failures.recordFailure(keys: ["a:1.1.1.1", "p:1.1.1.1|ann"], at: 1_000)
      try await failures.recordFailure(keys: ["a:1.1.1.1", "p:1.1.1.1|bob"], at: 2_000)
      try await failures.recordFailure(keys: ["a:1.1.1.1", "p:1.1.1.1|ann"], at: 3_000)
      #expect(try await failures.failures(key: "a:1.1.1.1", after: 0) == SignInFailures(count: 3, oldest: 1_000))
      #expect(try await failures.failures(key: "p:1.1.1.1|ann", after: 0) == SignInFailures(count: 2, oldest: 1_000))
      // Strictly after: the failure at 1,000 ms is out of a window that starts there.
      #expect(try await failures.failures(key: "a:1.1.1.1", after: 1_000) == SignInFailures(count: 2, oldest: 2_000))
      #expect(try await failures.failures(key: "p:2.2.2.2|ann", after: 0).count == 0)
    }
  }

  @Test(arguments: StoreBackends.all)
  func failuresAtTheSameTimeAllCount(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await withHangGuard {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<8 {
            group.addTask { try await storage.signInFailures.recordFailure(keys: ["a:6.6.6.6"], at: 5_000) }
          }
          try await group.waitForAll()
        }
      }
      let counted = try await storage.signInFailures.failures(key: "a:6.6.6.6", after: 0)
      #expect(counted == SignInFailures(count: 8, oldest: 5_000))
    }
  }

  @Test(arguments: StoreBackends.all)
  func clearingAKeyLeavesTheOthers(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let failures = storage.signInFailures
      try await failures.recordFailure(keys: ["a:1.1.1.1", "p:1.1.1.1|ann"], at: 1_000)
      try await failures.clearFailures(key: "p:1.1.1.1|ann")
      try await failures.clearFailures(key: "p:never|seen")  // not an error
      #expect(try await failures.failures(key: "p:1.1.1.1|ann", after: 0).count == 0)
      #expect(try await failures.failures(key: "a:1.1.1.1", after: 0).count == 1)
    }
  }

  @Test(arguments: StoreBackends.all)
  func oldFailuresAreRemovedUpToATime(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let failures = storage.signInFailures
      for time in [Int64(1_000), 2_000, 3_000] {
        try await failures.recordFailure(keys: ["a:1.1.1.1", "p:1.1.1.1|ann"], at: time)
      }
      #expect(try await failures.removeFailures(through: 2_000) == 4)
      #expect(try await failures.removeFailures(through: 2_000) == 0)
      #expect(try await failures.failures(key: "a:1.1.1.1", after: 0) == SignInFailures(count: 1, oldest: 3_000))
    }
  }

  /// Failures written inside a transaction commit with it, or go with its rollback.
  @Test(arguments: StoreBackends.all)
  func failuresFollowTheTransactionTheyAreIn(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      struct Refused: Error {}
      _ = try? await storage.transaction { inner in
        try await inner.signInFailures.recordFailure(keys: ["a:9.9.9.9"], at: 1_000)
        throw Refused()
      }
      #expect(try await storage.signInFailures.failures(key: "a:9.9.9.9", after: 0).count == 0)
      try await storage.transaction { inner in
        try await inner.signInFailures.recordFailure(keys: ["a:9.9.9.9"], at: 1_000)
      }
      #expect(try await storage.signInFailures.failures(key: "a:9.9.9.9", after: 0).count == 1)
    }
  }
}
