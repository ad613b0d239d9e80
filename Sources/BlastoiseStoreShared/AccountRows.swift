import BlastoiseCore

// Accounts as both backends' `users`, `sessions` and `guest_sessions` columns hold them.

extension StoredUser {
  /// From `id, username, role, password_hash` (and `display_name, disabled` when selected); nil
  /// when one of the first is missing or invalid.
  public init?(row: StoreRow) {
    guard let id = row.int("id"), let name = row.string("username"), let role = row.string("role").flatMap(Role.init)
    else { return nil }
    self.init(
      id: id, username: name, role: role, passwordHash: row.string("password_hash"),
      displayName: row.string("display_name"), disabled: (row.int("disabled") ?? 0) != 0)
  }
}

extension StoredAccount {
  /// From the user's columns, `created_at` and `last_seen_at` (null: no session).
  public init?(row: StoreRow) {
    guard let user = StoredUser(row: row), let created = row.int64("created_at") else { return nil }
    self.init(user: user, createdAt: created, lastSeenAt: row.int64("last_seen_at"))
  }
}

extension StoredSession {
  /// From `token_hash, user_id, created_at, last_seen_at` (and `app_password_id` when selected).
  public init?(row: StoreRow) {
    guard let hash = row.string("token_hash"), let user = row.int("user_id"), let created = row.int64("created_at"),
      let seen = row.int64("last_seen_at")
    else { return nil }
    self.init(
      tokenHash: hash, userID: user, createdAt: created, lastSeenAt: seen, appPasswordID: row.string("app_password_id"))
  }
}

extension StoredGuestSession {
  /// From `token_hash, name, address, limit_key, created_at, last_seen_at`.
  public init?(row: StoreRow) {
    guard let hash = row.string("token_hash"), let name = row.string("name"), let address = row.string("address"),
      let limitKey = row.string("limit_key"), let created = row.int64("created_at"),
      let seen = row.int64("last_seen_at")
    else { return nil }
    self.init(
      tokenHash: hash, name: name, address: address, limitKey: limitKey, createdAt: created, lastSeenAt: seen)
  }
}
