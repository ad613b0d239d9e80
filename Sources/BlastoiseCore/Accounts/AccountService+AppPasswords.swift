import BlastoiseProtocol
import Foundation

/// App passwords: a person makes one per app, names it and revokes it; an app signs in with the
/// account's name and either an app password or the account's own password (HTTP Basic on the
/// gPodder API), throttled as a sign-in is, and gets a session of its own.
extension AccountService {
  static let appPasswordNameLimit = 100
  /// At most this many per account.
  static let appPasswordLimit = 50
  /// A use is recorded at most this often (ms), so an app's every request is not a write.
  static let appPasswordUseInterval: Int64 = 60_000

  public func createAppPassword(named name: String, for principal: Principal) async throws -> CreatedAppPassword {
    let userID = try owner(principal)
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count <= Self.appPasswordNameLimit,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw CoreError.invalid("An app password's name is 1 to \(Self.appPasswordNameLimit) characters") }
    guard try await appPasswords.list(userID: userID).count < Self.appPasswordLimit else {
      throw CoreError(.conflict, "An account has at most \(Self.appPasswordLimit) app passwords; revoke one first")
    }
    let secret = tokens.newToken()
    let stored = StoredAppPassword(
      id: String(tokens.newToken().prefix(16)), userID: userID, name: trimmed, secretHash: tokens.hash(secret),
      createdAt: milliseconds(), sealedSecret: sealer?.seal(secret))
    try await appPasswords.create(stored)
    return CreatedAppPassword(appPassword: stored.info, password: secret)
  }

  public func appPasswordList(of principal: Principal) async throws -> AppPasswordList {
    AppPasswordList(appPasswords: try await appPasswords.list(userID: owner(principal)).map(\.info))
  }

  /// The sessions apps made with it end with it.
  public func revokeAppPassword(id: String, of principal: Principal) async throws {
    guard try await appPasswords.delete(id: id, userID: owner(principal)) else {
      throw CoreError(.notFound, "No such app password")
    }
    verifiedCallers.forgetAll()
  }

  /// A session for an app that signed in with the account's name and an app password of it, or
  /// its password (checked and throttled as a sign-in). A session made with an app password ends
  /// when that is revoked.
  public func appSession(_ credentials: Credentials, from client: ClientAddress) async throws -> SignedIn {
    let key = CredentialRules.key(for: credentials.username)
    try await refuseIfThrottled(key: key, from: client)
    if let (password, owner) = try await appPasswordOwner(credentials, key: key, from: client) {
      return try await startSession(for: owner, appPasswordID: password.id)
    }
    return try await startSession(for: passwordOwner(credentials, key: key, from: client))
  }

  /// A Subsonic API caller, who sends credentials with every request and keeps no session: the
  /// account's name and an app password of it, or its password (checked and throttled as a
  /// sign-in). `sessionID` names the app password or the account, not a session.
  public func subsonicCaller(_ credentials: Credentials, from client: ClientAddress) async throws -> Principal {
    let key = CredentialRules.key(for: credentials.username)
    try await refuseIfThrottled(key: key, from: client)
    if let (password, owner) = try await appPasswordOwner(credentials, key: key, from: client) {
      return Principal(owner, sessionID: "app:" + password.id)
    }
    let owner = try await passwordOwner(credentials, key: key, from: client)
    return Principal(owner, sessionID: "account:\(owner.id)")
  }

  /// A Subsonic API caller by an API key: one of their app passwords alone. Nil for an unknown key.
  public func subsonicCaller(apiKey: String) async throws -> Principal? {
    guard apiKey.utf8.count <= 1024,
      let (password, owner) = try await appPasswords.find(secretHash: tokens.hash(apiKey)), !owner.disabled
    else { return nil }
    try await noteUse(of: password)
    return Principal(owner, sessionID: "app:" + password.id)
  }

  /// A Subsonic API caller by token (`t = md5(secret + salt)`): the account named and one of its
  /// app passwords whose secret `secretMatches`, throttled as a sign-in. The account's own
  /// password is never kept readable, so it cannot be used this way.
  public func subsonicCaller(
    username: String, from client: ClientAddress, secretMatches: (String) -> Bool
  ) async throws -> Principal {
    let key = CredentialRules.key(for: username)
    try await refuseIfThrottled(key: key, from: client)
    if let sealer, let owner = try await user(named: username), !owner.disabled {
      for password in try await appPasswords.list(userID: owner.id) {
        guard let sealed = password.sealedSecret, let secret = sealer.open(sealed), secretMatches(secret) else {
          continue
        }
        try await recordSuccess(key: key, from: client)
        try await noteUse(of: password)
        return Principal(owner, sessionID: "app:" + password.id)
      }
    }
    try await recordFailure(key: key, from: client)
    throw CoreError(
      .unauthenticated,
      "Wrong username or token: a token is made from an app password (make one in the web app), not the account's password"
    )
  }

  /// The app password `credentials` carry and its account, when they carry one; a name that is
  /// not its account's is a failed sign-in.
  private func appPasswordOwner(_ credentials: Credentials, key: String, from client: ClientAddress) async throws
    -> (StoredAppPassword, StoredUser)?
  {
    guard credentials.password.utf8.count <= 1024,
      let (password, owner) = try await appPasswords.find(secretHash: tokens.hash(credentials.password))
    else { return nil }
    guard let named = try await user(named: credentials.username), named.id == owner.id else {
      try await recordFailure(key: key, from: client)
      throw CoreError(.unauthenticated, "Wrong username or password")
    }
    try await recordSuccess(key: key, from: client)
    try Self.refuseIfDisabled(owner)
    try await noteUse(of: password)
    return (password, owner)
  }

  private func noteUse(of password: StoredAppPassword) async throws {
    let time = milliseconds()
    if time - (password.lastUsedAt ?? 0) >= Self.appPasswordUseInterval {
      try await appPasswords.markUsed(id: password.id, at: time)
    }
  }

  private func owner(_ principal: Principal) throws -> Int {
    guard principal.role != .guest else { throw CoreError(.forbidden, "Guests have no app passwords") }
    return principal.userID
  }

  private func milliseconds() -> Int64 { Int64((now() * 1000).rounded()) }
}
