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

  public init(
    id: String, name: String, description: String, createdBy: Int?, isDefault: Bool, queue: [String],
    clock: RoomClock, seq: Int64
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.createdBy = createdBy
    self.isDefault = isDefault
    self.queue = queue
    self.clock = clock
    self.seq = seq
  }
}

/// What rooms need from storage.
public protocol RoomStore: Sendable {
  func channels() throws -> [RoomRecord]
  func insert(_ channel: RoomRecord) throws
  /// Writes the whole record (the API acknowledges only after this returns).
  func save(_ channel: RoomRecord) throws
  func delete(id: String) throws
}
