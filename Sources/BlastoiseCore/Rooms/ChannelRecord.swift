import BlastoiseSync

/// A room as stored: identity, queue of track IDs (duplicates allowed) and its clock.
public struct ChannelRecord: Sendable, Equatable {
  public let id: String
  public var name: String
  public var description: String
  public let createdBy: Int?
  public let isDefault: Bool
  public var queue: [String]
  public var clock: ChannelClock
  /// Increases with every change; clients drop states older than the last they saw.
  public var seq: Int64

  public init(
    id: String, name: String, description: String, createdBy: Int?, isDefault: Bool, queue: [String],
    clock: ChannelClock, seq: Int64
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
public protocol ChannelStore: Sendable {
  func channels() throws -> [ChannelRecord]
  func insert(_ channel: ChannelRecord) throws
  /// Writes the whole record (the API acknowledges only after this returns).
  func save(_ channel: ChannelRecord) throws
  func delete(id: String) throws
}
