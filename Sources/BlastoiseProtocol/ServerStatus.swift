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

  public var version: String
  public var allowGuests: Bool
  public var allowSignup: Bool
  public var ytdlp: YtDlp
  /// Additive: `blastoise`, so an app can tell this server from another that answers there.
  public var app: String?
  /// Additive: the server's lasting ID (the same for as long as its data lives, on every node).
  public var serverId: String?

  /// What `app` says.
  public static let appName = "blastoise"

  public init(
    version: String, allowGuests: Bool, allowSignup: Bool, ytdlp: YtDlp, app: String? = nil, serverId: String? = nil
  ) {
    self.version = version
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
    self.ytdlp = ytdlp
    self.app = app
    self.serverId = serverId
  }
}
