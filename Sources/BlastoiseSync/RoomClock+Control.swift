/// Control actions. Each settles the clock at `now` first, then applies.
extension RoomClock {
  public func pausing(at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.paused = true
    return clock
  }

  public func resuming(at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.paused = durations.isEmpty
    return clock
  }

  /// Seek within the current entry; clamped to [0, duration].
  public func seeking(to seconds: Double, at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    guard durations.indices.contains(clock.currentIndex) else { return clock }
    clock.anchorPosition = min(max(0, seconds), max(0, durations[clock.currentIndex]))
    return clock.settled(at: now, durations: durations)
  }

  /// Jump to an entry's start; the caller checks the index is in range.
  public func jumping(to index: Int, at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.currentIndex = index
    clock.anchorPosition = 0
    return clock
  }

  public func withMode(_ mode: PlaybackMode, at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.mode = mode
    return clock
  }
}
