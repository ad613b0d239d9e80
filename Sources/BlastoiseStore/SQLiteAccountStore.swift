import BlastoiseCore
import Foundation

/// Accounts and sessions in SQLite.
public struct SQLiteAccountStore: AccountStore {
  let access: SQLiteAccess

  public func createUser(username: String, usernameKey: String, passwordHash: String?, role: Role) async throws
    -> StoredUser
  {
    do {
      return try await access.write { connection in
        var effectiveRole = role
        if role != .guest,
          try connection.queryOne("SELECT 1 AS found FROM users WHERE role != 'guest' LIMIT 1") == nil
        {
          effectiveRole = .admin
        }
        try connection.execute(
          "INSERT INTO users (username, username_key, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)",
          .text(username), .text(usernameKey), SQLiteValue(passwordHash), .text(effectiveRole.rawValue),
          .integer(Int64(Date().timeIntervalSince1970)))
        return StoredUser(
          id: Int(connection.lastInsertRowID), username: username, role: effectiveRole, passwordHash: passwordHash)
      }
    } catch let error as CoreError where error.code == .conflict {
      throw CoreError(.conflict, "That username is taken")  // the one unique key a new user can hit
    }
  }

  public func user(usernameKey: String) async throws -> StoredUser? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT id, username, role, password_hash FROM users WHERE username_key = ?", .text(usernameKey)
      ).flatMap(Self.user)
    }
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
        let user = Self.user(row), let created = row.int64("created_at"), let seen = row.int64("last_seen_at")
      else { return nil }
      return (StoredSession(tokenHash: tokenHash, userID: user.id, createdAt: created, lastSeenAt: seen), user)
    }
  }

  public func touchSession(tokenHash: String, at time: Int64) async throws {
    try await access.write { connection in
      try connection.execute(
        "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?", .integer(time), .text(tokenHash))
    }
  }

  public func deleteSession(tokenHash: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM sessions WHERE token_hash = ?", .text(tokenHash))
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

  public func deleteExpiredSessions(lastSeenBefore: Int64, createdBefore: Int64) async throws -> Int {
    try await access.write { connection in
      try connection.execute(
        "DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?", .integer(lastSeenBefore),
        .integer(createdBefore))
      let count = connection.changes
      try connection.execute(
        "DELETE FROM users WHERE role = 'guest' AND NOT EXISTS (SELECT 1 FROM sessions WHERE user_id = users.id)")
      return count
    }
  }

  private static func user(_ row: SQLiteRow) -> StoredUser? {
    guard let id = row.int("id"), let name = row.string("username"), let role = row.string("role").flatMap(Role.init)
    else { return nil }
    return StoredUser(id: id, username: name, role: role, passwordHash: row.string("password_hash"))
  }
}
