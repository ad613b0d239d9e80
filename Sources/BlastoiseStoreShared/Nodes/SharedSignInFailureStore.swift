import BlastoiseCore

/// `SignInFailureStore` for either backend, its SQL written once (`StoreAccess`).
public struct SharedSignInFailureStore<Access: StoreAccess>: SignInFailureStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func recordFailure(keys: [String], at time: Int64) async throws {
    try await access.write { connection in
      for key in keys {
        try connection.execute(
          "INSERT INTO sign_in_failures (key, failed_at) VALUES ($1, $2)", .text(key), .integer(time))
      }
    }
  }

  public func failures(key: String, after time: Int64) async throws -> SignInFailures {
    let row = try await access.read { connection in
      try connection.queryOne(
        "SELECT count(*) AS failures, min(failed_at) AS oldest FROM sign_in_failures WHERE key = $1 AND failed_at > $2",
        .text(key), .integer(time))
    }
    return SignInFailures(count: row?.int("failures") ?? 0, oldest: row?.int64("oldest"))
  }

  public func clearFailures(key: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM sign_in_failures WHERE key = $1", .text(key))
    }
  }

  public func removeFailures(through time: Int64) async throws -> Int {
    try await access.write { connection in
      try connection.execute("DELETE FROM sign_in_failures WHERE failed_at <= $1", .integer(time))
    }
  }
}

extension Migration {
  /// Migration 12 of both backends, in one text both take: failed sign-ins, so that every node
  /// counts them (`SignInFailureStore`). SQLite's table is not STRICT: STRICT knows no BIGINT,
  /// and PostgreSQL's INTEGER is too small for milliseconds.
  public static let signInFailures = Migration(
    version: 12, name: "sign_in_failures",
    sql: """
      CREATE TABLE sign_in_failures (key TEXT NOT NULL, failed_at BIGINT NOT NULL);
      CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, failed_at);
      CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at);
      """)
}
