import BlastoiseCore
import BlastoiseSync

extension RoomRecord {
  /// From a `channels` row: the queue a JSON array of track IDs, the clock in columns.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let name = row.string("name"), let queueText = row.string("queue"),
      let queue = StringListColumn.decode(queueText),
      let mode = row.string("mode").flatMap(PlaybackMode.init(rawValue:))
    else { return nil }
    let clock = RoomClock(
      currentIndex: row.int("current_index") ?? 0, paused: row.bool("paused") ?? true,
      anchorPosition: row.double("anchor_position") ?? 0, anchorTime: row.double("anchor_time") ?? 0, mode: mode,
      shuffleState: UInt64(bitPattern: row.int64("shuffle_state") ?? 0))
    self.init(
      id: id, name: name, description: row.string("description") ?? "", createdBy: row.int("created_by"),
      isDefault: row.bool("is_default") ?? false, queue: queue, clock: clock, seq: row.int64("seq") ?? 0)
  }
}
