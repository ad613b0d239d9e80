import BlastoiseProtocol

/// What admins do with accounts and the instance's switches, and what each person sets about
/// themselves. Every call checks its caller's permission itself (routes check too).
extension AccountService {
  public func accountList(by admin: Principal) async throws -> [StoredAccount] {
    _ = try AccessPolicy.require(.administer, of: admin)
    return try await store.accounts()
  }

  /// An admin makes an account, by the sign-up rules, also while sign-up is closed.
  public func createAccount(_ new: NewAccount, by admin: Principal) async throws -> StoredAccount {
    _ = try AccessPolicy.require(.administer, of: admin)
    let role = try Self.assignableRole(new.role ?? Role.user.rawValue)
    let user = try await createAccount(
      Credentials(username: new.username, password: new.password), role: role, firstAllowed: true)
    log("auth: '\(admin.username.prefix(32))' created the account '\(user.username)' (\(user.role.rawValue))")
    guard let account = try await store.account(id: user.id) else { throw CoreError(.notFound, "No such account") }
    return account
  }

  /// An admin changes an account's role or disables it. Its sessions end when its role changes
  /// (a socket keeps the role it opened with) or it is disabled. One cannot disable oneself, and
  /// the last admin stays one (`LastAdminRule`).
  public func changeAccount(id: Int, _ change: AccountChange, by admin: Principal) async throws -> StoredAccount {
    _ = try AccessPolicy.require(.administer, of: admin)
    let role = try change.role.map(Self.assignableRole)
    if change.disabled == true && id == admin.userID {
      throw CoreError(.forbidden, "You cannot disable your own account")
    }
    let (account, ended) = try await store.changeAccount(id: id, role: role, disabled: change.disabled)
    sessionsEnded(ended, account.user.disabled ? "Your account was disabled" : "Your role changed; sign in again")
    log(
      "auth: '\(admin.username.prefix(32))' changed '\(account.user.username)': \(account.user.role.rawValue)"
        + (account.user.disabled ? ", disabled" : ""))
    return account
  }

  /// An admin turns guests or sign-up on or off for every node. Turning guests off ends the
  /// guest sessions there are.
  public func changePolicy(_ change: PolicyChange, by admin: Principal) async throws -> InstancePolicy {
    _ = try AccessPolicy.require(.administer, of: admin)
    var policy = try await policy()
    policy.allowGuests = change.allowGuests ?? policy.allowGuests
    policy.allowSignup = change.allowSignup ?? policy.allowSignup
    try await store.setPolicySettings(policy.storedValues)
    if !policy.allowGuests {
      let guests = try await store.guestSessions().map(\.tokenHash)
      for hash in guests { try await store.deleteSession(tokenHash: hash) }
      sessionsEnded(guests, "Guests are no longer allowed on this server")
    }
    log("auth: '\(admin.username.prefix(32))' set guests \(policy.allowGuests), sign-up \(policy.allowSignup)")
    return policy
  }

  /// The signed-in person names how others see them (nil or empty: by their username).
  public func setDisplayName(_ raw: String?, of principal: Principal) async throws -> Principal {
    guard principal.role != .guest else { throw CoreError(.forbidden, "A guest has no profile; sign up for one") }
    let name = try raw.flatMap(DisplayNameRule.displayName)
    try await store.setDisplayName(ofUser: principal.userID, to: name)
    return Principal(
      userID: principal.userID, username: principal.username, role: principal.role, sessionID: principal.sessionID,
      displayName: name)
  }

  /// The roles an admin gives: `admin` or `user` (guests have no accounts).
  static func assignableRole(_ name: String) throws(CoreError) -> Role {
    guard let role = Role(rawValue: name), role != .guest else {
      throw CoreError.invalid("A role is \"admin\" or \"user\"")
    }
    return role
  }
}
