/// A change to a room that other nodes may change too: applied to the room as this node holds
/// it, written only if the stored `seq` is still the one it started from; when another node
/// wrote first, the change is applied again to what that node wrote. So every seq is written
/// once, from the state of the seq before it — one history, `seq` strictly increasing.
public enum RoomCompareAndSet {
  /// Tries in all before the action is answered 503. Each lost try means another node's change
  /// committed; a node applies its own changes to a room one at a time, so this is only reached
  /// when other nodes commit 32 changes to one room while this one reads it again each time.
  public static let attempts = 32

  public struct Outcome: Sendable {
    public var room: Room
    /// The room was read again: changes of other nodes are part of `room`.
    public var reloaded: Bool
  }

  /// `write(record, base)` writes `record` if the stored seq is `base` and says whether it did;
  /// `reload()` reads the stored room (nil: deleted).
  public static func commit(
    _ held: Room, attempts: Int = attempts, isolation: isolated (any Actor)? = #isolation,
    change: (inout Room) throws -> Void,
    write: (RoomRecord, Int64) async throws -> Bool,
    reload: () async throws -> RoomRecord?
  ) async throws -> Outcome {
    var base = held
    var reloaded = false
    for _ in 0..<max(1, attempts) {
      var next = base
      try change(&next)
      if try await write(next.record, base.record.seq) { return Outcome(room: next, reloaded: reloaded) }
      guard let stored = try await reload() else { throw CoreError(.notFound, "No such room") }
      base = Room(record: stored)
      reloaded = true
    }
    throw CoreError(.unavailable, "The room is changing too fast; try again")
  }
}
