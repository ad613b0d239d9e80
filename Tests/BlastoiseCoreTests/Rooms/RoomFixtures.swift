import BlastoiseCore
import BlastoiseSync

/// Tracks of known lengths, and rooms over them.
enum RoomFixture {
  static let lengths: [String: Double] = ["a": 100, "b": 200, "c": 50, "d": 80]

  static func lookup(_ id: String) -> Double? { lengths[id] }

  /// A room playing `queue` from entry `index`, `position` seconds in at time 1000.
  static func playing(_ queue: [String], index: Int = 0, position: Double = 0, mode: PlaybackMode = .repeatAll)
    -> Room
  {
    Room(
      record: RoomRecord(
        id: "r", name: "Room", description: "", createdBy: nil, isDefault: false, queue: queue,
        clock: RoomClock(
          currentIndex: index, paused: false, anchorPosition: position, anchorTime: 1_000, mode: mode), seq: 7))
  }

  static func empty() -> Room {
    Room(
      record: RoomRecord(
        id: "r", name: "Room", description: "", createdBy: nil, isDefault: false, queue: [],
        clock: RoomClock(anchorTime: 1_000), seq: 0))
  }
}

extension Room {
  var durations: [Double] { durations(RoomFixture.lookup) }

  /// Entry and seconds into it at `now`.
  func position(at now: Double) -> (index: Int, seconds: Double) {
    record.clock.position(at: now, durations: durations)
  }
}
