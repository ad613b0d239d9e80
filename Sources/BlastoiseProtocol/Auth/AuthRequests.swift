/// `POST /api/auth/signup` and `/login` bodies. Unknown keys are refused so a typo is an error,
/// not a silently ignored field.
public struct Credentials: Codable, Sendable, Equatable {
  public var username: String
  public var password: String

  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case username, password }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    username = try container.decode(String.self, forKey: .username)
    password = try container.decode(String.self, forKey: .password)
  }
}

/// `{ "success": true }`, optionally with how many things an action touched.
public struct SuccessResponse: Codable, Sendable, Equatable {
  public var success: Bool
  public var count: Int?

  public init(success: Bool = true, count: Int? = nil) {
    self.success = success
    self.count = count
  }
}
