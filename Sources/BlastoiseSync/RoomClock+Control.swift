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
    clock.anchorTime = now  // at once, also during a jump's lead
    return clock.settled(at: now, durations: durations)
  }

  /// Jump to an entry's start; the caller checks the index is in range. A playing room starts
  /// it `jumpLead` ahead, on a whole millisecond: every listener hears of the jump before it
  /// happens, plays on to that instant and goes straight on to the entry, already loaded,
  /// without a silence (a jump at once was 90–180 ms of silence at the speakers).
  public func jumping(to index: Int, at now: Double, durations: [Double], lead: Double = jumpLead) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.currentIndex = index
    clock.anchorPosition = 0
    if !clock.paused { clock.anchorTime = ((now + lead) * 1000).rounded() / 1000 }
    return clock
  }

  /// How long after it is asked a jump takes effect: enough for a listener's state to arrive and
  /// its player to ready the next file (mpv holds ~0.25 s decoded ahead of what is heard).
  public static let jumpLead = 0.5

  public func withMode(_ mode: PlaybackMode, at now: Double, durations: [Double]) -> RoomClock {
    var clock = settled(at: now, durations: durations)
    clock.mode = mode
    return clock
  }
}
