import BlastoisePostgres
import BlastoiseTestSupport
import Testing

/// These tests need the server `scripts/test-postgres` starts; without it they are skipped (and
/// `postgresBackendRunsInCI` fails in CI).
let needsServer = Testing.ConditionTrait.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable)")

/// Runs `body` with a database on a fresh schema of its own, closed and dropped afterwards.
func withDatabase<T>(
  poolSize: Int = 4, lockTimeout: Duration = .seconds(5),
  _ body: (PostgresDatabase, TestPostgres.Schema) async throws -> T
) async throws -> T {
  let server = try #require(TestPostgres.url)
  return try await TestPostgres.withSchema(on: server) { schema in
    var settings = PostgresSettings(url: schema.url)
    settings.poolSize = poolSize
    settings.lockTimeout = lockTimeout
    let database = try await PostgresDatabase.connect(settings)
    return try await withAsyncCleanup {
      try await body(database, schema)
    } cleanup: {
      await database.close()
    }
  }
}

/// The first error `work` throws, as a `PostgresError` (nil when it throws none or another kind).
func postgresError<T>(_ work: () async throws -> T) async -> PostgresError? {
  do {
    _ = try await work()
    return nil
  } catch {
    return error as? PostgresError
  }
}
