import BlastoiseCore
import BlastoisePostgres
import BlastoiseTestSupport
import Testing

/// `NodeLocks` between nodes: two storages stand for two nodes.
@Suite(needsServer) struct NodeLocksAcrossSessionsTests {
  @Test func aLockOneNodeHoldsIsRefusedToAnotherUntilLetGoOrItsSessionEnds() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { schema in
      try await withNodes(on: schema.url, schema.url) { first, second in
        let taken = try await first.locks.tryLock(.scan)
        #expect(taken)
        #expect(try await second.locks.tryLock(.scan) == false)
        await first.locks.unlock(.scan)
        #expect(try await second.locks.tryLock(.scan))
        #expect(try await first.locks.tryLock(.scan) == false)
        // The holder's session ends (its node stopped or died): the lock goes with it.
        await second.close()
        #expect(try await first.locks.tryLock(.scan))
      }
    }
  }

  /// Locks are keyed by schema: nodes of different schemas on one database never meet.
  @Test func nodesOfAnotherSchemaHoldLocksOfTheirOwn() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { one in
      try await TestPostgres.withSchema(on: server) { two in
        try await withNodes(on: one.url, two.url) { first, second in
          let taken = try await first.locks.tryLock(.scan)
          #expect(taken)
          #expect(try await second.locks.tryLock(.scan))
        }
      }
    }
  }

  /// A storage on each URL, closed afterwards (closing twice is harmless).
  private func withNodes(
    on first: String, _ second: String, _ body: (PostgresStorage, PostgresStorage) async throws -> Void
  ) async throws {
    let one = try await PostgresStorage.connect(PostgresSettings(url: first))
    let two = try await PostgresStorage.connect(PostgresSettings(url: second))
    try await withAsyncCleanup {
      try await body(one, two)
    } cleanup: {
      await one.close()
      await two.close()
    }
  }
}
