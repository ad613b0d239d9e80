import BlastoiseCore

/// What rooms need to know about other nodes sharing the store (`docs/architecture.md`, "Rooms
/// across nodes"): where change notices go, which rooms this node's sockets are in, and how
/// many listeners it has in each. Alone (SQLite) they are nothing, and every room is this node's own.
struct RoomSharing: Sendable {
  let isShared: Bool
  /// Sent after each committed change, to every node.
  let announce: @Sendable (RoomNotice) async -> Void
  /// The rooms this node's sockets are in, each time that set changes.
  let wanted: @Sendable (Set<String>) -> Void
  /// This node's listener counts of some rooms, to every other node (`ListenerCountNotice`).
  let listenerCounts: @Sendable ([String: Int]) async -> Void
  /// A chat message added or deleted here, to every other node (`ChatNotice`).
  let chat: @Sendable (_ roomID: String, _ messageID: String, _ change: ChatNotice.Change) async -> Void
  /// Who did what here, or who was removed here, to every other node (`RoomEventNotice`).
  let event: @Sendable (_ roomID: String, _ event: RoomEventNotice.Event) async -> Void

  static let alone = RoomSharing(
    isShared: false, announce: { _ in }, wanted: { _ in }, listenerCounts: { _ in }, chat: { _, _, _ in },
    event: { _, _ in })
}
