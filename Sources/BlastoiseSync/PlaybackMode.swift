/// How a room moves on when a track ends.
public enum PlaybackMode: String, Sendable, Codable, CaseIterable {
  /// Stop after the last entry (the room rewinds to the first, paused).
  case once
  case repeatAll = "repeat-all"
  case repeatOne = "repeat-one"
  /// A random other entry each time, from a seeded generator kept in the clock.
  case shuffle
}
