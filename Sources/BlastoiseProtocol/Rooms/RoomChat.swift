/// One message of a room's chat (additive). Text only: clients show it as text, never as markup.
public struct ChatMessage: Codable, Sendable, Equatable {
  public var id: String
  /// The author's account ID and username when they wrote it (a guest's is their guest name).
  public var userId: Int
  public var username: String
  public var text: String
  /// Milliseconds since 1970.
  public var sentAt: Int64
  /// Additive: the name the author chose to be shown by when they wrote it (absent: `username`).
  public var displayName: String?

  public init(id: String, userId: Int, username: String, text: String, sentAt: Int64, displayName: String? = nil) {
    self.id = id
    self.userId = userId
    self.username = username
    self.text = text
    self.sentAt = sentAt
    self.displayName = displayName
  }
}
