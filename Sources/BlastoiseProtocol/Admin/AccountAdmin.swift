/// `GET /api/admin/users` (and the answer of creating or changing one): an account as an admin
/// manages it.
public struct AccountInfo: Codable, Sendable, Equatable {
  public var id: Int
  public var username: String
  /// What others see instead of the username, when the person chose one.
  public var displayName: String?
  /// `admin` or `user`.
  public var role: String
  /// A disabled account cannot sign in (its sessions ended when it was disabled).
  public var disabled: Bool
  /// Seconds since the epoch.
  public var createdAt: Int64
  /// When one of its sessions was last used (seconds); absent when it has none.
  public var lastSeenAt: Int64?

  public init(
    id: Int, username: String, displayName: String?, role: String, disabled: Bool, createdAt: Int64,
    lastSeenAt: Int64?
  ) {
    self.id = id
    self.username = username
    self.displayName = displayName
    self.role = role
    self.disabled = disabled
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

/// `POST /api/admin/users`: an admin makes an account (also while sign-up is closed).
public struct NewAccount: Codable, Sendable, Equatable {
  public var username: String
  public var password: String
  /// `user` (the default) or `admin`.
  public var role: String?

  public init(username: String, password: String, role: String? = nil) {
    self.username = username
    self.password = password
    self.role = role
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case username, password, role }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    username = try container.decode(String.self, forKey: .username)
    password = try container.decode(String.self, forKey: .password)
    role = try container.decodeIfPresent(String.self, forKey: .role)
  }
}

/// `PATCH /api/admin/users/:id`: what to change; an absent field stays as it is.
public struct AccountChange: Codable, Sendable, Equatable {
  /// `user` or `admin`.
  public var role: String?
  public var disabled: Bool?

  public init(role: String? = nil, disabled: Bool? = nil) {
    self.role = role
    self.disabled = disabled
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case role, disabled }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    role = try container.decodeIfPresent(String.self, forKey: .role)
    disabled = try container.decodeIfPresent(Bool.self, forKey: .disabled)
  }
}

/// `PATCH /api/admin/server`: the switches to change now; an absent one stays as it is.
public struct PolicyChange: Codable, Sendable, Equatable {
  public var allowGuests: Bool?
  public var allowSignup: Bool?

  public init(allowGuests: Bool? = nil, allowSignup: Bool? = nil) {
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case allowGuests, allowSignup }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    allowGuests = try container.decodeIfPresent(Bool.self, forKey: .allowGuests)
    allowSignup = try container.decodeIfPresent(Bool.self, forKey: .allowSignup)
  }
}

/// `PATCH /api/auth/me`: the signed-in person's profile. An empty or null `displayName` clears it.
public struct ProfileChange: Codable, Sendable, Equatable {
  public var displayName: String?

  public init(displayName: String?) { self.displayName = displayName }

  enum CodingKeys: String, CodingKey, CaseIterable { case displayName }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.contains(.displayName) else {
      throw DecodingError.keyNotFound(
        CodingKeys.displayName, .init(codingPath: decoder.codingPath, debugDescription: "displayName is required"))
    }
    displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
  }
}
