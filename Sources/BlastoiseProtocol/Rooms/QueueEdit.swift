/// One edit of an ordered list of track IDs (a room's queue or a playlist), by position.
/// Duplicates are allowed, so entries are named by where they are, never by ID. Clients send
/// it as a `ListEditRequest`; the server applies it with `QueueEditor` (BlastoiseCore).
public enum QueueEdit: Sendable, Equatable {
  case set([String])
  /// Insert before position `insertAt` (nil: append).
  case add([String], insertAt: Int?)
  case remove([Int])
  /// Take the entries at these positions (in the order given) and put them at `to` in the list
  /// that remains.
  case move([Int], to: Int)
}

extension ListEditRequest {
  /// The body for one edit: exactly one operation.
  public init(_ edit: QueueEdit) {
    switch edit {
    case .set(let ids): self.init(set: ids)
    case .add(let ids, let insertAt): self.init(add: ids, insertAt: insertAt)
    case .remove(let positions): self.init(remove: positions)
    case .move(let positions, let to): self.init(move: positions, to: to)
    }
  }
}
