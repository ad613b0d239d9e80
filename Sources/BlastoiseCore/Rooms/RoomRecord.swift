import BlastoiseSync

/// A room as stored: identity, queue of track IDs (duplicates allowed) and its clock.
public struct RoomRecord: Sendable, Equatable {
  public let id: String
  public var name: String
  public var description: String
  public let createdBy: Int?
  public let isDefault: Bool
  public var queue: [String]
  public var clock: RoomClock
  /// Increases with every change; clients drop states older than the last they saw.
  public var seq: Int64
  /// Who may control the room besides admins (`RoomControlRule`); `djs` are user IDs.
  public var controlMode: RoomControlMode
  public var djs: [Int]
  /// Who added each queue entry (a username; nil when unknown), one per entry of `queue`.
  public var addedBy: [String?]
  /// Set, the room is private: only its owner, its DJs, admins and whoever presents this token
  /// (`RoomAccessRule`) may enter or see it. A new token revokes the old one.
  public var inviteToken: String?

  public init(
    id: String, name: String, description: String, createdBy: Int?, isDefault: Bool, queue: [String],
    clock: RoomClock, seq: Int64, controlMode: RoomControlMode = .everyone, djs: [Int] = [],
    addedBy: [String?] = [], inviteToken: String? = nil
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.createdBy = createdBy
    self.isDefault = isDefault
    self.queue = queue
    self.clock = clock
    self.seq = seq
    self.controlMode = controlMode
    self.djs = djs
    // Kept aligned with the queue whatever was stored.
    self.addedBy = (addedBy + Array(repeating: nil, count: max(0, queue.count - addedBy.count))).prefix(queue.count)
      .map { $0 }
    self.inviteToken = inviteToken
  }

  public var isPrivate: Bool { inviteToken != nil }
}

/// What rooms need from storage.
public protocol RoomStore: Sendable {
  func rooms() async throws -> [RoomRecord]
  /// One room as stored now; nil when there is none (deleted, perhaps by another node).
  func room(id: String) async throws -> RoomRecord?
  func insert(_ room: RoomRecord) async throws
  /// Writes the whole record if the stored one still has seq `base` (compare-and-set: another
  /// node may have changed the room meanwhile); false when it did not, and nothing was written.
  /// The API acknowledges a change only after this returned true.
  func save(_ room: RoomRecord, replacing base: Int64) async throws -> Bool
  func delete(id: String) async throws
}
