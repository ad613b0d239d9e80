import BlastoisePostgres
import BlastoiseStoreShared
import BlastoiseTestSupport
import Testing

/// Failures by SQLSTATE, connections the server ends, and a closed database.
@Suite(needsServer) struct ConnectionTests {
  @Test func failuresCarryTheirSQLState() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)") }
      try await database.write { try $0.execute("INSERT INTO t (id) VALUES (1)") }
      let duplicate = await postgresError {
        try await database.write { try $0.execute("INSERT INTO t (id) VALUES (1)") }
      }
      #expect(duplicate?.sqlState == "23505")
      #expect(duplicate?.isUniqueViolation == true)
      let syntax = await postgresError { try await database.read { try $0.query("SELEKT 1") } }
      #expect(syntax?.sqlState == "42601")
      #expect(syntax?.code == .sql)
    }
  }

  @Test func aReadCannotWrite() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)") }
      let error = await postgresError { try await database.read { try $0.execute("INSERT INTO t (id) VALUES (1)") } }
      #expect(error?.sqlState == "25006")  // read-only transaction
    }
  }

  @Test func aFailedStatementRollsBackTheWholeClosure() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)") }
      _ = await postgresError {
        try await database.write { connection in
          try connection.execute("INSERT INTO t (id) VALUES (1)")
          try connection.execute("INSERT INTO t (id) VALUES (1)")
        }
      }
      #expect(try await database.read { try $0.query("SELECT id FROM t") }.isEmpty)
    }
  }

  /// PostgreSQL refuses the rest of a transaction after a failure and turns its COMMIT into a
  /// rollback; a closure that swallowed the failure learns of it instead of losing its writes quietly.
  @Test func aClosureThatSwallowsAFailureDoesNotCommit() async throws {
    try await withDatabase { database, _ in
      try await database.write { try $0.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)") }
      let error = await postgresError {
        try await database.write { connection in
          try connection.execute("INSERT INTO t (id) VALUES (1)")
          _ = try? connection.execute("INSERT INTO t (id) VALUES (1)")
        }
      }
      #expect(error?.isUniqueViolation == true)
      #expect(try await database.read { try $0.query("SELECT id FROM t") }.isEmpty)
    }
  }

  @Test func anIdleConnectionTheServerEndedIsReplacedOnNextUse() async throws {
    try await withDatabase(poolSize: 1) { database, schema in
      let first = try await backendID(database)
      try await terminate(first, on: schema)
      let second = try await backendID(database)
      #expect(second != first)
    }
  }

  @Test func aConnectionLostDuringAStatementFailsThatStatementOnly() async throws {
    try await withDatabase(poolSize: 1) { database, schema in
      let sleeper = Task { await postgresError { try await database.read { try $0.query("SELECT pg_sleep(60)") } } }
      let pid = try await TestPostgres.withAdmin(on: schema.serverURL) { admin in
        try await waitForQuery(containing: "pg_sleep(60)", on: admin)
      }
      try await terminate(pid, on: schema)
      let error = await sleeper.value
      #expect(error?.isConnectionLoss == true)
      #expect(try await backendID(database) != pid)  // and the next call reconnected
    }
  }

  @Test func aWrongAddressFailsAtConnect() async throws {
    var settings = PostgresSettings(url: "postgres://nobody@127.0.0.1:1/none")
    settings.connectTimeout = .seconds(60)
    let error = await postgresError { try await PostgresDatabase.connect(settings) }
    #expect(error?.code == .connection)
  }

  @Test func aClosedDatabaseRefusesWork() async throws {
    try await withDatabase { database, _ in
      await database.close()
      let error = await postgresError { try await database.read { try $0.query("SELECT 1") } }
      #expect(error?.code == .misuse)
    }
  }

  @Test func aLockHeldPastTheTimeoutFailsTheWaiter() async throws {
    try await withDatabase(lockTimeout: .milliseconds(200)) { database, _ in
      try await database.write { connection in
        try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v BIGINT)")
        try connection.execute("INSERT INTO t (id, v) VALUES (1, 0)")
      }
      let holding = AsyncStream.makeStream(of: Void.self)
      let release = AsyncStream.makeStream(of: Void.self)
      let holder = Task {
        try await database.transaction { transaction in
          try await transaction.step { try $0.execute("UPDATE t SET v = 1 WHERE id = 1") }
          holding.continuation.yield()
          for await _ in release.stream { break }
        }
      }
      for await _ in holding.stream { break }
      let error = await postgresError { try await database.write { try $0.execute("UPDATE t SET v = 2 WHERE id = 1") } }
      release.continuation.yield()
      try await holder.value
      #expect(error?.sqlState == "55P03")
    }
  }

  private func backendID(_ database: PostgresDatabase) async throws -> Int64? {
    try await database.read { try $0.queryOne("SELECT pg_backend_pid() AS pid")?.int64("pid") }
  }

  private func terminate(_ pid: Int64?, on schema: TestPostgres.Schema) async throws {
    try await TestPostgres.withAdmin(on: schema.serverURL) { admin in
      _ = try await admin.read { connection in
        try connection.query("SELECT pg_terminate_backend($1::int, 60000)", StoreValue(pid))
      }
    }
  }

  /// The backend running a statement that contains `text` (polling: a hang guard, not a speed bound).
  private func waitForQuery(containing text: String, on admin: PostgresDatabase) async throws -> Int64 {
    for _ in 0..<6_000 {
      let pid = try await admin.read { connection in
        try connection.queryOne(
          "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND position($1 IN query) > 0 AND pid != pg_backend_pid()",
          .text(text))?.int64("pid")
      }
      if let pid { return pid }
      try await Task.sleep(for: .milliseconds(10))
    }
    throw CancellationError()
  }
}
