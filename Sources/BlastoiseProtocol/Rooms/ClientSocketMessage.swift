/// The `action`s a client sends on a room socket, as they are spelled on the wire.
public enum SocketAction: String, Sendable, CaseIterable {
  /// A clock ping: `{ action, clientTime }` → `pong`.
  case ping
  /// `{ action, channelId }`: move to another room; a private one also needs `invite`, its
  /// invite token (additive).
  case switchRoom = "switch"
  case pause, unpause
  /// `{ action, timestamp }`, seconds.
  case seek
  /// `{ action, index }`, a queue position.
  case jump
  /// `{ action, listening }`: whether this socket's person hears the room (false while they play
  /// something else on this device); the room counts plays only for those who hear it.
  case listening
  /// Additive: `{ action }`, a vote to skip the playing entry; the room skips when more than
  /// half of the people listening have voted for it.
  case voteSkip
  /// Additive: `{ action, text }`, a chat message to the room (1–500 characters, text only).
  case chat
  /// Additive: `{ action, messageId }`: deletes a chat message (its author, the room's owner, an
  /// admin).
  case chatDelete = "chat_delete"
  /// Additive: `{ action, state, driftMs }`: how this socket's player stands with the room
  /// (`ListenerSyncState`; drift in ms when measured), every few seconds and on a change.
  case syncReport = "sync_report"
  /// Additive: `{ action, name }`: the room's owner or an admin takes that person out of the room
  /// (to the main room; they may not come back for ten minutes).
  case removeListener = "remove_listener"
  /// Additive: `{ action, emoji }`: a reaction to the playing track (one of 👍 ❤️ 😂 🔥 👏 😮),
  /// told to the room as an `activity` message.
  case react
}

/// What a client sends on a room socket. Unknown actions and malformed messages are answered
/// with `{ "type": "error" }`; actions the sender's role may not take (guests) are ignored, as the
/// seed's clients expect; actions the room's control mode refuses get `{ "type": "error" }`.
public struct ClientSocketMessage: Codable, Sendable, Equatable {
  /// Kept as sent, so an unknown action can be named in the error answer.
  public var action: String
  public var roomID: String?
  public var timestamp: Double?
  public var index: Int?
  public var clientTime: Double?
  public var listening: Bool?
  public var text: String?
  public var messageID: String?
  /// `sync_report`'s state and drift.
  public var syncState: String?
  public var driftMs: Double?
  /// `remove_listener`'s person, by display name.
  public var name: String?
  /// `switch`'s invite token, for a private room.
  public var invite: String?
  /// `react`'s emoji.
  public var emoji: String?

  public init(
    _ action: SocketAction, roomID: String? = nil, timestamp: Double? = nil, index: Int? = nil,
    clientTime: Double? = nil, listening: Bool? = nil, text: String? = nil, messageID: String? = nil,
    syncState: ListenerSyncState? = nil, driftMs: Double? = nil, name: String? = nil,
    invite: String? = nil, emoji: String? = nil
  ) {
    self.emoji = emoji
    self.name = name
    self.invite = invite
    self.syncState = syncState?.rawValue
    self.driftMs = driftMs
    self.action = action.rawValue
    self.roomID = roomID
    self.timestamp = timestamp
    self.index = index
    self.clientTime = clientTime
    self.listening = listening
    self.text = text
    self.messageID = messageID
  }

  /// nil for an action this server does not know.
  public var knownAction: SocketAction? { SocketAction(rawValue: action) }

  enum CodingKeys: String, CodingKey {
    case action, timestamp, index, clientTime, listening, text, driftMs, name, invite, emoji
    case roomID = "channelId"
    case messageID = "messageId"
    case syncState = "state"
  }
}
