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
      let djs = row.string("djs").flatMap(Self.decodeDJs),
      let addedBy = row.string("added_by").flatMap(Self.decodeAddedBy)
    else { return nil }
    let clock = RoomClock(
      currentIndex: row.int("current_index") ?? 0, paused: row.bool("paused") ?? true,
      anchorPosition: row.double("anchor_position") ?? 0, anchorTime: row.double("anchor_time") ?? 0, mode: mode,
      shuffleState: UInt64(bitPattern: row.int64("shuffle_state") ?? 0))
    self.init(
      id: id, name: name, description: row.string("description") ?? "", createdBy: row.int("created_by"),
      isDefault: row.bool("is_default") ?? false, queue: queue, clock: clock, seq: row.int64("seq") ?? 0,
      controlMode: controlMode, djs: djs, addedBy: addedBy, inviteToken: row.string("invite_token"))
  }

  /// The `djs` column: a JSON array of user IDs.
  static func encodeDJs(_ djs: [Int]) throws -> String {
    String(decoding: try JSONEncoder().encode(djs), as: UTF8.self)
  }

  static func decodeDJs(_ text: String) -> [Int]? {
    try? JSONDecoder().decode([Int].self, from: Data(text.utf8))
  }

  /// The `added_by` column: a JSON array of usernames or nulls, one per queue entry.
  static func encodeAddedBy(_ names: [String?]) throws -> String {
    String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
  }

  static func decodeAddedBy(_ text: String) -> [String?]? {
    try? JSONDecoder().decode([String?].self, from: Data(text.utf8))
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

extension Migration {
  /// Migration 24 of both backends: who added each queue entry (existing entries: unknown) and
  /// the invite token that makes a room private (none: open, as every room was).
  public static let roomInvites = Migration(
    version: 24, name: "room_invites",
    sql: """
      ALTER TABLE channels ADD COLUMN added_by TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE channels ADD COLUMN invite_token TEXT;
      """)
}
