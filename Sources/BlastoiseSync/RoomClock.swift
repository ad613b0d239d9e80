/// A room's clock (design §3): which entry plays, from where, since when, and how it advances.
///
/// position(now) = paused ? anchorPosition : anchorPosition + (now − anchorTime). Advancing past
/// track ends is computed from the anchor, never by ticking, so the same clock read later (after
/// a restart, or on another node) gives the same answer. Times are seconds since the Unix epoch.
/// The anchor may lie a moment ahead (a jump, see `jumping`): the entry starts then.
public struct RoomClock: Sendable, Equatable, Codable {
  public var currentIndex: Int
  public var paused: Bool
  /// Seconds into the current entry at `anchorTime`.
  public var anchorPosition: Double
  public var anchorTime: Double
  public var mode: PlaybackMode
  /// SplitMix64 state for shuffle.
  public var shuffleState: UInt64

  public init(
    currentIndex: Int = 0, paused: Bool = true, anchorPosition: Double = 0, anchorTime: Double = 0,
    mode: PlaybackMode = .repeatAll, shuffleState: UInt64 = 0x9E37_79B9_7F4A_7C15
  ) {
    self.currentIndex = currentIndex
    self.paused = paused
    self.anchorPosition = anchorPosition
    self.anchorTime = anchorTime
    self.mode = mode
    self.shuffleState = shuffleState
  }

  /// Shortest duration the clock trusts: a broken 0-second track must not spin the advance loop.
  public static let minimumDuration = 0.5

  /// The clock moved forward to `now`: past every track end, by the mode. `durations` are the
  /// queue's entries in order. The result's anchor is at `now`.
  public func settled(at now: Double, durations: [Double]) -> RoomClock {
    var clock = self
    guard !durations.isEmpty else {
      clock.currentIndex = 0
      clock.paused = true
      clock.anchorPosition = 0
      clock.anchorTime = now
      return clock
    }
    clock.currentIndex = min(max(0, clock.currentIndex), durations.count - 1)
    guard !clock.paused else {
      clock.anchorTime = now
      return clock
    }
    // A jump starts its entry a moment ahead (`jumping`): until then the clock holds still.
    guard now >= clock.anchorTime else { return clock }
    var position = clock.anchorPosition + max(0, now - clock.anchorTime)
    position = clock.skipWholeCycles(position, durations: durations)
    while true {
      let length = max(Self.minimumDuration, durations[clock.currentIndex])
      if position < length { break }
      position -= length
      guard let next = clock.nextIndex(after: clock.currentIndex, count: durations.count) else {
        // `once` ran off the end: rewind to the first entry and stop.
        clock.currentIndex = 0
        clock.paused = true
        position = 0
        break
      }
      clock.currentIndex = next
    }
    clock.anchorPosition = position
    clock.anchorTime = now
    return clock
  }

  /// Where the room is at `now`: entry index and seconds into it.
  public func position(at now: Double, durations: [Double]) -> (index: Int, seconds: Double) {
    let clock = settled(at: now, durations: durations)
    return (clock.currentIndex, clock.anchorPosition)
  }

  /// When the current entry ends (wall time), for the room's one timer; nil when paused or empty.
  public func nextBoundary(durations: [Double]) -> Double? {
    guard !paused, durations.indices.contains(currentIndex) else { return nil }
    return anchorTime + max(0, max(Self.minimumDuration, durations[currentIndex]) - anchorPosition)
  }

  /// In repeat modes with a deterministic order, whole passes through the queue change nothing:
  /// drop them so a clock read after weeks does not walk every track.
  private func skipWholeCycles(_ position: Double, durations: [Double]) -> Double {
    switch mode {
    case .repeatOne:
      let length = max(Self.minimumDuration, durations[currentIndex])
      return position.truncatingRemainder(dividingBy: length)
    case .repeatAll:
      let remainingInCurrent = max(Self.minimumDuration, durations[currentIndex])
      let cycle = durations.reduce(0) { $0 + max(Self.minimumDuration, $1) }
      guard position > remainingInCurrent + cycle else { return position }
      return remainingInCurrent + (position - remainingInCurrent).truncatingRemainder(dividingBy: cycle)
    case .once, .shuffle:
      return position
    }
  }

  /// The next entry by mode; nil when `once` has played the last one.
  mutating func nextIndex(after index: Int, count: Int) -> Int? {
    var generator = SplitMix64(state: shuffleState)
    defer { shuffleState = generator.state }
    return mode.nextIndex(after: index, count: count, using: &generator)
  }
}
