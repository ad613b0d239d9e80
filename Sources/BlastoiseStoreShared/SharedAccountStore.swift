import BlastoiseCore
import Foundation

/// Accounts and sessions, in either backend.
public struct SharedAccountStore<Access: StoreAccess>: AccountStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func createUser(
    username: String, usernameKey: String, passwordHash: String?, role: Role, firstAllowed: Bool
  ) async throws -> StoredUser {
    try await StoreFailures.naming(conflict: StoreFailures.usernameTaken) {
      try await access.write { connection in
        let effectiveRole = try FirstAccountRule.role(
          requested: role, accountsExist: Self.hasAccounts(connection), firstAllowed: firstAllowed)
        let inserted = try connection.queryOne(
          """
          INSERT INTO users (username, username_key, password_hash, role, created_at) VALUES ($1, $2, $3, $4, $5)
          RETURNING id
          """, .text(username), .text(usernameKey), StoreValue(passwordHash), .text(effectiveRole.rawValue),
          .integer(Int64(Date().timeIntervalSince1970)))
        guard let id = inserted?.int("id") else { throw StoreFault("INSERT INTO users returned no id") }
        return StoredUser(id: id, username: username, role: effectiveRole, passwordHash: passwordHash)
      }
    }
  }

  public func user(usernameKey: String) async throws -> StoredUser? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT id, username, role, password_hash FROM users WHERE username_key = $1", .text(usernameKey)
      ).flatMap(StoredUser.init(row:))
    }
  }

  public func hasAccounts() async throws -> Bool {
    try await access.read { try Self.hasAccounts($0) }
  }

  public func createSession(_ session: StoredSession) async throws {
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, app_password_id)
        VALUES ($1, $2, $3, $4, $5)
        """, .text(session.tokenHash), StoreValue(session.userID), .integer(session.createdAt),
        .integer(session.lastSeenAt), StoreValue(session.appPasswordID))
    }
  }

  public func session(tokenHash: String) async throws -> (StoredSession, StoredUser)? {
    try await access.read { connection in
      guard
        let row = try connection.queryOne(
          """
          SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, u.id, u.username, u.role, u.password_hash
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1
          """, .text(tokenHash)),
        let session = StoredSession(row: row), let user = StoredUser(row: row)
      else { return nil }
      return (session, user)
    }
  }

  /// One statement a table for all the hashes, bound as one JSON array.
  public func touchSessions(tokenHashes: [String], at time: Int64) async throws {
    guard !tokenHashes.isEmpty else { return }
    let hashes = try StringListColumn.encode(tokenHashes)
    try await access.write { connection in
      let listed = connection.dialect.textList("$2")
      try connection.execute(
        "UPDATE sessions SET last_seen_at = $1 WHERE token_hash IN (\(listed))", .integer(time), .text(hashes))
      try connection.execute(
        "UPDATE guest_sessions SET last_seen_at = $1 WHERE token_hash IN (\(listed))", .integer(time), .text(hashes))
    }
  }

  public func deleteSession(tokenHash: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM sessions WHERE token_hash = $1", .text(tokenHash))
      try connection.execute("DELETE FROM guest_sessions WHERE token_hash = $1", .text(tokenHash))
    }
  }

  public func deleteSessions(ofUser userID: Int, keeping: String) async throws -> [String] {
    try await access.write { connection in
      try connection.query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash != $2 RETURNING token_hash", StoreValue(userID),
        .text(keeping)
      ).compactMap { $0.string("token_hash") }
    }
  }

  public func sessions(ofUser userID: Int) async throws -> [StoredSession] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT token_hash, user_id, created_at, last_seen_at, app_password_id FROM sessions
        WHERE user_id = $1 ORDER BY last_seen_at DESC, created_at DESC
        """, StoreValue(userID)
      ).compactMap(StoredSession.init(row:))
    }
  }

  public func replacePassword(ofUser userID: Int, hash: String, keeping: String) async throws -> [String] {
    try await access.write { connection in
      try connection.execute("UPDATE users SET password_hash = $1 WHERE id = $2", .text(hash), StoreValue(userID))
      return try connection.query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash != $2 RETURNING token_hash", StoreValue(userID),
        .text(keeping)
      ).compactMap { $0.string("token_hash") }
    }
  }

  public func deleteExpiredSessions(lastSeenBefore: Int64, createdBefore: Int64, guestLastSeenBefore: Int64)
    async throws -> [String]
  {
    try await access.write { connection in
      let sessions = try connection.query(
        "DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2 RETURNING token_hash",
        .integer(lastSeenBefore), .integer(createdBefore))
      let guests = try connection.query(
        "DELETE FROM guest_sessions WHERE last_seen_at < $1 OR created_at < $2 RETURNING token_hash",
        .integer(guestLastSeenBefore), .integer(createdBefore))
      return (sessions + guests).compactMap { $0.string("token_hash") }
    }
  }

  public func createGuestSession(_ guest: StoredGuestSession, limitPerAddress: Int) async throws -> [String] {
    try await StoreFailures.naming(conflict: StoreFailures.guestNameTaken) {
      try await access.write { connection in
        try connection.execute(
          """
          INSERT INTO guest_sessions (token_hash, name, address, limit_key, created_at, last_seen_at)
          VALUES ($1, $2, $3, $4, $5, $6)
          """, .text(guest.tokenHash), .text(guest.name), .text(guest.address), .text(guest.limitKey),
          .integer(guest.createdAt), .integer(guest.lastSeenAt))
        return try connection.query(
          """
          DELETE FROM guest_sessions WHERE limit_key = $1 AND token_hash NOT IN (
            SELECT token_hash FROM guest_sessions WHERE limit_key = $1
            ORDER BY created_at DESC, token_hash = $2 DESC LIMIT $3)
          RETURNING token_hash
          """, .text(guest.limitKey), .text(guest.tokenHash), StoreValue(limitPerAddress)
        ).compactMap { $0.string("token_hash") }
      }
    }
  }

  public func guestSession(tokenHash: String) async throws -> StoredGuestSession? {
    try await access.read { connection in
      try connection.queryOne(
        """
        SELECT token_hash, name, address, limit_key, created_at, last_seen_at FROM guest_sessions WHERE token_hash = $1
        """, .text(tokenHash)
      ).flatMap(StoredGuestSession.init(row:))
    }
  }

  public func guestSessions() async throws -> [StoredGuestSession] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT token_hash, name, address, limit_key, created_at, last_seen_at FROM guest_sessions
        ORDER BY created_at, \(connection.dialect.byteOrder("name"))
        """
      ).compactMap(StoredGuestSession.init(row:))
    }
  }

  private static func hasAccounts(_ connection: Access.Connection) throws -> Bool {
    try connection.queryOne("SELECT 1 AS found FROM users WHERE role != 'guest' LIMIT 1") != nil
  }
}
