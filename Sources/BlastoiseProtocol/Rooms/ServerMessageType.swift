/// The `type` of every server message on a room socket that has one (a room state has none).
public enum ServerMessageType: String, Sendable, CaseIterable, Codable {
  case roomList = "channel_list"
  case switched, kick, toast, error, pong
  case scanProgress = "scan_progress"
  /// Additive: tracks were added, removed or changed; reload `GET /api/library`.
  case libraryChanged = "library_changed"
  /// URL import jobs (`ImportSocketMessage`): queued, downloading, processing.
  case importProgress = "fetch_progress"
  case importComplete = "fetch_complete"
  case importError = "fetch_error"
  case importCancelled = "fetch_cancelled"
  /// Additive: who changed the room and how (`{ type, actor, message }`).
  case activity
  /// Additive: room chat (`RoomChat.swift`).
  case chat
  case chatHistory = "chat_history"
  case chatDeleted = "chat_deleted"
}
