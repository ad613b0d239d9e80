import BlastoisePostgres
import Foundation

/// The PostgreSQL server tests run against: `scripts/test-postgres` (in `make test`) starts a
/// throwaway one and names it in `BLASTOISE_TEST_POSTGRES_URL`. Each test gets a schema of its
/// own, made empty and dropped afterwards.
public enum TestPostgres {
  public static let variable = "BLASTOISE_TEST_POSTGRES_URL"

  /// The server, or nil when the tests run without one.
  public static var url: String? {
    ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// In CI a run without the server is a failure, so the PostgreSQL half can never go missing
  /// without anyone noticing.
  public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// A fresh, empty schema on the server.
  public struct Schema: Sendable {
    public let name: String
    /// The server's URL with the schema as the connections' `search_path`.
    public let url: String
    /// The server's URL as given, for statements outside the schema.
    public let serverURL: String

    /// Drops the schema and everything in it.
    public func drop() async {
      _ = try? await TestPostgres.withAdmin(on: serverURL) { database in
        try await database.write { connection in
          try connection.execute("SELECT set_config('blastoise.test_schema', $1, true)", .text(name))
          try connection.execute(
            "DO $$ BEGIN EXECUTE format('DROP SCHEMA %I CASCADE', current_setting('blastoise.test_schema')); END $$")
        }
      }
    }
  }

  /// Makes a schema with a name of its own on the server at `serverURL`.
  public static func makeSchema(on serverURL: String) async throws -> Schema {
    let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    // The name is an identifier, which no parameter can stand for: it goes through the
    // session setting and `format('%I')`, so the SQL stays constant.
    try await withAdmin(on: serverURL) { database in
      try await database.write { connection in
        try connection.execute("SELECT set_config('blastoise.test_schema', $1, true)", .text(name))
        try connection.execute(
          "DO $$ BEGIN EXECUTE format('CREATE SCHEMA %I', current_setting('blastoise.test_schema')); END $$")
      }
    }
    let separator = serverURL.contains("?") ? "&" : "?"
    return Schema(name: name, url: serverURL + separator + "options=-csearch_path%3D" + name, serverURL: serverURL)
  }

  /// Runs `body` with a schema of its own, dropped afterwards (also when `body` throws).
  public static func withSchema<T>(on serverURL: String, _ body: (Schema) async throws -> T) async throws -> T {
    let schema = try await makeSchema(on: serverURL)
    return try await withAsyncCleanup {
      try await body(schema)
    } cleanup: {
      await schema.drop()
    }
  }

  /// Ends the sessions that hold the advisory lock `(classID, objectID)` (the two-key form), as
  /// a database restart or a cut network would; returns how many.
  @discardableResult
  public static func terminateSessions(holdingLock classID: Int32, _ objectID: Int32, on serverURL: String)
    async throws -> Int
  {
    try await withAdmin(on: serverURL) { database in
      try await database.write { connection in
        try connection.query(
          """
          SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint = $1 AND objid::bigint = $2
          """, .integer(Int64(UInt32(bitPattern: classID))), .integer(Int64(UInt32(bitPattern: objectID)))
        ).count
      }
    }
  }

  /// Runs `body` with a database of one connection to the server itself (outside any test's schema).
  @discardableResult
  public static func withAdmin<T>(on serverURL: String, _ body: (PostgresDatabase) async throws -> T) async throws -> T
  {
    var settings = PostgresSettings(url: serverURL)
    settings.poolSize = 1
    let database = try await PostgresDatabase.connect(settings)
    return try await withAsyncCleanup {
      try await body(database)
    } cleanup: {
      await database.close()
    }
  }
}
