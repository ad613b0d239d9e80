import BlastoiseCore
import BlastoiseProtocol

/// People the room's owner or an admin took out of the room, and until when they may not come
/// back (by account; a guest by session), on this node.
struct RoomRemovals {
  var until: [String: Double] = [:]
}

extension RoomActor {
  /// How long someone removed stays out.
  static let removalSeconds = 600.0

  /// `{ action: "remove_listener", name }`: the owner or an admin takes a person (every socket of
  /// theirs here) out of the room; the directory moves them to the main room. Answers who left.
  func remove(named name: String, by principal: Principal) throws(CoreError) -> [RoomListener] {
    guard !room.record.isDefault else { throw CoreError.invalid("Nobody can be removed from the main room") }
    let isOwner = principal.role != .guest && room.record.createdBy == principal.userID
    guard isOwner || principal.role == .admin else {
      throw CoreError(.forbidden, "Only the room's owner or an admin can remove someone")
    }
    let leaving = listeners.values.filter { $0.principal.username == name }
    guard !leaving.isEmpty else { throw CoreError(.notFound, "\(name) is not in this room") }
    guard !leaving.contains(where: { Self.voter($0.principal) == Self.voter(principal) }) else {
      throw CoreError.invalid("You cannot remove yourself")
    }
    let until = clock.now() + Self.removalSeconds
    for listener in leaving {
      removals.until[Self.voter(listener.principal)] = until
      leave(listener.connection)
    }
    removals.until = removals.until.filter { $0.value > clock.now() }
    tell(.removed(name), by: principal)
    return leaving
  }

  /// Whether `principal` was removed from this room a short while ago.
  func refuses(_ principal: Principal) -> Bool {
    (removals.until[Self.voter(principal)] ?? 0) > clock.now()
  }
}
