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
        "SELECT id, username, role, password_hash, display_name, disabled FROM users WHERE username_key = $1",
        .text(usernameKey)
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
          SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, u.id, u.username, u.role, u.password_hash,
            u.display_name, u.disabled
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND u.disabled = 0
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

  public func accounts() async throws -> [StoredAccount] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT \(Self.accountColumns) FROM users u WHERE u.role != 'guest'
        ORDER BY \(connection.dialect.byteOrder("u.username_key"))
        """
      ).compactMap(StoredAccount.init(row:))
    }
  }

  public func account(id: Int) async throws -> StoredAccount? {
    try await access.read { try Self.account(id: id, $0) }
  }

  public func changeAccount(id: Int, role: Role?, disabled: Bool?) async throws -> (
    StoredAccount, endedSessions: [String]
  ) {
    try await access.write { connection in
      guard let before = try Self.account(id: id, connection)?.user else {
        throw CoreError(.notFound, "No such account")
      }
      let (newRole, newDisabled) = (role ?? before.role, disabled ?? before.disabled)
      let otherAdmins =
        try connection.queryOne(
          "SELECT COUNT(*) AS admins FROM users WHERE role = 'admin' AND disabled = 0 AND id != $1", StoreValue(id)
        )?.int("admins") ?? 0
      try LastAdminRule.check(before, role: newRole, disabled: newDisabled, otherAdmins: otherAdmins)
      try connection.execute(
        "UPDATE users SET role = $1, disabled = $2 WHERE id = $3", .text(newRole.rawValue),
        .integer(newDisabled ? 1 : 0), StoreValue(id))
      var ended: [String] = []
      if newRole != before.role || (newDisabled && !before.disabled) {
        ended = try connection.query("DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash", StoreValue(id))
          .compactMap { $0.string("token_hash") }
      }
      guard let after = try Self.account(id: id, connection) else { throw CoreError(.notFound, "No such account") }
      return (after, ended)
    }
  }

  public func setDisplayName(ofUser userID: Int, to name: String?) async throws {
    try await access.write { connection in
      try connection.execute("UPDATE users SET display_name = $1 WHERE id = $2", StoreValue(name), StoreValue(userID))
    }
  }

  public func policySettings() async throws -> [String: String] {
    try await access.read { connection in
      var settings: [String: String] = [:]
      for row in try connection.query("SELECT name, value FROM instance_settings") {
        if let name = row.string("name"), let value = row.string("value") { settings[name] = value }
      }
      return settings
    }
  }

  public func setPolicySettings(_ values: [String: String]) async throws {
    try await access.write { connection in
      for (name, value) in values.sorted(by: { $0.key < $1.key }) {
        try connection.execute(
          """
          INSERT INTO instance_settings (name, value) VALUES ($1, $2)
          ON CONFLICT (name) DO UPDATE SET value = excluded.value
          """, .text(name), .text(value))
      }
    }
  }

  /// What `StoredAccount(row:)` reads, from `users u`.
  private static var accountColumns: StoreSQL {
    """
    u.id, u.username, u.role, u.password_hash, u.display_name, u.disabled, u.created_at,
    (SELECT MAX(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at
    """
  }

  private static func account(id: Int, _ connection: Access.Connection) throws -> StoredAccount? {
    try connection.queryOne("SELECT \(accountColumns) FROM users u WHERE u.id = $1", StoreValue(id))
      .flatMap(StoredAccount.init(row:))
  }

  private static func hasAccounts(_ connection: Access.Connection) throws -> Bool {
    try connection.queryOne("SELECT 1 AS found FROM users WHERE role != 'guest' LIMIT 1") != nil
  }
}

extension Migration {
  /// Display names (an account's, and its chat messages' as written), disabled accounts and the
  /// instance's switches (one text for both backends).
  public static let accountAdmin = Migration(
    version: 32, name: "account_admin",
    sql: """
      ALTER TABLE users ADD COLUMN display_name TEXT;
      ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE room_chat ADD COLUMN display_name TEXT;
      CREATE TABLE instance_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      """)
}
