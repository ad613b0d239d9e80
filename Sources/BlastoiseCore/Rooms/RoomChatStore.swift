import BlastoiseProtocol

/// Each room's chat: its latest messages, kept across restarts and shared by every node.
public protocol RoomChatStore: Sendable {
  /// Stores `message` in `roomID`'s chat and forgets all but the newest `keep` there.
  func add(_ message: ChatMessage, roomID: String, keep: Int) async throws
  /// The newest `limit` messages, oldest first.
  func recent(roomID: String, limit: Int) async throws -> [ChatMessage]
  func message(roomID: String, id: String) async throws -> ChatMessage?
  /// False when there was no such message.
  func delete(roomID: String, id: String) async throws -> Bool
}
