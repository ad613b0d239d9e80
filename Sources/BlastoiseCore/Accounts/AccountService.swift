import BlastoiseProtocol
import Foundation
import Synchronization

/// Sign-up, sign-in, sessions and guests. Storage, hashing and tokens come in through protocols.
public final class AccountService: Sendable {
  /// A new session: the principal and the token to put in the cookie.
  public struct SignedIn: Sendable {
    public let principal: Principal
    public let token: String
  }

  private let store: any AccountStore
  private let hasher: any PasswordHasher
  private let tokens: any SessionTokens
  private let policy: InstancePolicy
  public let lifetime: SessionLifetime
  private let now: @Sendable () -> Double
  private let throttle: Mutex<LoginThrottle>
  private let log: @Sendable (String) -> Void
  private let decoy = Mutex<String?>(nil)

  public init(
    store: any AccountStore, hasher: any PasswordHasher, tokens: any SessionTokens, policy: InstancePolicy,
    lifetime: SessionLifetime = SessionLifetime(), throttle: LoginThrottle = LoginThrottle(),
    now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.store = store
    self.hasher = hasher
    self.tokens = tokens
    self.policy = policy
    self.lifetime = lifetime
    self.now = now
    self.throttle = Mutex(throttle)
    self.log = log
  }

  public func signUp(_ credentials: Credentials) async throws -> SignedIn {
    guard policy.allowSignup else { throw CoreError(.forbidden, "Sign-up is closed on this server") }
    let user = try await createAccount(credentials, role: .user)
    log("auth: account '\(user.username)' created (\(user.role.rawValue))")
    return try await startSession(for: user)
  }

  /// `blastoise user add`: works with sign-up closed.
  public func addUser(_ credentials: Credentials, admin: Bool) async throws -> StoredUser {
    try await createAccount(credentials, role: admin ? .admin : .user)
  }

  public func logIn(_ credentials: Credentials, from address: String) async throws -> SignedIn {
    let key = CredentialRules.key(for: credentials.username)
    if let wait = throttle.withLock({ $0.retryAfter(address: address, usernameKey: key, now: now()) }) {
      log("auth: sign-in throttled for '\(key.prefix(32))' from \(address)")
      throw CoreError(.rateLimited(retryAfterSeconds: wait), "Too many failed sign-ins; try again in \(wait) s")
    }
    let user = try await store.user(usernameKey: key)
    // Verify against a real hash even for unknown names, so timing does not reveal which exist.
    let hash: String
    if let stored = user?.passwordHash { hash = stored } else { hash = try await decoyHash() }
    var valid = false
    if credentials.password.utf8.count <= 1024 { valid = await hasher.verify(credentials.password, against: hash) }
    guard let user, valid, user.role != .guest else {
      throttle.withLock { $0.recordFailure(address: address, usernameKey: key, now: now()) }
      log("auth: failed sign-in for '\(key.prefix(32))' from \(address)")
      throw CoreError(.unauthenticated, "Wrong username or password")
    }
    throttle.withLock { $0.recordSuccess(address: address, usernameKey: key) }
    return try await startSession(for: user)
  }

  /// A visitor without a session becomes a guest when the server allows guests.
  public func startGuestSession() async throws -> SignedIn {
    guard policy.allowGuests else { throw CoreError(.forbidden, "Guests are not allowed on this server") }
    for _ in 0..<5 {
      let name = "guest-" + String(tokens.newToken().filter(\.isLetter).prefix(6)).lowercased()
      do {
        let user = try await store.createUser(username: name, usernameKey: name, passwordHash: nil, role: .guest)
        return try await startSession(for: user)
      } catch let error as CoreError where error.code == .conflict {
        continue
      }
    }
    throw CoreError(.unavailable, "Could not create a guest session")
  }

  /// The principal for a cookie token, or nil when the token is unknown or its session expired.
  public func principal(forToken token: String) async throws -> Principal? {
    let hash = tokens.hash(token)
    guard let (session, user) = try await store.session(tokenHash: hash) else { return nil }
    let time = Int64(now())
    guard lifetime.isAlive(createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, now: time) else {
      try await store.deleteSession(tokenHash: hash)
      return nil
    }
    if lifetime.needsTouch(lastSeenAt: session.lastSeenAt, now: time) {
      try await store.touchSession(tokenHash: hash, at: time)
    }
    return Principal(userID: user.id, username: user.username, role: user.role, sessionID: hash)
  }

  public func logOut(_ principal: Principal) async throws {
    try await store.deleteSession(tokenHash: principal.sessionID)
  }

  /// Ends the user's other sessions; returns their IDs so their sockets can be told.
  public func endOtherSessions(of principal: Principal) async throws -> [String] {
    try await store.deleteSessions(ofUser: principal.userID, keeping: principal.sessionID)
  }

  public func purgeExpiredSessions() async throws -> Int {
    let time = Int64(now())
    return try await store.deleteExpiredSessions(
      lastSeenBefore: time - lifetime.idleSeconds, createdBefore: time - lifetime.absoluteSeconds)
  }

  private func createAccount(_ credentials: Credentials, role: Role) async throws -> StoredUser {
    let (display, key) = try CredentialRules.username(credentials.username)
    guard !key.hasPrefix("guest-") else { throw CoreError.invalid("Usernames starting with 'guest-' are reserved") }
    try CredentialRules.password(credentials.password)
    if try await store.user(usernameKey: key) != nil { throw CoreError(.conflict, "That username is taken") }
    let hash = try await hasher.hash(credentials.password)
    return try await store.createUser(username: display, usernameKey: key, passwordHash: hash, role: role)
  }

  private func startSession(for user: StoredUser) async throws -> SignedIn {
    let token = tokens.newToken()
    let time = Int64(now())
    let hash = tokens.hash(token)
    try await store.createSession(StoredSession(tokenHash: hash, userID: user.id, createdAt: time, lastSeenAt: time))
    return SignedIn(
      principal: Principal(userID: user.id, username: user.username, role: user.role, sessionID: hash), token: token)
  }

  /// A real hash of a random password (made once, with the same cost), verified against for
  /// unknown usernames.
  private func decoyHash() async throws -> String {
    if let hash = decoy.withLock({ $0 }) { return hash }
    let hash = try await hasher.hash(tokens.newToken())
    decoy.withLock { $0 = hash }
    return hash
  }
}
