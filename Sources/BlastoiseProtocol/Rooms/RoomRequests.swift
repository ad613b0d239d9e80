/// `POST /api/channels`, `PATCH /api/channels/:id`, and playlists: `{ name, description? }`.
public struct NameAndDescription: Codable, Sendable {
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

public struct JumpRequest: Codable, Sendable { public var index: Int }
public struct SeekRequest: Codable, Sendable { public var timestamp: Double }
public struct ModeRequest: Codable, Sendable { public var mode: String }

/// `PATCH …/queue` and `…/tracks`: exactly one of `set`, `add` (+ `insertAt`), `remove`,
/// `move` (+ `to`).
public struct ListEditRequest: Codable, Sendable {
  public var set: [String]?
  public var add: [String]?
  public var insertAt: Int?
  public var remove: [Int]?
  public var move: [Int]?
  public var to: Int?

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
public struct QueueResponse: Codable, Sendable {
  public var success = true
  public var queueLength: Int
  public init(queueLength: Int) { self.queueLength = queueLength }
}

public struct ModeResponse: Codable, Sendable {
  public var success = true
  public var playbackMode: String
  public init(playbackMode: String) { self.playbackMode = playbackMode }
}
