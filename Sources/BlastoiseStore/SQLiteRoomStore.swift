import BlastoiseCore
import BlastoiseSync
import Foundation

/// Rooms in SQLite; the queue is a JSON array of track IDs, the clock is columns.
public struct SQLiteRoomStore: RoomStore {
  private let database: SQLiteDatabase

  public init(database: SQLiteDatabase) {
    self.database = database
  }

  public func channels() throws -> [RoomRecord] {
    try database.read { connection in
      try connection.query("SELECT * FROM channels ORDER BY is_default DESC, created_at, id").compactMap(Self.record)
    }
  }

  public func insert(_ channel: RoomRecord) throws {
    let queue = try StringListColumn.encode(channel.queue)
    try database.write { connection in
      try connection.execute(
        """
        INSERT INTO channels (id, name, description, created_by, is_default, queue, current_index, paused,
          anchor_position, anchor_time, mode, shuffle_state, seq, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, .text(channel.id), .text(channel.name), .text(channel.description), SQLiteValue(channel.createdBy),
        .integer(channel.isDefault ? 1 : 0), .text(queue), SQLiteValue(channel.clock.currentIndex),
        .integer(channel.clock.paused ? 1 : 0), .real(channel.clock.anchorPosition), .real(channel.clock.anchorTime),
        .text(channel.clock.mode.rawValue), .integer(Int64(bitPattern: channel.clock.shuffleState)),
        .integer(channel.seq), .integer(Int64(Date().timeIntervalSince1970)))
    }
  }

  public func save(_ channel: RoomRecord) throws {
    let queue = try StringListColumn.encode(channel.queue)
    try database.write { connection in
      try connection.execute(
        """
        UPDATE channels SET name = ?, description = ?, queue = ?, current_index = ?, paused = ?, anchor_position = ?,
          anchor_time = ?, mode = ?, shuffle_state = ?, seq = ?
        WHERE id = ?
        """, .text(channel.name), .text(channel.description), .text(queue), SQLiteValue(channel.clock.currentIndex),
        .integer(channel.clock.paused ? 1 : 0), .real(channel.clock.anchorPosition), .real(channel.clock.anchorTime),
        .text(channel.clock.mode.rawValue), .integer(Int64(bitPattern: channel.clock.shuffleState)),
        .integer(channel.seq), .text(channel.id))
    }
  }

  public func delete(id: String) throws {
    try database.write { connection in
      try connection.execute("DELETE FROM channels WHERE id = ?", .text(id))
    }
  }

  private static func record(_ row: SQLiteRow) -> RoomRecord? {
    guard let id = row.string("id"), let name = row.string("name"), let queueText = row.string("queue"),
      let queue = StringListColumn.decode(queueText),
      let mode = row.string("mode").flatMap(PlaybackMode.init(rawValue:))
    else { return nil }
    let clock = RoomClock(
      currentIndex: row.int("current_index") ?? 0, paused: row.bool("paused") ?? true,
      anchorPosition: row.double("anchor_position") ?? 0, anchorTime: row.double("anchor_time") ?? 0, mode: mode,
      shuffleState: UInt64(bitPattern: row.int64("shuffle_state") ?? 0))
    return RoomRecord(
      id: id, name: name, description: row.string("description") ?? "", createdBy: row.int("created_by"),
      isDefault: row.bool("is_default") ?? false, queue: queue, clock: clock, seq: row.int64("seq") ?? 0)
  }
}
