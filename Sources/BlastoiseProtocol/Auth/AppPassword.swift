/// An app password (additive; ours): a secret a person makes for one app (AntennaPod, a Subsonic
/// player), names and revokes, so the app never holds the account's password. The secret is shown
/// once, when it is made.
public struct AppPasswordInfo: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  /// Milliseconds since the epoch.
  public var createdAt: Int64
  /// When an app last signed in with it (ms since the epoch; updated at most once a minute).
  public var lastUsedAt: Int64?

  public init(id: String, name: String, createdAt: Int64, lastUsedAt: Int64? = nil) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
  }
}

/// `POST /api/app-passwords`: the new app password, with its secret (the only time it is shown).
public struct CreatedAppPassword: Codable, Sendable, Equatable {
  public var appPassword: AppPasswordInfo
  public var password: String

  public init(appPassword: AppPasswordInfo, password: String) {
    self.appPassword = appPassword
    self.password = password
  }
}

/// `GET /api/app-passwords`: the caller's app passwords, the newest first (no secrets).
public struct AppPasswordList: Codable, Sendable, Equatable {
  public var appPasswords: [AppPasswordInfo]

  public init(appPasswords: [AppPasswordInfo]) { self.appPasswords = appPasswords }
}

/// `POST /api/app-passwords` body: what the app password is for ("AntennaPod on my phone").
public struct AppPasswordRequest: Codable, Sendable, Equatable {
  public var name: String

  public init(name: String) { self.name = name }

  enum CodingKeys: String, CodingKey, CaseIterable { case name }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
  }
}
