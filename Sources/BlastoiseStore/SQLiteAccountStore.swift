import BlastoiseCore
import BlastoiseStoreShared
import Foundation

/// Accounts and sessions in SQLite.
public struct SQLiteAccountStore: AccountStore {
  let access: SQLiteAccess

  public func createUser(
    username: String, usernameKey: String, passwordHash: String?, role: Role, firstAllowed: Bool
  ) async throws -> StoredUser {
    try await StoreFailures.naming(conflict: StoreFailures.usernameTaken) {
      try await access.write { connection in
        let effectiveRole = try FirstAccountRule.role(
          requested: role, accountsExist: Self.hasAccounts(connection), firstAllowed: firstAllowed)
        try connection.execute(
          "INSERT INTO users (username, username_key, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)",
          .text(username), .text(usernameKey), SQLiteValue(passwordHash), .text(effectiveRole.rawValue),
          .integer(Int64(Date().timeIntervalSince1970)))
        return StoredUser(
          id: Int(connection.lastInsertRowID), username: username, role: effectiveRole, passwordHash: passwordHash)
      }
    }
  }

  public func user(usernameKey: String) async throws -> StoredUser? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT id, username, role, password_hash FROM users WHERE username_key = ?", .text(usernameKey)
      ).flatMap(StoredUser.init(row:))
    }
  }

  public func hasAccounts() async throws -> Bool {
    try await access.read(Self.hasAccounts)
  }

  public func createSession(_ session: StoredSession) async throws {
    try await access.write { connection in
      try connection.execute(
        "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
        .text(session.tokenHash), SQLiteValue(session.userID), .integer(session.createdAt),
        .integer(session.lastSeenAt))
    }
  }

  public func session(tokenHash: String) async throws -> (StoredSession, StoredUser)? {
    try await access.read { connection in
      guard
        let row = try connection.queryOne(
          """
          SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, u.id, u.username, u.role, u.password_hash
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?
          """, .text(tokenHash)),
        let session = StoredSession(row: row), let user = StoredUser(row: row)
      else { return nil }
      return (session, user)
    }
  }

  public func touchSessions(tokenHashes: [String], at time: Int64) async throws {
    guard !tokenHashes.isEmpty else { return }
    try await access.write { connection in
      for hash in tokenHashes {
        try connection.execute("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?", .integer(time), .text(hash))
        try connection.execute(
          "UPDATE guest_sessions SET last_seen_at = ? WHERE token_hash = ?", .integer(time), .text(hash))
      }
    }
  }

  public func deleteSession(tokenHash: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM sessions WHERE token_hash = ?", .text(tokenHash))
      try connection.execute("DELETE FROM guest_sessions WHERE token_hash = ?", .text(tokenHash))
    }
  }

  public func deleteSessions(ofUser userID: Int, keeping: String) async throws -> [String] {
    try await access.write { connection in
      let ended = try connection.query(
        "DELETE FROM sessions WHERE user_id = ? AND token_hash != ? RETURNING token_hash", SQLiteValue(userID),
        .text(keeping))
      return ended.compactMap { $0.string("token_hash") }
    }
  }

  public func deleteExpiredSessions(lastSeenBefore: Int64, createdBefore: Int64, guestLastSeenBefore: Int64)
    async throws -> [String]
  {
    try await access.write { connection in
      let sessions = try connection.query(
        "DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ? RETURNING token_hash", .integer(lastSeenBefore),
        .integer(createdBefore))
      let guests = try connection.query(
        "DELETE FROM guest_sessions WHERE last_seen_at < ? OR created_at < ? RETURNING token_hash",
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
          VALUES (?, ?, ?, ?, ?, ?)
          """, .text(guest.tokenHash), .text(guest.name), .text(guest.address), .text(guest.limitKey),
          .integer(guest.createdAt), .integer(guest.lastSeenAt))
        let ended = try connection.query(
          """
          DELETE FROM guest_sessions WHERE limit_key = ? AND token_hash NOT IN (
            SELECT token_hash FROM guest_sessions WHERE limit_key = ?
            ORDER BY created_at DESC, token_hash = ? DESC LIMIT ?)
          RETURNING token_hash
          """, .text(guest.limitKey), .text(guest.limitKey), .text(guest.tokenHash), SQLiteValue(limitPerAddress))
        return ended.compactMap { $0.string("token_hash") }
      }
    }
  }

  public func guestSession(tokenHash: String) async throws -> StoredGuestSession? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT token_hash, name, address, limit_key, created_at, last_seen_at FROM guest_sessions WHERE token_hash = ?",
        .text(tokenHash)
      ).flatMap(StoredGuestSession.init(row:))
    }
  }

  public func guestSessions() async throws -> [StoredGuestSession] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT token_hash, name, address, limit_key, created_at, last_seen_at FROM guest_sessions
        ORDER BY created_at, name
        """
      ).compactMap(StoredGuestSession.init(row:))
    }
  }

  private static func hasAccounts(_ connection: SQLiteConnection) throws -> Bool {
    try connection.queryOne("SELECT 1 AS found FROM users WHERE role != 'guest' LIMIT 1") != nil
  }
}
