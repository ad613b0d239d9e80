import BlastoiseCore
import BlastoiseSync
import Foundation

/// Rooms, in either backend; the queue (and who added each entry) is a JSON array, the clock is
/// columns.
public struct SharedRoomStore<Access: StoreAccess>: RoomStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  /// The default room first, then by age, then by ID in byte order.
  public func rooms() async throws -> [RoomRecord] {
    try await access.read { connection in
      try connection.query(
        "SELECT * FROM channels ORDER BY is_default DESC, created_at, \(connection.dialect.byteOrder("id"))"
      ).compactMap(RoomRecord.init(row:))
    }
  }

  public func room(id: String) async throws -> RoomRecord? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM channels WHERE id = $1", .text(id)).flatMap(RoomRecord.init(row:))
    }
  }

  public func insert(_ room: RoomRecord) async throws {
    let queue = try StringListColumn.encode(room.queue)
    let djs = try RoomRecord.encodeDJs(room.djs)
    let addedBy = try RoomRecord.encodeAddedBy(room.addedBy)
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO channels (id, name, description, created_by, is_default, queue, current_index, paused,
          anchor_position, anchor_time, mode, shuffle_state, seq, created_at, control_mode, djs, added_by,
          invite_token)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
        """, .text(room.id), .text(room.name), .text(room.description), StoreValue(room.createdBy),
        StoreValue(room.isDefault), .text(queue), StoreValue(room.clock.currentIndex), StoreValue(room.clock.paused),
        .real(room.clock.anchorPosition), .real(room.clock.anchorTime), .text(room.clock.mode.rawValue),
        .integer(Int64(bitPattern: room.clock.shuffleState)), .integer(room.seq),
        .integer(Int64(Date().timeIntervalSince1970)), .text(room.controlMode.rawValue), .text(djs), .text(addedBy),
        StoreValue(room.inviteToken))
    }
  }

  /// Compare-and-set on `seq`: written only when the stored row is still at `base`.
  public func save(_ room: RoomRecord, replacing base: Int64) async throws -> Bool {
    let queue = try StringListColumn.encode(room.queue)
    let djs = try RoomRecord.encodeDJs(room.djs)
    let addedBy = try RoomRecord.encodeAddedBy(room.addedBy)
    return try await access.write { connection in
      try connection.execute(
        """
        UPDATE channels SET name = $1, description = $2, queue = $3, current_index = $4, paused = $5,
          anchor_position = $6, anchor_time = $7, mode = $8, shuffle_state = $9, seq = $10, control_mode = $11,
          djs = $12, added_by = $13, invite_token = $14
        WHERE id = $15 AND seq = $16
        """, .text(room.name), .text(room.description), .text(queue), StoreValue(room.clock.currentIndex),
        StoreValue(room.clock.paused), .real(room.clock.anchorPosition), .real(room.clock.anchorTime),
        .text(room.clock.mode.rawValue), .integer(Int64(bitPattern: room.clock.shuffleState)), .integer(room.seq),
        .text(room.controlMode.rawValue), .text(djs), .text(addedBy), StoreValue(room.inviteToken), .text(room.id),
        .integer(base)) == 1
    }
  }

  public func delete(id: String) async throws {
    try await access.write { connection in
      try connection.execute("DELETE FROM channels WHERE id = $1", .text(id))
    }
  }
}
