/// `GET /api/status`: what this server offers, read by clients before sign-in.
public struct ServerStatus: Codable, Sendable, Equatable {
  public struct YtDlp: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var available: Bool

    public init(enabled: Bool, available: Bool) {
      self.enabled = enabled
      self.available = available
    }
  }

  /// What a new account's username and password must be, for a sign-up form's hint.
  public struct Credentials: Codable, Sendable, Equatable {
    public var usernameMaxLength: Int
    public var passwordMinLength: Int
    public var passwordMaxLength: Int

    public init(usernameMaxLength: Int, passwordMinLength: Int, passwordMaxLength: Int) {
      self.usernameMaxLength = usernameMaxLength
      self.passwordMinLength = passwordMinLength
      self.passwordMaxLength = passwordMaxLength
    }
  }

  public var version: String
  public var allowGuests: Bool
  public var allowSignup: Bool
  public var ytdlp: YtDlp
  /// Additive: `blastoise`, so an app can tell this server from another that answers there.
  public var app: String?
  /// Additive: the server's lasting ID (the same for as long as its data lives, on every node).
  public var serverId: String?
  /// Additive: the account rules the server enforces (`CredentialRules`).
  public var credentials: Credentials?

  /// What `app` says.
  public static let appName = "blastoise"

  public init(
    version: String, allowGuests: Bool, allowSignup: Bool, ytdlp: YtDlp, app: String? = nil, serverId: String? = nil,
    credentials: Credentials? = nil
  ) {
    self.version = version
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
    self.ytdlp = ytdlp
    self.app = app
    self.serverId = serverId
    self.credentials = credentials
  }
}
