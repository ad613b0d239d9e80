/// How a room moves on when a track ends.
public enum PlaybackMode: String, Sendable, Codable, CaseIterable {
  /// Stop after the last entry (the room rewinds to the first, paused).
  case once
  case repeatAll = "repeat-all"
  case repeatOne = "repeat-one"
  /// A random other entry each time, from a seeded generator kept in the clock.
  case shuffle
}

extension PlaybackMode {
  /// The entry after `index` in a list of `count` (not empty): nil when `once` has played the
  /// last one; in shuffle a random other entry, drawn from `random`.
  public func nextIndex(after index: Int, count: Int, using random: inout some RandomNumberGenerator) -> Int? {
    switch self {
    case .once: return index + 1 < count ? index + 1 : nil
    case .repeatAll: return (index + 1) % count
    case .repeatOne: return index
    case .shuffle:
      guard count > 1 else { return index }
      let pick = Int(random.next() % UInt64(count - 1))
      return pick >= index ? pick + 1 : pick
    }
  }
}
