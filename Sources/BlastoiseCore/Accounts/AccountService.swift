import BlastoiseProtocol
import Foundation
import Synchronization

/// Sign-up, sign-in, sessions and guests. Storage, hashing and tokens come in through protocols.
/// Every way a session ends — sign-out, expiry, kick-others, a guest pushed out by its address's
/// limit — is reported to `sessionsEnded`, so the server can close that session's sockets.
public final class AccountService: Sendable {
  /// A new session: the principal and the token to put in the cookie.
  public struct SignedIn: Sendable {
    public let principal: Principal
    public let token: String
  }

  /// Ended sessions (their IDs) and the reason their sockets are told.
  public typealias SessionsEnded = @Sendable (_ sessionIDs: [String], _ reason: String) -> Void

  let store: any AccountStore
  let appPasswords: any AppPasswordStore
  private let hasher: any PasswordHasher
  let tokens: any SessionTokens
  /// The switches given at start; an admin's choices over them are in the store (`policy()`).
  let defaultPolicy: InstancePolicy
  public let lifetime: SessionLifetime
  /// Live guest sessions one client (`ClientAddress.limitKey`) may hold; a new one ends its oldest.
  let guestLimitPerAddress: Int
  let now: @Sendable () -> Double
  private let throttle: LoginThrottle
  let log: @Sendable (String) -> Void
  let sessionsEnded: SessionsEnded
  /// Keeps app passwords' secrets readable to the server (for the Subsonic API's token
  /// authentication); without one only their hashes are kept.
  let sealer: (any SecretSealer)?
  /// Subsonic callers whose credentials were just checked (`VerifiedCallers`).
  public let verifiedCallers = VerifiedCallers()
  private let decoy = Mutex<String?>(nil)
  private let setupCode = Mutex<SetupCode?>(nil)

  public init(
    store: any AccountStore, appPasswords: any AppPasswordStore, hasher: any PasswordHasher, tokens: any SessionTokens,
    policy: InstancePolicy,
    lifetime: SessionLifetime = SessionLifetime(), guestLimitPerAddress: Int = 20,
    throttle: LoginThrottle, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
    log: @escaping @Sendable (String) -> Void = { _ in }, sessionsEnded: @escaping SessionsEnded = { _, _ in },
    sealer: (any SecretSealer)? = nil
  ) {
    self.store = store
    self.appPasswords = appPasswords
    self.hasher = hasher
    self.tokens = tokens
    self.defaultPolicy = policy
    self.lifetime = lifetime
    self.guestLimitPerAddress = guestLimitPerAddress
    self.now = now
    self.throttle = throttle
    self.log = log
    self.sessionsEnded = sessionsEnded
    self.sealer = sealer
  }

  /// While no account exists, makes the setup code and returns it for the log.
  public func prepareSetupCode() async throws -> String? {
    guard try await !store.hasAccounts() else { return nil }
    let code = SetupCode(value: String(tokens.newToken().prefix(16)))
    setupCode.withLock { $0 = code }
    return code.value
  }

  /// `fromOwnMachine`: the request came over loopback. The first account (the admin) is made
  /// only so or with the setup code.
  public func signUp(_ credentials: Credentials, fromOwnMachine: Bool) async throws -> SignedIn {
    guard try await policy().allowSignup else { throw CoreError(.forbidden, "Sign-up is closed on this server") }
    let firstAllowed = fromOwnMachine || setupCode.withLock { $0?.matches(credentials.setupCode) ?? false }
    let user = try await createAccount(credentials, role: .user, firstAllowed: firstAllowed)
    if user.role == .admin { setupCode.withLock { $0 = nil } }
    log("auth: account '\(user.username)' created (\(user.role.rawValue))")
    return try await startSession(for: user)
  }

  /// `blastoise user add`: works with sign-up closed.
  public func addUser(_ credentials: Credentials, admin: Bool) async throws -> StoredUser {
    try await createAccount(credentials, role: admin ? .admin : .user, firstAllowed: true)
  }

  /// Failures are throttled by the client's limit key (`ClientAddress`), logged with its address.
  public func logIn(_ credentials: Credentials, from client: ClientAddress) async throws -> SignedIn {
    try await startSession(for: verifiedUser(credentials, from: client))
  }

  /// The account whose name and password these are, checked and throttled as a sign-in is (an
  /// app's sign-in with the account's password goes through here too).
  func verifiedUser(_ credentials: Credentials, from client: ClientAddress) async throws -> StoredUser {
    let key = CredentialRules.key(for: credentials.username)
    try await refuseIfThrottled(key: key, from: client)
    return try await passwordOwner(credentials, key: key, from: client)
  }

  /// `verifiedUser` once the throttle has let the attempt through.
  func passwordOwner(_ credentials: Credentials, key: String, from client: ClientAddress) async throws -> StoredUser {
    let user = try await user(named: credentials.username)
    // Verify against a real hash even for unknown names, so timing does not reveal which exist.
    let hash: String
    if let stored = user?.passwordHash { hash = stored } else { hash = try await decoyHash() }
    var valid = false
    if credentials.password.utf8.count <= 1024 { valid = await hasher.verify(credentials.password, against: hash) }
    guard let user, valid, user.role != .guest else {
      try await recordFailure(key: key, from: client)
      throw CoreError(.unauthenticated, "Wrong username or password")
    }
    try await recordSuccess(key: key, from: client)
    try Self.refuseIfDisabled(user)
    return user
  }

  func recordSuccess(key: String, from client: ClientAddress) async throws {
    try await throttle.recordSuccess(address: client.limitKey, usernameKey: key)
  }

  func recordFailure(key: String, from client: ClientAddress) async throws {
    try await throttle.recordFailure(address: client.limitKey, usernameKey: key, now: now())
    log("auth: failed sign-in for '\(key.prefix(32))' from \(client.address)")
  }

  func refuseIfThrottled(key: String, from client: ClientAddress) async throws {
    if let wait = try await throttle.retryAfter(address: client.limitKey, usernameKey: key, now: now()) {
      log("auth: sign-in throttled for '\(key.prefix(32))' from \(client.address)")
      throw CoreError(.rateLimited(retryAfterSeconds: wait), "Too many failed sign-ins; try again in \(wait) s")
    }
  }

  /// The principal for a cookie token, or nil when the token is unknown or its session expired.
  public func principal(forToken token: String) async throws -> Principal? {
    try await principal(forSession: tokens.hash(token))
  }

  /// Whether the session behind a principal (a socket's, checked when it acts) is still alive.
  /// A dead one is ended, so its sockets close.
  public func isLive(_ session: Principal) async throws -> Bool {
    try await livePrincipal(session) != nil
  }

  /// The principal behind a socket's session as it is now (a display name changed since the
  /// socket opened), or nil when the session ended (it is then ended, so its sockets close).
  public func livePrincipal(_ session: Principal) async throws -> Principal? {
    try await principal(forSession: session.sessionID)
  }

  public func logOut(_ principal: Principal) async throws {
    try await store.deleteSession(tokenHash: principal.sessionID)
    sessionsEnded([principal.sessionID], "Signed out")
  }

  /// Ends the user's other sessions (a guest has no others); returns how many.
  public func endOtherSessions(of principal: Principal) async throws -> Int {
    guard principal.role != .guest else { return 0 }
    let ended = try await store.deleteSessions(ofUser: principal.userID, keeping: principal.sessionID)
    sessionsEnded(ended, "Kicked by another session")
    return ended.count
  }

  /// Changes the signed-in person's password: the current one checked (and throttled) as a
  /// sign-in is, the new one by the rules. Their other sessions end, this one stays; app
  /// passwords stay (each is its own secret). Returns how many sessions ended.
  public func changePassword(_ change: PasswordChange, of principal: Principal, from client: ClientAddress)
    async throws -> Int
  {
    guard principal.role != .guest else { throw CoreError(.forbidden, "A guest has no password") }
    try CredentialRules.password(change.newPassword)
    let user: StoredUser
    do {
      user = try await verifiedUser(
        Credentials(username: principal.username, password: change.currentPassword), from: client)
    } catch let error as CoreError where error.code == .unauthenticated {
      throw CoreError(.forbidden, "The current password is wrong")
    }
    guard user.id == principal.userID else { throw CoreError(.forbidden, "The current password is wrong") }
    let ended = try await store.replacePassword(
      ofUser: user.id, hash: try await hasher.hash(change.newPassword), keeping: principal.sessionID)
    // An app that sent the old password (`p=`) is not taken as verified any more.
    verifiedCallers.forgetAll()
    sessionsEnded(ended, "Password changed")
    log("auth: '\(principal.username.prefix(32))' changed their password; \(ended.count) other session(s) ended")
    return ended.count
  }

  /// Where the person is signed in (a guest is only here). A session's `id` is the start of its
  /// token's hash: enough to name it among one's own, nothing to sign in with.
  public func sessions(of principal: Principal) async throws -> SessionList {
    guard principal.role != .guest else { throw CoreError(.forbidden, "A guest has only this session") }
    let apps = Dictionary(
      try await appPasswords.list(userID: principal.userID).map { ($0.id, $0.name) },
      uniquingKeysWith: { first, _ in first })
    return SessionList(
      sessions: try await store.sessions(ofUser: principal.userID).map { session in
        SessionList.Entry(
          id: Self.sessionName(session.tokenHash), createdAt: session.createdAt, lastSeenAt: session.lastSeenAt,
          current: session.tokenHash == principal.sessionID, app: session.appPasswordID.flatMap { apps[$0] })
      })
  }

  /// Signs one of the person's sessions out (its sockets close); this one too, when named.
  public func endSession(named name: String, of principal: Principal) async throws {
    guard principal.role != .guest else { throw CoreError(.forbidden, "A guest has only this session") }
    guard
      let session = try await store.sessions(ofUser: principal.userID).first(where: {
        Self.sessionName($0.tokenHash) == name
      })
    else { throw CoreError(.notFound, "No such session") }
    try await store.deleteSession(tokenHash: session.tokenHash)
    sessionsEnded([session.tokenHash], "Signed out from another session")
  }

  static func sessionName(_ tokenHash: String) -> String { String(tokenHash.prefix(16)) }

  /// Sessions with an open socket are in use though they send no requests.
  public func markInUse(_ sessionIDs: [String]) async throws {
    try await store.touchSessions(tokenHashes: sessionIDs, at: Int64(now()))
  }

  /// Failed sign-ins that have left the throttle's window are removed; returns how many.
  public func forgetOldSignInFailures() async throws -> Int {
    try await throttle.forgetOld(now: now())
  }

  public func purgeExpiredSessions() async throws -> Int {
    let time = Int64(now())
    let ended = try await store.deleteExpiredSessions(
      lastSeenBefore: time - lifetime.idleSeconds, createdBefore: time - lifetime.absoluteSeconds,
      guestLastSeenBefore: time - lifetime.guestIdleSeconds)
    sessionsEnded(ended, "Your session has ended")
    return ended.count
  }

  private func principal(forSession hash: String) async throws -> Principal? {
    if let (session, user) = try await store.session(tokenHash: hash) {
      guard try await keepAlive(hash, createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, guest: false)
      else { return nil }
      return Principal(user, sessionID: hash)
    }
    guard let guest = try await store.guestSession(tokenHash: hash),
      try await keepAlive(hash, createdAt: guest.createdAt, lastSeenAt: guest.lastSeenAt, guest: true)
    else { return nil }
    return Principal(guest: guest.name, sessionID: hash)
  }

  /// Ends an expired session (false), or records its use now and then (true).
  private func keepAlive(_ hash: String, createdAt: Int64, lastSeenAt: Int64, guest: Bool) async throws -> Bool {
    let time = Int64(now())
    guard lifetime.isAlive(createdAt: createdAt, lastSeenAt: lastSeenAt, now: time, guest: guest) else {
      try await store.deleteSession(tokenHash: hash)
      sessionsEnded([hash], "Your session has ended")
      return false
    }
    if lifetime.needsTouch(lastSeenAt: lastSeenAt, now: time) {
      try await store.touchSessions(tokenHashes: [hash], at: time)
    }
    return true
  }

  /// The account for a name as typed, also under the key earlier builds stored.
  /// The account of this name (as sign-in finds it), or nil.
  public func user(named name: String) async throws -> StoredUser? {
    let (key, legacy) = (CredentialRules.key(for: name), CredentialRules.legacyKey(for: name))
    if let user = try await store.user(usernameKey: key) { return user }
    return legacy == key ? nil : try await store.user(usernameKey: legacy)
  }

  /// Who may come in now: the start's switches with an admin's choices over them.
  public func policy() async throws -> InstancePolicy {
    InstancePolicy(defaults: defaultPolicy, stored: try await store.policySettings())
  }

  /// A disabled account is told so once its password was right (a wrong one says only that).
  static func refuseIfDisabled(_ user: StoredUser) throws(CoreError) {
    guard !user.disabled else { throw CoreError(.forbidden, "This account is disabled; ask an admin") }
  }

  func createAccount(_ credentials: Credentials, role: Role, firstAllowed: Bool) async throws -> StoredUser {
    let (display, key) = try CredentialRules.username(credentials.username)
    guard !key.hasPrefix("guest-") else { throw CoreError.invalid("Usernames starting with 'guest-' are reserved") }
    try CredentialRules.password(credentials.password)
    if try await user(named: display) != nil { throw CoreError(.conflict, "That username is taken") }
    let hash = try await hasher.hash(credentials.password)
    return try await store.createUser(
      username: display, usernameKey: key, passwordHash: hash, role: role, firstAllowed: firstAllowed)
  }

  func startSession(for user: StoredUser, appPasswordID: String? = nil) async throws -> SignedIn {
    let token = tokens.newToken()
    let time = Int64(now())
    let hash = tokens.hash(token)
    try await store.createSession(
      StoredSession(tokenHash: hash, userID: user.id, createdAt: time, lastSeenAt: time, appPasswordID: appPasswordID))
    return SignedIn(principal: Principal(user, sessionID: hash), token: token)
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
