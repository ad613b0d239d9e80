/// What a client sends on a room socket. Unknown actions and malformed messages are answered
/// with `{ "type": "error" }`; actions the sender may not take are ignored.
public struct ClientSocketMessage: Codable, Sendable {
  public var action: String
  public var roomID: String?
  public var timestamp: Double?
  public var index: Int?
  public var clientTime: Double?

  public init(
    action: String, roomID: String? = nil, timestamp: Double? = nil, index: Int? = nil, clientTime: Double? = nil
  ) {
    self.action = action
    self.roomID = roomID
    self.timestamp = timestamp
    self.index = index
    self.clientTime = clientTime
  }
}

/// Server messages that carry a `type`.
public enum ServerSocketMessage: Sendable {
  case roomList([RoomInfo])
  case switched(roomID: String)
  case kick(reason: String)
  case toast(message: String, toastType: String)
  case error(message: String)
  case pong(clientTime: Double, serverTime: Int64)
  case scanProgress(scanning: Bool, processed: Int, total: Int)
  /// Additive: tracks were added, removed or changed; reload `GET /api/library`.
  case libraryChanged
}

extension ServerSocketMessage: Encodable {
  enum CodingKeys: String, CodingKey {
    case type, channels, roomID, reason, message, toastType, clientTime, serverTime, scanning, processed, total
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .roomList(let channels):
      try container.encode("channel_list", forKey: .type)
      try container.encode(channels, forKey: .channels)
    case .switched(let roomID):
      try container.encode("switched", forKey: .type)
      try container.encode(roomID, forKey: .roomID)
    case .kick(let reason):
      try container.encode("kick", forKey: .type)
      try container.encode(reason, forKey: .reason)
    case .toast(let message, let toastType):
      try container.encode("toast", forKey: .type)
      try container.encode(message, forKey: .message)
      try container.encode(toastType, forKey: .toastType)
    case .error(let message):
      try container.encode("error", forKey: .type)
      try container.encode(message, forKey: .message)
    case .pong(let clientTime, let serverTime):
      try container.encode("pong", forKey: .type)
      try container.encode(clientTime, forKey: .clientTime)
      try container.encode(serverTime, forKey: .serverTime)
    case .libraryChanged:
      try container.encode("library_changed", forKey: .type)
    case .scanProgress(let scanning, let processed, let total):
      try container.encode("scan_progress", forKey: .type)
      try container.encode(scanning, forKey: .scanning)
      try container.encode(processed, forKey: .processed)
      try container.encode(total, forKey: .total)
    }
  }
}
