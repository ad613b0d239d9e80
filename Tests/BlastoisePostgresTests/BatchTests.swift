import BlastoisePostgres
import BlastoiseStoreShared
import BlastoiseTestSupport
import Testing

/// Batches in libpq's pipeline mode (`runBatch`): answers in order, a failure reported as a
/// single statement's, and nothing of a failed batch kept.
@Suite(needsServer) struct BatchTests {
  @Test func aBatchAnswersEachStatementInOrder() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT)") }
      let answers = try await database.write { connection in
        try connection.runBatch([
          StoreStatement("INSERT INTO t (id, name) VALUES ($1, $2)", .integer(1), .text("one")),
          StoreStatement("INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id", .integer(2), .text("two")),
          StoreStatement("SELECT name FROM t ORDER BY id"),
        ])
      }
      #expect(answers.count == 3)
      #expect(answers[0].isEmpty)
      #expect(answers[1].map { $0.int64("id") } == [2])
      #expect(answers[2].map { $0.string("name") } == ["one", "two"])
    }
  }

  /// The second insert fails: the error is the statement's own (its SQLSTATE and SQL), the third
  /// never runs, and the transaction keeps nothing, the first insert included. The connection
  /// serves the next write as usual.
  @Test func aBatchWithAFailingStatementReportsItAndLeavesNothingWritten() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)") }
      let error = await postgresError {
        try await database.write { connection in
          try connection.runBatch([
            StoreStatement("INSERT INTO t (id) VALUES ($1)", .integer(1)),
            StoreStatement("INSERT INTO t (id) VALUES ($1)", .integer(1)),
            StoreStatement("INSERT INTO t (id) VALUES ($1)", .integer(3)),
          ])
        }
      }
      #expect(error?.isUniqueViolation == true)
      #expect(error?.message.contains("INSERT INTO t") == true)
      #expect(try await database.read { try $0.query("SELECT id FROM t") }.isEmpty)
      try await database.write { connection in
        try connection.runBatch([
          StoreStatement("INSERT INTO t (id) VALUES ($1)", .integer(4)),
          StoreStatement("INSERT INTO t (id) VALUES ($1)", .integer(5)),
        ])
      }
      #expect(
        try await database.read { try $0.query("SELECT id FROM t ORDER BY id") }.map { $0.int64("id") } == [4, 5])
    }
  }

  /// A value PostgreSQL cannot hold is refused before anything of the batch is sent.
  @Test func aBatchWithAValuePostgresCannotHoldSendsNothing() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (name TEXT)") }
      let error = await postgresError {
        try await database.write { connection in
          try connection.runBatch([
            StoreStatement("INSERT INTO t (name) VALUES ($1)", .text("fine")),
            StoreStatement("INSERT INTO t (name) VALUES ($1)", .text("a\u{0}b")),
          ])
        }
      }
      #expect(error?.code == .misuse)
      #expect(try await database.read { try $0.query("SELECT name FROM t") }.isEmpty)
    }
  }
}
