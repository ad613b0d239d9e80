import BlastoisePostgres
import Synchronization
import Testing

/// SERIALIZABLE transactions that lose a conflict are run again, so no update is lost.
@Suite(needsServer) struct RetryTests {
  /// Two transactions read the same row and both write it: the one that commits second loses,
  /// runs again on a fresh snapshot, and both increments land.
  @Test func aTransactionThatLosesAConflictRunsAgain() async throws {
    try await withDatabase { database, _ in
      try await database.write { connection in
        try connection.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
        try connection.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
      }
      let runs = Mutex(0)
      let read = AsyncStream.makeStream(of: Void.self)
      let otherCommitted = AsyncStream.makeStream(of: Void.self)
      // Should the other write fail (a server out of connections), the loser must not wait for
      // it for ever: its open transaction would keep the database from closing.
      defer { otherCommitted.continuation.finish() }
      let loser = Task {
        try await database.transaction { transaction in
          let first = runs.withLock { count in
            count += 1
            return count == 1
          }
          let n = try await transaction.step { try $0.queryOne("SELECT n FROM counter WHERE id = 1")?.int64("n") ?? 0 }
          if first {
            read.continuation.yield()
            for await _ in otherCommitted.stream { break }
          }
          try await transaction.step { try $0.execute("UPDATE counter SET n = $1 WHERE id = 1", .integer(n + 1)) }
        }
      }
      for await _ in read.stream { break }
      try await database.write { connection in
        let n = try connection.queryOne("SELECT n FROM counter WHERE id = 1")?.int64("n") ?? 0
        try connection.execute("UPDATE counter SET n = $1 WHERE id = 1", .integer(n + 1))
      }
      otherCommitted.continuation.yield()
      _ = try await loser.value
      #expect(try await database.read { try $0.queryOne("SELECT n FROM counter")?.int64("n") } == 2)
      #expect(runs.withLock { $0 } == 2)
    }
  }

  @Test func manyWritersOnOneRowLoseNothing() async throws {
    try await withDatabase { database, _ in
      try await database.write { connection in
        try connection.execute("CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
        try connection.execute("INSERT INTO counter (id, n) VALUES (1, 0)")
      }
      let writers = 40
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<writers {
          group.addTask {
            try await database.write { connection in
              let n = try connection.queryOne("SELECT n FROM counter WHERE id = 1")?.int64("n") ?? 0
              try connection.execute("UPDATE counter SET n = $1 WHERE id = 1", .integer(n + 1))
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try await database.read { try $0.queryOne("SELECT n FROM counter")?.int64("n") } == Int64(writers))
    }
  }
}
