/// When listening to a track counts as a play, as Last.fm scrobbles: once the listener has heard
/// half of it or four minutes, whichever comes first. Tracks shorter than 30 seconds never count.
public enum PlayRule {
  /// Tracks shorter than this (seconds) never count.
  public static let shortestCounted = 30.0
  /// Four minutes heard always count, however long the track.
  public static let longestNeeded = 240.0

  /// Seconds a listener must hear of a track of `duration` seconds; nil when it never counts.
  public static func threshold(duration: Double) -> Double? {
    guard duration.isFinite, duration >= shortestCounted else { return nil }
    return min(duration / 2, longestNeeded)
  }
}

/// One play of a track by many listeners (a room's current entry): how long each person has
/// heard it, and who has already had it counted. Time is what was heard, not where the playhead
/// is, so seeking forward does not hear a track, and pausing, seeking back or leaving and coming
/// back during the same play never counts it twice. A new play (the next entry, a jump, the same
/// track again in repeat-one) starts with nothing heard.
///
/// The owner reports each change (`observe`); between two reports the last one holds.
public struct PlayTally: Sendable, Equatable {
  /// What plays: the track and whether the clock runs (not paused).
  public struct Playing: Sendable, Equatable {
    public let trackID: String
    public let duration: Double
    public let running: Bool

    public init(trackID: String, duration: Double, running: Bool) {
      self.trackID = trackID
      self.duration = duration
      self.running = running
    }
  }

  /// A play counted for one person.
  public struct Count: Sendable, Equatable, Hashable {
    public let userID: Int
    public let trackID: String

    public init(userID: Int, trackID: String) {
      self.userID = userID
      self.trackID = trackID
    }
  }

  private var playing: Playing?
  private var listeners: Set<Int> = []
  private var since: Double?
  /// Seconds heard of the current play, per person.
  private var heard: [Int: Double] = [:]
  private var counted: Set<Int> = []

  public init() {}

  /// The state at `now`: what plays (nil: nothing), who listens (people, by user ID: several
  /// sockets of one person are one listener), and whether a new play of the entry begins now
  /// (`restart`; a different track always begins one). Returns the plays that reached the rule
  /// since the last report.
  public mutating func observe(
    at now: Double, playing next: Playing?, listeners present: Set<Int>, restart: Bool = false
  ) -> [Count] {
    let counts = advance(to: now)
    if restart || next?.trackID != playing?.trackID {
      heard = [:]
      counted = []
    }
    playing = next
    listeners = present
    since = now
    return counts
  }

  /// When the next listener will have heard enough, if nothing changes before: the moment to
  /// report again. Nil when nothing runs or nobody present has a play still to count.
  public func nextCount() -> Double? {
    guard let playing, playing.running, let since,
      let threshold = PlayRule.threshold(duration: playing.duration)
    else { return nil }
    return listeners.subtracting(counted).map { since + max(0, threshold - heard[$0, default: 0]) }.min()
  }

  /// A report at the moment `nextCount` named counts despite rounding.
  static let tolerance = 1e-6

  private mutating func advance(to now: Double) -> [Count] {
    guard let playing, let since, playing.running else { return [] }
    let elapsed = max(0, now - since)
    for listener in listeners {
      // Never more than the track: a late report must not carry heard time into nothing.
      heard[listener] = min(playing.duration, heard[listener, default: 0] + elapsed)
    }
    guard let threshold = PlayRule.threshold(duration: playing.duration) else { return [] }
    let reached = listeners.subtracting(counted).filter { heard[$0, default: 0] >= threshold - Self.tolerance }
    counted.formUnion(reached)
    return reached.sorted().map { Count(userID: $0, trackID: playing.trackID) }
  }
}
