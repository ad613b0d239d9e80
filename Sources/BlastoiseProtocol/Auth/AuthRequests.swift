/// `POST /api/auth/signup` and `/login` bodies. Unknown keys are refused so a typo is an error,
/// not a silently ignored field.
public struct Credentials: Codable, Sendable, Equatable {
  public var username: String
  public var password: String
  /// Sign-up only, additive: the one-time code from the server log that lets the first account
  /// (the admin) be made from another machine.
  public var setupCode: String?

  public init(username: String, password: String, setupCode: String? = nil) {
    self.username = username
    self.password = password
    self.setupCode = setupCode
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case username, password, setupCode }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    username = try container.decode(String.self, forKey: .username)
    password = try container.decode(String.self, forKey: .password)
    setupCode = try container.decodeIfPresent(String.self, forKey: .setupCode)
  }
}

/// `{ "success": true }`, optionally with how many things an action touched.
/// `GET /api/auth/sessions`: where the account is signed in.
public struct SessionList: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Equatable {
    /// Names the session for `DELETE /api/auth/sessions/:id` (not its token, nor its hash).
    public var id: String
    /// Seconds since the epoch.
    public var createdAt: Int64
    public var lastSeenAt: Int64
    /// The one this request came with.
    public var current: Bool
    /// The app password an app signed in with, by name.
    public var app: String?

    public init(id: String, createdAt: Int64, lastSeenAt: Int64, current: Bool, app: String?) {
      self.id = id
      self.createdAt = createdAt
      self.lastSeenAt = lastSeenAt
      self.current = current
      self.app = app
    }
  }

  public var sessions: [Entry]

  public init(sessions: [Entry]) { self.sessions = sessions }
}

/// `POST /api/auth/password`: the password now and the one to have instead.
public struct PasswordChange: Codable, Sendable, Equatable {
  public var currentPassword: String
  public var newPassword: String

  public init(currentPassword: String, newPassword: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
  }
}

public struct SuccessResponse: Codable, Sendable, Equatable {
  public var success: Bool
  public var count: Int?

  public init(success: Bool = true, count: Int? = nil) {
    self.success = success
    self.count = count
  }
}
