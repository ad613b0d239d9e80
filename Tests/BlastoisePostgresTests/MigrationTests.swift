import BlastoisePostgres
import BlastoiseStoreShared
import BlastoiseTestSupport
import Testing

/// Migrations: applied once, in one transaction, also when several nodes start at once.
@Suite(needsServer) struct MigrationTests {
  static let steps = [
    Migration(version: 1, name: "artists", sql: "CREATE TABLE artist (id BIGINT PRIMARY KEY, name TEXT NOT NULL)"),
    Migration(
      version: 2, name: "albums", sql: "CREATE TABLE album (id BIGINT PRIMARY KEY); CREATE INDEX a ON album (id)"),
  ]

  private func versions(_ database: PostgresDatabase) async throws -> [Int] {
    try await database.read { connection in
      try connection.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.int("version") }
    }
  }

  @Test func migratingTwiceIsANoOp() async throws {
    try await withDatabase { database, _ in
      try await database.migrate(Array(Self.steps.prefix(1)))
      try await database.migrate(Self.steps)
      try await database.migrate(Self.steps)
      #expect(try await versions(database) == [1, 2])
    }
  }

  @Test func aFailingMigrationLeavesNothingBehind() async throws {
    try await withDatabase { database, _ in
      let broken = Self.steps + [Migration(version: 3, name: "broken", sql: "CREATE TABLE x (id BIGINT); SELEKT")]
      let error = await postgresError { try await database.migrate(broken) }
      #expect(error?.code == .migration)
      let tables = try await database.read { connection in
        try connection.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
      }
      #expect(tables.isEmpty)
    }
  }

  @Test func aSchemaFromANewerBuildIsRefused() async throws {
    try await withDatabase { database, _ in
      try await database.migrate(Self.steps)
      let error = await postgresError { try await database.migrate(Array(Self.steps.prefix(1))) }
      #expect(error?.code == .schemaTooNew)
    }
  }

  @Test func gapsInTheVersionsAreRefused() async throws {
    try await withDatabase { database, _ in
      let error = await postgresError { try await database.migrate([Self.steps[1]]) }
      #expect(error?.code == .migration)
    }
  }

  /// Nodes starting together against a new database: each step is applied exactly once.
  @Test func nodesStartingAtOnceApplyEachStepOnce() async throws {
    let server = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: server) { schema in
      let nodes = 6
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<nodes {
          group.addTask {
            let storage = try await PostgresStorage.connect(PostgresSettings(url: schema.url))
            await storage.close()
          }
        }
        try await group.waitForAll()
      }
      let database = try await PostgresDatabase.connect(PostgresSettings(url: schema.url))
      let applied = try await versions(database)
      await database.close()
      #expect(applied == PostgresSchema.migrations.map(\.version))
    }
  }
}
