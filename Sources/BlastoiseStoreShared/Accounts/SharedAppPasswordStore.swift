import BlastoiseCore

/// `AppPasswordStore` for either backend, its SQL written once.
public struct SharedAppPasswordStore<Access: StoreAccess>: AppPasswordStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func create(_ password: StoredAppPassword) async throws {
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO app_passwords (id, user_id, name, secret_hash, created_at, sealed_secret)
        VALUES ($1, $2, $3, $4, $5, $6)
        """,
        .text(password.id), StoreValue(password.userID), .text(password.name), .text(password.secretHash),
        .integer(password.createdAt), StoreValue(password.sealedSecret))
    }
  }

  public func list(userID: Int) async throws -> [StoredAppPassword] {
    try await access.read { connection in
      try connection.query(
        "SELECT * FROM app_passwords WHERE user_id = $1 ORDER BY created_at DESC, id", StoreValue(userID)
      ).compactMap { StoredAppPassword(row: $0) }
    }
  }

  public func delete(id: String, userID: Int) async throws -> Bool {
    try await access.write { connection in
      try connection.execute("DELETE FROM app_passwords WHERE id = $1 AND user_id = $2", .text(id), StoreValue(userID))
        > 0
    }
  }

  public func find(secretHash: String) async throws -> (StoredAppPassword, StoredUser)? {
    try await access.read { connection in
      guard
        let row = try connection.queryOne(
          """
          SELECT a.id AS app_password_id, a.user_id, a.name, a.secret_hash, a.created_at, a.last_used_at,
            a.sealed_secret, u.id, u.username, u.role, u.password_hash, u.display_name, u.disabled
          FROM app_passwords a JOIN users u ON u.id = a.user_id WHERE a.secret_hash = $1
          """, .text(secretHash)),
        let password = StoredAppPassword(row: row, id: "app_password_id"), let user = StoredUser(row: row)
      else { return nil }
      return (password, user)
    }
  }

  public func markUsed(id: String, at time: Int64) async throws {
    try await access.write { connection in
      try connection.execute("UPDATE app_passwords SET last_used_at = $1 WHERE id = $2", .integer(time), .text(id))
    }
  }
}

extension StoredAppPassword {
  /// An `app_passwords` row, its ID in the column `id`.
  init?(row: StoreRow, id idColumn: String = "id") {
    guard let id = row.string(idColumn), let userID = row.int("user_id"), let name = row.string("name"),
      let hash = row.string("secret_hash"), let createdAt = row.int64("created_at")
    else { return nil }
    self.init(
      id: id, userID: userID, name: name, secretHash: hash, createdAt: createdAt, lastUsedAt: row.int64("last_used_at"),
      sealedSecret: row.string("sealed_secret"))
  }
}

extension Migration {
  /// Migration 14 of both backends, in one text both take: app passwords (`AppPasswordStore`),
  /// and the app password a session was made with, so that revoking it ends those sessions. Not
  /// STRICT on SQLite, which knows no BIGINT.
  public static let appPasswords = Migration(
    version: 14, name: "app_passwords",
    sql: """
      CREATE TABLE app_passwords (
        id TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT
      );
      CREATE INDEX app_passwords_by_user ON app_passwords (user_id, created_at);
      ALTER TABLE sessions ADD COLUMN app_password_id TEXT REFERENCES app_passwords(id) ON DELETE CASCADE;
      """)
}

extension Migration {
  /// Migration 25 of both backends: app passwords' secrets sealed (`SecretSealer`), for the
  /// Subsonic API's token authentication. Older app passwords have none.
  public static let appPasswordSecrets = Migration(
    version: 25, name: "app_password_secrets", sql: "ALTER TABLE app_passwords ADD COLUMN sealed_secret TEXT;")
}
