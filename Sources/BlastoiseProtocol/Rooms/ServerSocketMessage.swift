/// Everything the server sends on a room socket: a room state (the one message without
/// `type`) or a typed message. The server encodes it, clients decode it; decoding is tolerant
/// the way the seed's clients are (missing fields take defaults, an unknown `type` is `.unknown`).
public enum ServerSocketMessage: Sendable, Equatable {
  case state(RoomState)
  case roomList([RoomInfo])
  case switched(roomID: String)
  case kick(reason: String)
  case toast(message: String, toastType: String)
  case error(message: String)
  /// The answer to a clock ping: the client's `clientTime` back and the server's time (ms).
  /// `serverTimeMicros` (additive): the same instant in microseconds — `serverTime`'s whole
  /// milliseconds alone make every clock sample off by up to half a millisecond.
  case pong(clientTime: Double, serverTime: Int64, serverTimeMicros: Int64?)
  case scanProgress(scanning: Bool, processed: Int, total: Int)
  /// Additive: tracks were added, removed or changed; reload `GET /api/library`.
  case libraryChanged
  /// `fetch_progress`, `fetch_complete`, `fetch_error`, `fetch_cancelled`.
  case importJob(ImportSocketMessage)
  /// Additive: a change to the room and who made it: `actor` is a display name (nil for the
  /// room itself, as a skip by vote); `message` reads whole, as "ana paused".
  case activity(actor: String?, message: String)
  /// Additive: a new chat message in the room (`{ type: "chat", message: {…} }`).
  case chat(ChatMessage)
  /// Additive: the room's latest chat messages, oldest first, sent once after joining.
  case chatHistory([ChatMessage])
  /// Additive: a chat message was deleted (`{ type, messageId }`).
  case chatDeleted(messageID: String)
  /// A `type` this build does not know (a newer server): ignore it.
  case unknown(type: String)
}

extension ServerSocketMessage: Codable {
  enum CodingKeys: String, CodingKey {
    case type, channels, reason, message, toastType, actor, clientTime, serverTime, serverTimeMicros, scanning,
      processed, total
    case messages
    case roomID = "channelId"
    case messageID = "messageId"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .state(let state): try state.encode(to: encoder)
    case .roomList(let rooms):
      try container.encode(ServerMessageType.roomList, forKey: .type)
      try container.encode(rooms, forKey: .channels)
    case .switched(let roomID):
      try container.encode(ServerMessageType.switched, forKey: .type)
      try container.encode(roomID, forKey: .roomID)
    case .kick(let reason):
      try container.encode(ServerMessageType.kick, forKey: .type)
      try container.encode(reason, forKey: .reason)
    case .toast(let message, let toastType):
      try container.encode(ServerMessageType.toast, forKey: .type)
      try container.encode(message, forKey: .message)
      try container.encode(toastType, forKey: .toastType)
    case .error(let message):
      try container.encode(ServerMessageType.error, forKey: .type)
      try container.encode(message, forKey: .message)
    case .pong(let clientTime, let serverTime, let serverTimeMicros):
      try container.encode(ServerMessageType.pong, forKey: .type)
      try container.encode(clientTime, forKey: .clientTime)
      try container.encode(serverTime, forKey: .serverTime)
      try container.encodeIfPresent(serverTimeMicros, forKey: .serverTimeMicros)
    case .scanProgress(let scanning, let processed, let total):
      try container.encode(ServerMessageType.scanProgress, forKey: .type)
      try container.encode(scanning, forKey: .scanning)
      try container.encode(processed, forKey: .processed)
      try container.encode(total, forKey: .total)
    case .libraryChanged: try container.encode(ServerMessageType.libraryChanged, forKey: .type)
    case .importJob(let job): try job.encode(to: encoder)
    case .activity(let actor, let message):
      try container.encode(ServerMessageType.activity, forKey: .type)
      try container.encodeIfPresent(actor, forKey: .actor)
      try container.encode(message, forKey: .message)
    case .chat(let message):
      try container.encode(ServerMessageType.chat, forKey: .type)
      try container.encode(message, forKey: .message)
    case .chatHistory(let messages):
      try container.encode(ServerMessageType.chatHistory, forKey: .type)
      try container.encode(messages, forKey: .messages)
    case .chatDeleted(let id):
      try container.encode(ServerMessageType.chatDeleted, forKey: .type)
      try container.encode(id, forKey: .messageID)
    case .unknown(let type): try container.encode(type, forKey: .type)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let rawType = try container.decodeIfPresent(String.self, forKey: .type) else {
      self = .state(try RoomState(from: decoder))
      return
    }
    guard let type = ServerMessageType(rawValue: rawType) else {
      self = .unknown(type: rawType)
      return
    }
    switch type {
    case .roomList: self = .roomList(try container.decode(.channels, or: [RoomInfo]()))
    case .switched: self = .switched(roomID: try container.decode(.roomID, or: ""))
    case .kick: self = .kick(reason: try container.decode(.reason, or: "Kicked"))
    case .toast:
      self = .toast(
        message: try container.decode(.message, or: ""), toastType: try container.decode(.toastType, or: "info"))
    case .error: self = .error(message: try container.decode(.message, or: "Error"))
    case .pong:
      self = .pong(
        clientTime: try container.decode(.clientTime, or: 0.0),
        serverTime: try container.decodeMillisecondsIfPresent(forKey: .serverTime) ?? 0,
        serverTimeMicros: try? container.decodeIfPresent(Int64.self, forKey: .serverTimeMicros))
    case .scanProgress:
      self = .scanProgress(
        scanning: try container.decode(.scanning, or: false),
        processed: try container.decode(.processed, or: 0),
        total: try container.decode(.total, or: 0))
    case .libraryChanged: self = .libraryChanged
    case .importProgress, .importComplete, .importError, .importCancelled:
      self = .importJob(try ImportSocketMessage(from: decoder))
    case .activity:
      self = .activity(
        actor: try container.decodeIfPresent(String.self, forKey: .actor),
        message: try container.decode(.message, or: ""))
    case .chat:
      guard let message = try? container.decode(ChatMessage.self, forKey: .message) else {
        self = .unknown(type: rawType)
        return
      }
      self = .chat(message)
    case .chatHistory: self = .chatHistory((try? container.decode([ChatMessage].self, forKey: .messages)) ?? [])
    case .chatDeleted: self = .chatDeleted(messageID: try container.decode(.messageID, or: ""))
    }
  }
}
