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
        // The holder's session ends (its node stopped or died): the lock goes with it, once the
        // server has ended that session.
        await second.close()
        #expect(try await eventually { try await first.locks.tryLock(.scan) })
      }
    }
  }

  /// The holder's lock session ends under it (as in a database restart): the holder learns it
  /// has lost the lock (`holds`), and takes it again while no other node has.
  @Test func aHolderWhoseLockSessionEndedKnowsAndTakesItAgain() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { schema in
      try await withNodes(on: schema.url, schema.url) { first, _ in
        #expect(try await first.locks.tryLock(.scan))
        #expect(await first.locks.holds(.scan))
        let key = try await TestPostgres.withAdmin(on: server) { database in
          try await database.read { connection in
            try connection.queryOne("SELECT hashtext($1 || '/scan') AS key", .text(schema.name))?.int64("key")
          }
        }
        let objectID = Int32(truncatingIfNeeded: try #require(key))
        #expect(try await TestPostgres.terminateSessions(holdingLock: 0x626E, objectID, on: server) == 1)
        #expect(try await eventually { await first.locks.holds(.scan) == false })
        #expect(try await first.locks.tryLock(.scan))
        #expect(await first.locks.holds(.scan))
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
}

/// Whether `condition` came true within 60 s (a hang guard): a session closed by its client ends
/// on the server a moment later.
private func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
  for _ in 0..<2400 {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(25))
  }
  return false
}

/// A storage on each URL, standing for two nodes; closed afterwards (closing twice is harmless).
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

/// A node starting puts back in the queue only the jobs no live node runs: the runner holds the
/// job's lock until its last state is stored.
@Suite(needsServer) struct ImportRequeueAcrossNodesTests {
  @Test func aJobWhoseNodeHoldsItsLockStaysTakenAndGoesBackOnceItsSessionEnds() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { schema in
      try await withNodes(on: schema.url, schema.url) { runner, starting in
        let ann = try await runner.accounts.createUser(
          username: "Ann", usernameKey: "ann", passwordHash: "hash", role: .user, firstAllowed: true)
        let jobs = ["running", "abandoned"].map { id in
          ImportJobRecord(
            id: id, ownerID: ann.id, ownerName: "Ann", ownerRole: .admin, url: "https://example.com/\(id)",
            title: id, status: .queued, createdAt: 1, updatedAt: 1)
        }
        try await runner.imports.insert(jobs)
        #expect(try await runner.locks.tryLock(.importJob("running")))
        #expect(try await runner.imports.claim(id: "running", at: 2))
        #expect(try await runner.imports.claim(id: "abandoned", at: 2))
        // "abandoned" was claimed by a node that holds no lock for it: gone, say.
        #expect(try await starting.imports.requeueUnfinished(at: 3) == 1)
        #expect(try await starting.imports.jobs().map(\.status) == [.downloading, .queued])
        await runner.close()  // the runner dies: its session, and the job's lock, end
        #expect(try await eventually { try await starting.imports.requeueUnfinished(at: 4) == 1 })
        #expect(try await starting.imports.jobs().map(\.status) == [.queued, .queued])
      }
    }
  }
}
