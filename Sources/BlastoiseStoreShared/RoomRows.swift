import BlastoiseCore
import BlastoiseSync
import Foundation

extension RoomRecord {
  /// From a `channels` row: the queue a JSON array of track IDs, the clock in columns.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let name = row.string("name"), let queueText = row.string("queue"),
      let queue = StringListColumn.decode(queueText),
      let mode = row.string("mode").flatMap(PlaybackMode.init(rawValue:)),
      let controlMode = row.string("control_mode").flatMap(RoomControlMode.init(rawValue:)),
      let djs = row.string("djs").flatMap(Self.decodeDJs)
    else { return nil }
    let clock = RoomClock(
      currentIndex: row.int("current_index") ?? 0, paused: row.bool("paused") ?? true,
      anchorPosition: row.double("anchor_position") ?? 0, anchorTime: row.double("anchor_time") ?? 0, mode: mode,
      shuffleState: UInt64(bitPattern: row.int64("shuffle_state") ?? 0))
    self.init(
      id: id, name: name, description: row.string("description") ?? "", createdBy: row.int("created_by"),
      isDefault: row.bool("is_default") ?? false, queue: queue, clock: clock, seq: row.int64("seq") ?? 0,
      controlMode: controlMode, djs: djs)
  }

  /// The `djs` column: a JSON array of user IDs.
  static func encodeDJs(_ djs: [Int]) throws -> String {
    String(decoding: try JSONEncoder().encode(djs), as: UTF8.self)
  }

  static func decodeDJs(_ text: String) -> [Int]? {
    try? JSONDecoder().decode([Int].self, from: Data(text.utf8))
  }
}

extension Migration {
  /// Migration 21 of both backends, in one text both take: who may control each room (every
  /// existing room keeps "everyone") and its DJs, a JSON array of user IDs.
  public static let roomControl = Migration(
    version: 21, name: "room_control",
    sql: """
      ALTER TABLE channels ADD COLUMN control_mode TEXT NOT NULL DEFAULT 'everyone'
        CHECK (control_mode IN ('everyone', 'djs', 'owner'));
      ALTER TABLE channels ADD COLUMN djs TEXT NOT NULL DEFAULT '[]';
      """)
}
