/// Request bodies as the client writes them. (The `BlastoiseProtocol` request types are the
/// server's strict decoders; these only encode.)
struct NameBody: Encodable {
  var name: String?
  var description: String?
}

struct PlaylistChangesBody: Encodable {
  var name: String?
  var description: String?
  var isPublic: Bool?
}

struct IndexBody: Encodable { var index: Int }
struct TimestampBody: Encodable { var timestamp: Double }
struct ModeBody: Encodable { var mode: String }
struct URLBody: Encodable { var url: String }

/// One edit of a room queue or a playlist, by position (duplicates allowed).
public enum ListEdit: Sendable, Equatable {
  /// Replace everything.
  case set([String])
  /// Insert track IDs at `insertAt` (the end when nil).
  case add([String], insertAt: Int?)
  /// Remove the entries at these positions.
  case remove([Int])
  /// Move the entries at these positions so that they start at `to`.
  case move([Int], to: Int)
}

extension ListEdit: Encodable {
  enum CodingKeys: String, CodingKey { case set, add, insertAt, remove, move, to }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .set(let ids): try container.encode(ids, forKey: .set)
    case .add(let ids, let insertAt):
      try container.encode(ids, forKey: .add)
      try container.encodeIfPresent(insertAt, forKey: .insertAt)
    case .remove(let positions): try container.encode(positions, forKey: .remove)
    case .move(let positions, let to):
      try container.encode(positions, forKey: .move)
      try container.encode(to, forKey: .to)
    }
  }
}
