/// One live guest session in `GET /api/admin/guests`; times in seconds since the Unix epoch.
public struct GuestSessionInfo: Codable, Sendable, Equatable {
  public var name: String
  public var address: String
  public var createdAt: Int64
  public var lastSeenAt: Int64

  public init(name: String, address: String, createdAt: Int64, lastSeenAt: Int64) {
    self.name = name
    self.address = address
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}
