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

  public init(version: String, allowGuests: Bool, allowSignup: Bool, ytdlp: YtDlp) {
    self.version = version
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
    self.ytdlp = ytdlp
  }
}
