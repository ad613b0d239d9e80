/// `POST /api/channels`, `PATCH /api/channels/:id`, and playlists: `{ name, description? }`.
public struct NameAndDescription: Codable, Sendable, Equatable {
  public var name: String?
  public var description: String?

  enum CodingKeys: String, CodingKey, CaseIterable { case name, description }

  public init(name: String?, description: String?) {
    self.name = name
    self.description = description
  }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description)
  }
}

/// `PATCH /api/channels/:id`: any of `name`, `description`, `controlMode` ("everyone", "djs",
/// "owner"), `djs` (user IDs; replaces the list) and `isPrivate` (true: joinable with the invite
/// token only, a new one made; false: open to everyone). Absent fields stay as they are.
public struct RoomUpdateRequest: Codable, Sendable, Equatable {
  public var name: String?
  public var description: String?
  public var controlMode: String?
  public var djs: [Int]?
  public var isPrivate: Bool?

  enum CodingKeys: String, CodingKey, CaseIterable { case name, description, controlMode, djs, isPrivate }

  public init(
    name: String? = nil, description: String? = nil, controlMode: String? = nil, djs: [Int]? = nil,
    isPrivate: Bool? = nil
  ) {
    self.name = name
    self.description = description
    self.controlMode = controlMode
    self.djs = djs
    self.isPrivate = isPrivate
  }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    controlMode = try container.decodeIfPresent(String.self, forKey: .controlMode)
    djs = try container.decodeIfPresent([Int].self, forKey: .djs)
    isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate)
  }
}

/// `POST /api/channels/:id/invite`'s answer: the private room's new invite token (the link is
/// `#/room/<id>?invite=<token>` in the web app).
public struct RoomInviteResponse: Codable, Sendable, Equatable {
  public var inviteToken: String
  public init(inviteToken: String) { self.inviteToken = inviteToken }
}

/// `POST …/jump { index }`, `…/seek { timestamp }` (seconds), `…/mode { mode }`. Unlike the
/// other bodies these never refused unknown keys, and still do not.
public struct JumpRequest: Codable, Sendable, Equatable {
  public var index: Int
  public init(index: Int) { self.index = index }
}

public struct SeekRequest: Codable, Sendable, Equatable {
  public var timestamp: Double
  public init(timestamp: Double) { self.timestamp = timestamp }
}

public struct ModeRequest: Codable, Sendable, Equatable {
  public var mode: String
  public init(mode: String) { self.mode = mode }
}

/// `PATCH …/queue` and `…/tracks`: exactly one of `set`, `add` (+ `insertAt`), `remove`,
/// `move` (+ `to`).
public struct ListEditRequest: Codable, Sendable, Equatable {
  public var set: [String]?
  public var add: [String]?
  public var insertAt: Int?
  public var remove: [Int]?
  public var move: [Int]?
  public var to: Int?

  public init(
    set: [String]? = nil, add: [String]? = nil, insertAt: Int? = nil, remove: [Int]? = nil, move: [Int]? = nil,
    to: Int? = nil
  ) {
    self.set = set
    self.add = add
    self.insertAt = insertAt
    self.remove = remove
    self.move = move
    self.to = to
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case set, add, insertAt, remove, move, to }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    set = try container.decodeIfPresent([String].self, forKey: .set)
    add = try container.decodeIfPresent([String].self, forKey: .add)
    insertAt = try container.decodeIfPresent(Int.self, forKey: .insertAt)
    remove = try container.decodeIfPresent([Int].self, forKey: .remove)
    move = try container.decodeIfPresent([Int].self, forKey: .move)
    to = try container.decodeIfPresent(Int.self, forKey: .to)
  }
}

/// `{ success, queueLength }` and `{ success, playbackMode }`, as the seed's clients decode them.
public struct QueueResponse: Codable, Sendable, Equatable {
  public var success = true
  public var queueLength: Int
  public init(queueLength: Int) { self.queueLength = queueLength }
}

public struct ModeResponse: Codable, Sendable, Equatable {
  public var success = true
  public var playbackMode: String
  public init(playbackMode: String) { self.playbackMode = playbackMode }
}
