/// Who may change a room's playback and queue, as spelled on the wire and in the store.
public enum RoomControlMode: String, Sendable, CaseIterable, Codable {
  /// Every member (today's behaviour, and every room's default).
  case everyone
  /// The owner and the room's DJs.
  case djs
  /// The owner alone.
  case owner
}
