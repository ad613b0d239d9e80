import BlastoiseProtocol
import BlastoiseSync

extension Room {
  /// The state clients sync to, true at `now` taken to its whole millisecond (the clock is
  /// settled to it): `serverTime` is in whole milliseconds, and a position true half a
  /// millisecond off it put each listener's copy of the state off by a different amount.
  /// `canControl` is `viewer`'s (absent without one). A jump's state is true when its entry
  /// starts, a moment ahead (`RoomClock.jumping`): old clients start it at once, as before.
  public func state(
    at instant: Double, tracks: (String) -> Track?, listeners: [String], listenerCount: Int, includeQueue: Bool,
    viewer: Principal? = nil
  ) -> RoomState {
    let milliseconds = (instant * 1000).rounded()
    let now = milliseconds / 1000
    let (queueTracks, clock, current) = playback(at: now, tracks: tracks)
    var state = RoomState(
      track: current, currentTimestamp: current == nil ? 0 : clock.anchorPosition, roomName: record.name,
      roomID: record.id, description: record.description, paused: clock.paused || current == nil,
      currentIndex: clock.currentIndex, listenerCount: listenerCount, listeners: listeners,
      isDefault: record.isDefault, playbackMode: clock.mode.rawValue,
      queue: includeQueue ? queueEntries(queueTracks) : nil,
      serverTime: Int64(max(milliseconds, (clock.anchorTime * 1000).rounded())), seq: record.seq,
      controlMode: record.controlMode.rawValue,
      owner: record.createdBy, djs: record.djs, canControl: viewer.map { RoomControlRule.canControl($0, in: record) })
    state.isPrivate = record.isPrivate
    if let viewer, RoomAccessRule.isMember(viewer, of: record) { state.inviteToken = record.inviteToken }
    return state
  }

  /// The queue as clients see it: each entry its track (or a placeholder) and who added it.
  private func queueEntries(_ tracks: [Track?]) -> [Track] {
    record.queue.indices.map { index in
      var entry = tracks[index] ?? Self.placeholder(record.queue[index])
      entry.addedBy = record.addedBy.indices.contains(index) ? record.addedBy[index] : nil
      return entry
    }
  }

  /// The room as the room list shows it, at `now`: what plays (nil when nothing does).
  public func info(at now: Double, tracks: (String) -> Track?, listeners: [String], listenerCount: Int) -> RoomInfo {
    let (_, clock, current) = playback(at: now, tracks: tracks)
    return RoomInfo(
      id: record.id, name: record.name, description: record.description, trackCount: record.queue.count,
      listenerCount: listenerCount, listeners: listeners, isDefault: record.isDefault, createdBy: record.createdBy,
      nowPlaying: current, paused: current.map { _ in clock.paused }, isPrivate: record.isPrivate)
  }

  /// The queue's tracks, the clock settled to `now`, and the entry it is in.
  private func playback(at now: Double, tracks: (String) -> Track?) -> ([Track?], RoomClock, Track?) {
    let queueTracks = record.queue.map { tracks($0) }
    let clock = record.clock.settled(at: now, durations: queueTracks.map { $0?.duration ?? 0 })
    let current = queueTracks.indices.contains(clock.currentIndex) ? queueTracks[clock.currentIndex] : nil
    return (queueTracks, clock, current)
  }

  /// A queue entry whose track is gone from the library still shows, unavailable.
  static func placeholder(_ id: String) -> Track {
    Track(id: id, filename: "", title: "Missing track", duration: 0, available: false)
  }
}
