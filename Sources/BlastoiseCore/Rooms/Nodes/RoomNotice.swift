/// A room changed on some node: which room, and the `seq` it has now. It travels over
/// PostgreSQL's LISTEN/NOTIFY as `<room ID>:<seq>` — small on purpose: every node reads the
/// room's state from the store, so a notice never carries (or waits for) a queue.
public struct RoomNotice: Sendable, Equatable, Hashable {
  /// The NOTIFY channel every node listens on.
  public static let channel = "blastoise_rooms"
  /// Longer room IDs are not ours (ours are 12 hex digits; the limit leaves room for others).
  static let longestRoomID = 64

  public let roomID: String
  public let seq: Int64

  public init(roomID: String, seq: Int64) {
    self.roomID = roomID
    self.seq = seq
  }

  public var payload: String { "\(roomID):\(seq)" }

  /// Reads a payload; nil for anything that is not `<room ID>:<seq>` (another program may
  /// NOTIFY the same channel).
  public init?(payload: String) {
    guard let colon = payload.lastIndex(of: ":") else { return nil }
    let id = payload[..<colon]
    guard let seq = Int64(payload[payload.index(after: colon)...]), seq >= 0, !id.isEmpty,
      id.utf8.count <= Self.longestRoomID, !id.contains(":")
    else { return nil }
    self.init(roomID: String(id), seq: seq)
  }
}

/// What a node does with a notice, from the `seq` it holds for that room (nil: a room it does
/// not know).
public enum RoomNoticeDecision: Sendable, Equatable {
  /// Its own change, or one it has already read: nothing to do.
  case ignore
  /// Newer than what it holds — the next seq or one that skips several: read the room's row,
  /// which is always the newest state, so skipped seqs need no replay.
  case read
  /// A room created on another node (or one this node has not loaded yet): load it.
  case load

  public static func decide(_ notice: RoomNotice, held: Int64?) -> RoomNoticeDecision {
    guard let held else { return .load }
    return notice.seq > held ? .read : .ignore
  }
}

/// Whether a room read from the store replaces the one a node holds.
public enum RoomAdoption: Sendable, Equatable {
  case keep
  /// Take the stored room; `queueChanged`: listeners need the full state (with `queue`).
  case adopt(queueChanged: Bool)

  public static func decide(held: RoomRecord, stored: RoomRecord) -> RoomAdoption {
    // A read that raced a newer local commit (or a second notice for the same change) must not
    // take the room back in time.
    guard stored.seq > held.seq else { return .keep }
    return .adopt(queueChanged: stored.queue != held.queue)
  }
}
