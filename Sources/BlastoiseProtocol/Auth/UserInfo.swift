/// A signed-in user or guest (`UserSession` in the seed's iOS client).
public struct UserInfo: Codable, Sendable, Equatable {
  public var id: Int
  public var username: String
  public var isAdmin: Bool
  public var isGuest: Bool
  public var permissions: [PermissionGrant]
  /// Additive: the name the person chose to be shown by (absent: the username).
  public var displayName: String?

  public init(
    id: Int, username: String, isAdmin: Bool, isGuest: Bool, permissions: [PermissionGrant],
    displayName: String? = nil
  ) {
    self.id = id
    self.username = username
    self.isAdmin = isAdmin
    self.isGuest = isGuest
    self.permissions = permissions
    self.displayName = displayName
  }
}

/// The answer of `me`, `login` and `signup`: `{ "user": {...} | null, "permissions": [...] }`.
public struct AuthEnvelope: Codable, Sendable, Equatable {
  public var user: UserInfo?
  public var permissions: [PermissionGrant]

  public init(user: UserInfo?) {
    self.user = user
    permissions = user?.permissions ?? []
  }

  enum CodingKeys: String, CodingKey { case user, permissions }

  /// `user` is written as `null` when nobody is signed in, never left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(user, forKey: .user)
    try container.encode(permissions, forKey: .permissions)
  }
}
