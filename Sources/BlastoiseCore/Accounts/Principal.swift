import BlastoiseProtocol

/// Who is behind a request: nobody, or a user/guest with a live session.
public struct Principal: Sendable, Equatable {
  public let userID: Int
  public let username: String
  public let role: Role
  /// The hash of the session token that authenticated this request.
  public let sessionID: String
  /// The name the person chose to be shown by; nil: their username.
  public let displayName: String?

  public init(userID: Int, username: String, role: Role, sessionID: String, displayName: String? = nil) {
    self.userID = userID
    self.username = username
    self.role = role
    self.sessionID = sessionID
    self.displayName = displayName
  }

  /// An account's principal, for the session (or app password) that authenticated it.
  init(_ user: StoredUser, sessionID: String) {
    self.init(
      userID: user.id, username: user.username, role: user.role, sessionID: sessionID, displayName: user.displayName)
  }

  /// A guest has no account: its user ID is 0, which no account row has (IDs start at 1) and
  /// which the seed's clients take for "no ID".
  public init(guest name: String, sessionID: String) {
    self.init(userID: 0, username: name, role: .guest, sessionID: sessionID)
  }

  /// Internal on purpose: outside Core, permissions are decided by `AccessPolicy.require` alone.
  func can(_ permission: Permission) -> Bool {
    Permission.granted(to: role).contains(permission)
  }

  /// Owners edit what they own; admins edit everything.
  public func mayEdit(ownedBy ownerID: Int?) -> Bool {
    role == .admin || (ownerID == userID && can(.create))
  }

  public var userInfo: UserInfo {
    UserInfo(
      id: userID, username: username, isAdmin: role == .admin, isGuest: role == .guest,
      permissions: Permission.permissions(for: role), displayName: displayName)
  }
}

/// The one place that decides whether a request may proceed.
public enum AccessPolicy {
  /// Nobody → 401 (sign in first); someone without the permission → 403.
  public static func require(_ permission: Permission, of principal: Principal?) throws(CoreError) -> Principal {
    guard let principal else { throw CoreError(.unauthenticated, "Sign in first") }
    guard principal.can(permission) else {
      throw CoreError(
        .forbidden, principal.role == .guest ? "Guests cannot do that" : "You do not have permission to do that")
    }
    return principal
  }
}
