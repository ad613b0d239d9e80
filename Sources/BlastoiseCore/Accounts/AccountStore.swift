/// A stored account. Guests are accounts too (with a generated name and no password), so every
/// session, listener name and ownership points at one kind of row.
public struct StoredUser: Sendable, Equatable {
  public let id: Int
  public let username: String
  public let role: Role
  public let passwordHash: String?

  public init(id: Int, username: String, role: Role, passwordHash: String?) {
    self.id = id
    self.username = username
    self.role = role
    self.passwordHash = passwordHash
  }
}

public struct StoredSession: Sendable, Equatable {
  /// SHA-256 of the token; the token itself is never stored.
  public let tokenHash: String
  public let userID: Int
  public let createdAt: Int64
  public let lastSeenAt: Int64

  public init(tokenHash: String, userID: Int, createdAt: Int64, lastSeenAt: Int64) {
    self.tokenHash = tokenHash
    self.userID = userID
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

/// What accounts need from storage. Implemented by BlastoiseStore on SQLite.
public protocol AccountStore: Sendable {
  /// Creates an account; the first non-guest account is an admin regardless of `role`, decided in
  /// the same transaction. A taken name is `.conflict`.
  func createUser(username: String, usernameKey: String, passwordHash: String?, role: Role) async throws -> StoredUser
  func user(usernameKey: String) async throws -> StoredUser?
  func createSession(_ session: StoredSession) async throws
  func session(tokenHash: String) async throws -> (StoredSession, StoredUser)?
  func touchSession(tokenHash: String, at time: Int64) async throws
  func deleteSession(tokenHash: String) async throws
  /// Ends every session of `userID` except `keeping`; returns the ended sessions' hashes.
  func deleteSessions(ofUser userID: Int, keeping: String) async throws -> [String]
  /// Removes dead sessions and guest accounts left without one; returns how many sessions.
  func deleteExpiredSessions(lastSeenBefore: Int64, createdBefore: Int64) async throws -> Int
}

/// Password hashing (argon2id on the server); slow on purpose, so async.
public protocol PasswordHasher: Sendable {
  func hash(_ password: String) async throws -> String
  func verify(_ password: String, against hash: String) async -> Bool
}

/// Session tokens: unguessable, and hashed before they touch storage.
public protocol SessionTokens: Sendable {
  func newToken() -> String
  func hash(_ token: String) -> String
}
