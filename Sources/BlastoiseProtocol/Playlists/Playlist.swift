/// A playlist on the wire (`Playlist` in the seed). Times are milliseconds since the epoch.
public struct Playlist: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  public var description: String
  public var ownerId: Int
  public var ownerName: String
  public var isPublic: Bool
  public var shareToken: String?
  public var trackIds: [String]
  public var createdAt: Int64
  public var updatedAt: Int64

  public init(
    id: String, name: String, description: String, ownerId: Int, ownerName: String, isPublic: Bool,
    shareToken: String?, trackIds: [String], createdAt: Int64, updatedAt: Int64
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.ownerId = ownerId
    self.ownerName = ownerName
    self.isPublic = isPublic
    self.shareToken = shareToken
    self.trackIds = trackIds
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  enum CodingKeys: String, CodingKey {
    case id, name, description, ownerId, ownerName, isPublic, shareToken, trackIds, createdAt, updatedAt
  }

  /// `shareToken` is `null` when not shared, never left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(ownerId, forKey: .ownerId)
    try container.encode(ownerName, forKey: .ownerName)
    try container.encode(isPublic, forKey: .isPublic)
    try container.encode(shareToken, forKey: .shareToken)
    try container.encode(trackIds, forKey: .trackIds)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
  }
}

/// `GET /api/playlists`: the caller's own, and those shared with them.
public struct PlaylistBundle: Codable, Sendable, Equatable {
  public var mine: [Playlist]
  public var shared: [Playlist]

  public init(mine: [Playlist], shared: [Playlist]) {
    self.mine = mine
    self.shared = shared
  }
}

/// `PATCH /api/playlists/:id`.
public struct PlaylistChanges: Codable, Sendable, Equatable {
  public var name: String?
  public var description: String?
  public var isPublic: Bool?

  public init(name: String? = nil, description: String? = nil, isPublic: Bool? = nil) {
    self.name = name
    self.description = description
    self.isPublic = isPublic
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case name, description, isPublic }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    isPublic = try container.decodeIfPresent(Bool.self, forKey: .isPublic)
  }
}
