/// A stored account. Guests have none (see `StoredGuestSession`); the `guest` role stays for
/// accounts made by builds before that.
public struct StoredUser: Sendable, Equatable {
  public let id: Int
  public let username: String
  public let role: Role
  public let passwordHash: String?
  /// The name the person chose to be shown by; nil: their username.
  public let displayName: String?
  /// Set by an admin: the account cannot sign in, and has no sessions.
  public let disabled: Bool

  public init(
    id: Int, username: String, role: Role, passwordHash: String?, displayName: String? = nil, disabled: Bool = false
  ) {
    self.id = id
    self.username = username
    self.role = role
    self.passwordHash = passwordHash
    self.displayName = displayName
    self.disabled = disabled
  }
}

/// An account as the admin's list shows it.
public struct StoredAccount: Sendable, Equatable {
  public let user: StoredUser
  /// Seconds since 1970.
  public let createdAt: Int64
  /// When one of its sessions was last used (seconds); nil when it has none.
  public let lastSeenAt: Int64?

  public init(user: StoredUser, createdAt: Int64, lastSeenAt: Int64?) {
    self.user = user
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

public struct StoredSession: Sendable, Equatable {
  /// SHA-256 of the token; the token itself is never stored.
  public let tokenHash: String
  public let userID: Int
  public let createdAt: Int64
  public let lastSeenAt: Int64
  /// The app password an app signed in with (a gPodder client's session); revoking it ends the
  /// session.
  public let appPasswordID: String?

  public init(tokenHash: String, userID: Int, createdAt: Int64, lastSeenAt: Int64, appPasswordID: String? = nil) {
    self.tokenHash = tokenHash
    self.userID = userID
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
    self.appPasswordID = appPasswordID
  }
}

/// A guest: a session with a generated name and no account row, so a visitor costs one row that
/// goes when the session does.
public struct StoredGuestSession: Sendable, Equatable {
  /// SHA-256 of the token, as for account sessions.
  public let tokenHash: String
  public let name: String
  /// The client address that started it (the admin's list).
  public let address: String
  /// What the per-client limit counts by (`ClientAddress.limitKey`: an IPv6 client's /64).
  public let limitKey: String
  public let createdAt: Int64
  public let lastSeenAt: Int64

  public init(
    tokenHash: String, name: String, address: String, limitKey: String, createdAt: Int64, lastSeenAt: Int64
  ) {
    self.tokenHash = tokenHash
    self.name = name
    self.address = address
    self.limitKey = limitKey
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

/// What accounts need from storage (SQLite: BlastoiseStore; PostgreSQL: BlastoisePostgres).
public protocol AccountStore: Sendable {
  /// Creates an account; the first non-guest account is an admin regardless of `role`, decided in
  /// the same transaction — and refused (`.forbidden`) unless `firstAllowed`. A taken name is
  /// `.conflict`.
  func createUser(username: String, usernameKey: String, passwordHash: String?, role: Role, firstAllowed: Bool)
    async throws -> StoredUser
  func user(usernameKey: String) async throws -> StoredUser?
  /// Whether any account that is not a guest exists (else the next one is the admin).
  func hasAccounts() async throws -> Bool
  func createSession(_ session: StoredSession) async throws
  func session(tokenHash: String) async throws -> (StoredSession, StoredUser)?
  /// Marks sessions of either kind (account or guest) used at `time`.
  func touchSessions(tokenHashes: [String], at time: Int64) async throws
  /// Ends a session of either kind.
  func deleteSession(tokenHash: String) async throws
  /// Ends every session of `userID` except `keeping`; returns the ended sessions' hashes.
  func deleteSessions(ofUser userID: Int, keeping: String) async throws -> [String]
  /// The account's sessions, the one seen last first.
  func sessions(ofUser userID: Int) async throws -> [StoredSession]
  /// Sets the account's password hash and ends its sessions but `keeping`, in one transaction;
  /// returns the ended sessions' token hashes.
  func replacePassword(ofUser userID: Int, hash: String, keeping: String) async throws -> [String]
  /// Removes dead sessions of both kinds (guests idle since `guestLastSeenBefore`); returns
  /// their hashes.
  func deleteExpiredSessions(lastSeenBefore: Int64, createdBefore: Int64, guestLastSeenBefore: Int64) async throws
    -> [String]

  /// Stores a guest session and ends the oldest with the same `limitKey` beyond
  /// `limitPerAddress`; returns the ended ones' hashes. A taken name is `.conflict`.
  func createGuestSession(_ guest: StoredGuestSession, limitPerAddress: Int) async throws -> [String]
  func guestSession(tokenHash: String) async throws -> StoredGuestSession?
  /// Every guest session, oldest first.
  func guestSessions() async throws -> [StoredGuestSession]

  /// Every account but legacy guest rows, by name.
  func accounts() async throws -> [StoredAccount]
  func account(id: Int) async throws -> StoredAccount?
  /// An admin changes an account's role or disables it (nil: unchanged), in one transaction that
  /// keeps `LastAdminRule`. A changed role or a disabling ends the account's sessions; returns the
  /// account as it is now and the ended sessions' hashes. An unknown ID is `.notFound`.
  func changeAccount(id: Int, role: Role?, disabled: Bool?) async throws -> (StoredAccount, endedSessions: [String])
  /// Sets (nil: clears) the name the account is shown by.
  func setDisplayName(ofUser userID: Int, to name: String?) async throws

  /// The instance switches an admin set at run time (`InstancePolicy.storedNames`), by name.
  func policySettings() async throws -> [String: String]
  func setPolicySettings(_ values: [String: String]) async throws
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
