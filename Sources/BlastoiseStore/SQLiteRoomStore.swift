import BlastoiseCore
import BlastoiseStoreShared
import BlastoiseSync
import Foundation

/// Rooms in SQLite; the queue is a JSON array of track IDs, the clock is columns.
public struct SQLiteRoomStore: RoomStore {
  let access: SQLiteAccess

  public func rooms() async throws -> [RoomRecord] {
    try await access.read { connection in
      try connection.query("SELECT * FROM channels ORDER BY is_default DESC, created_at, id").compactMap(
        RoomRecord.init(row:))
    }
  }

  public func room(id: String) async throws -> RoomRecord? {
    try await access.read { connection in
      try connection.query("SELECT * FROM channels WHERE id = ?", .text(id)).first.flatMap(RoomRecord.init(row:))
    }
  }

  public func insert(_ room: RoomRecord) async throws {
    let queue = try StringListColumn.encode(room.queue)
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO channels (id, name, description, created_by, is_default, queue, current_index, paused,
          anchor_position, anchor_time, mode, shuffle_state, seq, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, .text(room.id), .text(room.name), .text(room.description), SQLiteValue(room.createdBy),
        .integer(room.isDefault ? 1 : 0), .text(queue), SQLiteValue(room.clock.currentIndex),
        .integer(room.clock.paused ? 1 : 0), .real(room.clock.anchorPosition), .real(room.clock.anchorTime),
        .text(room.clock.mode.rawValue), .integer(Int64(bitPattern: room.clock.shuffleState)),
        .integer(room.seq), .integer(Int64(Date().timeIntervalSince1970)))
    }
  }

  public func save(_ room: RoomRecord, replacing base: Int64) async throws -> Bool {
    let queue = try StringListColumn.encode(room.queue)
    return try await access.write { connection in
      try connection.execute(
        """
        UPDATE channels SET name = ?, description = ?, queue = ?, current_index = ?, paused = ?, anchor_position = ?,
          anchor_time = ?, mode = ?, shuffle_state = ?, seq = ?
        WHERE id = ? AND seq = ?
        """, .text(room.name), .text(room.description), .text(queue), SQLiteValue(room.clock.currentIndex),
        .integer(room.clock.paused ? 1 : 0), .real(room.clock.anchorPosition), .real(room.clock.anchorTime),
        .text(room.clock.mode.rawValue), .integer(Int64(bitPattern: room.clock.shuffleState)),
        .integer(room.seq), .text(room.id), .integer(base))
      return connection.changes == 1
    }
  }

  public func delete(id: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM channels WHERE id = ?", .text(id))
    }
  }
}
