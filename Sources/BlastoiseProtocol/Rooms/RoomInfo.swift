/// A room in `GET /api/channels` and `channel_list` messages.
public struct RoomInfo: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  public var description: String
  public var trackCount: Int
  public var listenerCount: Int
  public var listeners: [String]
  public var isDefault: Bool
  public var createdBy: Int?
  /// Additive: the track the room is in (its card shows it); absent when the queue is empty.
  public var nowPlaying: Track?
  /// Additive, with `nowPlaying`: whether the room is paused there.
  public var paused: Bool?
  /// Additive: the room is private (only those it lets in see it listed).
  public var isPrivate: Bool?

  public init(
    id: String, name: String, description: String, trackCount: Int, listenerCount: Int, listeners: [String],
    isDefault: Bool, createdBy: Int?, nowPlaying: Track? = nil, paused: Bool? = nil, isPrivate: Bool? = nil
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.trackCount = trackCount
    self.listenerCount = listenerCount
    self.listeners = listeners
    self.isDefault = isDefault
    self.createdBy = createdBy
    self.nowPlaying = nowPlaying
    self.paused = paused
    self.isPrivate = isPrivate
  }

  enum CodingKeys: String, CodingKey {
    case id, name, description, trackCount, listenerCount, listeners, isDefault, createdBy, nowPlaying, paused,
      isPrivate
  }

  /// `createdBy` is `null` for the default room, never left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(trackCount, forKey: .trackCount)
    try container.encode(listenerCount, forKey: .listenerCount)
    try container.encode(listeners, forKey: .listeners)
    try container.encode(isDefault, forKey: .isDefault)
    try container.encode(createdBy, forKey: .createdBy)
    try container.encodeIfPresent(nowPlaying, forKey: .nowPlaying)
    try container.encodeIfPresent(paused, forKey: .paused)
    try container.encodeIfPresent(isPrivate, forKey: .isPrivate)
  }
}
