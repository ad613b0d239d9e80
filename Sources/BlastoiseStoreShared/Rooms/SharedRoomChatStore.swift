import BlastoiseCore
import BlastoiseProtocol

/// `RoomChatStore` for either backend, its SQL written once. A room's messages go with it.
public struct SharedRoomChatStore<Access: StoreAccess>: RoomChatStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func add(_ message: ChatMessage, roomID: String, keep: Int) async throws {
    try await access.write { connection in
      _ = try connection.execute(
        """
        INSERT INTO room_chat (id, room_id, user_id, username, text, sent_at, display_name)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """, .text(message.id), .text(roomID), StoreValue(message.userId), .text(message.username), .text(message.text),
        .integer(message.sentAt), StoreValue(message.displayName))
      // All but the newest `keep` go (ties by ID, so every node keeps the same ones).
      _ = try connection.execute(
        """
        DELETE FROM room_chat WHERE room_id = $1 AND id NOT IN (
          SELECT id FROM room_chat WHERE room_id = $1 ORDER BY sent_at DESC, id DESC LIMIT $2)
        """, .text(roomID), StoreValue(keep))
    }
  }

  public func recent(roomID: String, limit: Int) async throws -> [ChatMessage] {
    let rows = try await access.read { connection in
      try connection.query(
        "SELECT * FROM room_chat WHERE room_id = $1 ORDER BY sent_at DESC, id DESC LIMIT $2", .text(roomID),
        StoreValue(limit))
    }
    return rows.compactMap(ChatMessage.init(row:)).reversed()
  }

  public func message(roomID: String, id: String) async throws -> ChatMessage? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM room_chat WHERE room_id = $1 AND id = $2", .text(roomID), .text(id))
    }.flatMap(ChatMessage.init(row:))
  }

  public func delete(roomID: String, id: String) async throws -> Bool {
    try await access.write { connection in
      try connection.execute("DELETE FROM room_chat WHERE room_id = $1 AND id = $2", .text(roomID), .text(id)) > 0
    }
  }
}

extension ChatMessage {
  init?(row: StoreRow) {
    guard let id = row.string("id"), let user = row.int("user_id"), let name = row.string("username"),
      let text = row.string("text"), let sent = row.int64("sent_at")
    else { return nil }
    self.init(id: id, userId: user, username: name, text: text, sentAt: sent, displayName: row.string("display_name"))
  }
}

extension Migration {
  /// Migration 23 of both backends, in one text both take: each room's latest chat messages
  /// (a guest's too: `user_id` is not a reference, guests' accounts go).
  public static let roomChat = Migration(
    version: 23, name: "room_chat",
    sql: """
      CREATE TABLE room_chat (
        id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        username TEXT NOT NULL,
        text TEXT NOT NULL,
        sent_at BIGINT NOT NULL
      );
      CREATE INDEX room_chat_by_room ON room_chat (room_id, sent_at);
      """)
}
